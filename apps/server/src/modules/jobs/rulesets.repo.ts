import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { analysisRulesets } from './job.schema.js';

export type RulesetKind = 'confidence' | 'scoring';
export type RulesetRow = typeof analysisRulesets.$inferSelect;

/** Versioned rulesets: one row per (kind, version); exactly one active per kind. */
export function createRulesetsRepo(db: Database) {
  return {
    async list(kind: RulesetKind): Promise<RulesetRow[]> {
      return db
        .select()
        .from(analysisRulesets)
        .where(eq(analysisRulesets.kind, kind))
        .orderBy(desc(analysisRulesets.versionNumber));
    },
    async active(kind: RulesetKind): Promise<RulesetRow | undefined> {
      const [row] = await db
        .select()
        .from(analysisRulesets)
        .where(and(eq(analysisRulesets.kind, kind), eq(analysisRulesets.isActive, true)));
      return row;
    },
    async version(kind: RulesetKind, versionNumber: number): Promise<RulesetRow | undefined> {
      const [row] = await db
        .select()
        .from(analysisRulesets)
        .where(
          and(eq(analysisRulesets.kind, kind), eq(analysisRulesets.versionNumber, versionNumber)),
        );
      return row;
    },
    /** Stores the shipped default once; it becomes active only when no version is active yet. */
    async ensureDefault(
      kind: RulesetKind,
      values: { versionNumber: number; name: string; description: string; ruleset: unknown },
    ): Promise<void> {
      const hasActive = (await this.active(kind)) !== undefined;
      await db
        .insert(analysisRulesets)
        .values({ kind, ...values, isActive: !hasActive, createdBy: 'shipped default' })
        .onConflictDoNothing();
    },
  };
}
