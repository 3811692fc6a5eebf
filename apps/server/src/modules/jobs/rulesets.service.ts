import type { ConfidenceRuleset, ScoringRuleset } from '@b2b/contract';
import type { Database } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import {
  defaultConfidenceRuleset,
  parseConfidenceRuleset,
} from '../../engine/matching/confidence-ruleset.js';
import {
  defaultScoringRuleset,
  parseScoringRuleset,
} from '../../engine/scoring/scoring-ruleset.js';
import { type RulesetKind, type RulesetRow, createRulesetsRepo } from './rulesets.repo.js';

function present<R>(row: RulesetRow, ruleset: R) {
  return {
    versionNumber: row.versionNumber,
    name: row.name,
    description: row.description,
    isActive: row.isActive,
    createdAt: row.createdAt.toISOString(),
    createdBy: row.createdBy,
    ruleset,
  };
}

/**
 * Confidence and scoring rulesets as stored versions (read-only for now; editing comes later).
 * The engine's shipped defaults are stored as version 1 at start.
 */
export function createRulesetsService(db: Database) {
  const repo = createRulesetsRepo(db);

  let defaultsStored = false;
  /** The shipped defaults are stored on first use, so a fresh database has version 1 active. */
  async function ensureDefaults(): Promise<void> {
    if (defaultsStored) return;
    for (const [kind, ruleset] of [
      ['confidence', defaultConfidenceRuleset()],
      ['scoring', defaultScoringRuleset()],
    ] as const) {
      await repo.ensureDefault(kind, {
        versionNumber: ruleset.version,
        name: ruleset.name,
        description: ruleset.description,
        ruleset,
      });
    }
    defaultsStored = true;
  }

  async function row(kind: RulesetKind, versionNumber?: number): Promise<RulesetRow> {
    await ensureDefaults();
    const found =
      versionNumber === undefined
        ? await repo.active(kind)
        : await repo.version(kind, versionNumber);
    if (!found) {
      throw versionNumber === undefined
        ? AppError.conflict(`No ${kind} ruleset is active.`)
        : AppError.notFound(`No ${kind} ruleset version ${versionNumber}.`);
    }
    return found;
  }

  return {
    ensureDefaults,
    async list(kind: RulesetKind) {
      await ensureDefaults();
      return (await repo.list(kind)).map(({ ruleset: _ruleset, ...r }) => {
        const { ruleset: _none, ...summary } = present({ ...r, ruleset: null }, null);
        return summary;
      });
    },
    async confidence(versionNumber?: number) {
      const r = await row('confidence', versionNumber);
      return present(r, parseConfidenceRuleset(r.ruleset));
    },
    async scoring(versionNumber?: number) {
      const r = await row('scoring', versionNumber);
      return present(r, parseScoringRuleset(r.ruleset));
    },
    async confidenceRuleset(versionNumber?: number): Promise<ConfidenceRuleset> {
      return (await this.confidence(versionNumber)).ruleset;
    },
    async scoringRuleset(versionNumber?: number): Promise<ScoringRuleset> {
      return (await this.scoring(versionNumber)).ruleset;
    },
  };
}
export type RulesetsService = ReturnType<typeof createRulesetsService>;
