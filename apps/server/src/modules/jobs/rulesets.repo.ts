import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { inTransaction } from '../../db/transaction.js';
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
    /**
     * Stores the shipped default once. It becomes active when no version is, or when the active
     * one is an older shipped default (an upgrade brings its better default along; a version
     * someone made stays active).
     */
    async ensureDefault(
      kind: RulesetKind,
      values: { versionNumber: number; name: string; description: string; ruleset: unknown },
    ): Promise<void> {
      await inTransaction(db, async (tx) => {
        // Several API processes start at once: one of them decides, the others then see its row.
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`shipped-ruleset:${kind}`}))`);
        const [active] = await tx
          .select()
          .from(analysisRulesets)
          .where(and(eq(analysisRulesets.kind, kind), eq(analysisRulesets.isActive, true)));
        const upgrade =
          active !== undefined &&
          active.createdBy === SHIPPED &&
          active.versionNumber < values.versionNumber;
        if (upgrade)
          await tx
            .update(analysisRulesets)
            .set({ isActive: false })
            .where(and(eq(analysisRulesets.kind, kind), eq(analysisRulesets.isActive, true)));
        await tx
          .insert(analysisRulesets)
          .values({ kind, ...values, isActive: !active || upgrade, createdBy: SHIPPED })
          .onConflictDoNothing();
      });
    },
  };
}

const SHIPPED = 'shipped default';
