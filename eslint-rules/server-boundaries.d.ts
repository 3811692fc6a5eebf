import type { Rule } from 'eslint';

/** Types for the rule written in plain JavaScript (ESLint loads it untranspiled). */
export declare const serverBoundaries: Rule.RuleModule;
