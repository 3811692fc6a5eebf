import { and, desc, eq, max, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { inTransaction } from '../../db/transaction.js';
import { analysisRulesets, rulesetDryRuns } from './ruleset.schema.js';

export type RulesetKind = 'confidence' | 'scoring';
export type RulesetRow = typeof analysisRulesets.$inferSelect;
export type DryRunRow = typeof rulesetDryRuns.$inferSelect;

const lockKind = (tx: Database, kind: RulesetKind) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`ruleset-versions:${kind}`}))`);
const byVersion = (kind: RulesetKind, versionNumber: number) =>
  and(eq(analysisRulesets.kind, kind), eq(analysisRulesets.versionNumber, versionNumber));

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
    /** A draft under the next free version number (numbers are never reused). */
    async createDraft(
      kind: RulesetKind,
      values: (
        number: number,
      ) => Omit<typeof analysisRulesets.$inferInsert, 'kind' | 'versionNumber'>,
    ): Promise<RulesetRow> {
      return inTransaction(db, async (tx) => {
        await lockKind(tx, kind);
        const [top] = await tx
          .select({ n: max(analysisRulesets.versionNumber) })
          .from(analysisRulesets)
          .where(eq(analysisRulesets.kind, kind));
        const versionNumber = (top?.n ?? 0) + 1;
        const [row] = await tx
          .insert(analysisRulesets)
          .values({ kind, versionNumber, ...values(versionNumber), isDraft: true })
          .returning();
        return row!;
      });
    },
    /** Changes a draft; undefined when the version is not (or no longer) a draft. */
    async updateDraft(
      kind: RulesetKind,
      versionNumber: number,
      values: Pick<RulesetRow, 'name' | 'description' | 'ruleset' | 'updatedBy'>,
    ): Promise<RulesetRow | undefined> {
      const [row] = await db
        .update(analysisRulesets)
        .set({ ...values, updatedAt: new Date() })
        .where(and(byVersion(kind, versionNumber), eq(analysisRulesets.isDraft, true)))
        .returning();
      return row;
    },
    async deleteDraft(kind: RulesetKind, versionNumber: number): Promise<boolean> {
      const rows = await db
        .delete(analysisRulesets)
        .where(and(byVersion(kind, versionNumber), eq(analysisRulesets.isDraft, true)))
        .returning({ n: analysisRulesets.versionNumber });
      return rows.length > 0;
    },
    /**
     * The draft becomes an immutable version and the only active one of its kind, in one
     * transaction (`check` may refuse it, e.g. when it no longer validates; `after` writes the
     * audit entry with it). Undefined when the version is not a draft.
     */
    async activate(
      kind: RulesetKind,
      versionNumber: number,
      check: (draft: RulesetRow) => void,
      after: (
        activated: RulesetRow,
        previous: RulesetRow | undefined,
        tx: Database,
      ) => Promise<void>,
    ): Promise<RulesetRow | undefined> {
      return inTransaction(db, async (tx) => {
        await lockKind(tx, kind);
        const [draft] = await tx
          .select()
          .from(analysisRulesets)
          .where(byVersion(kind, versionNumber));
        if (!draft?.isDraft) return undefined;
        check(draft);
        const [previous] = await tx
          .update(analysisRulesets)
          .set({ isActive: false })
          .where(and(eq(analysisRulesets.kind, kind), eq(analysisRulesets.isActive, true)))
          .returning();
        const [row] = await tx
          .update(analysisRulesets)
          .set({ isDraft: false, isActive: true, activatedAt: new Date() })
          .where(byVersion(kind, versionNumber))
          .returning();
        await after(row!, previous, tx);
        return row!;
      });
    },

    async insertDryRun(values: typeof rulesetDryRuns.$inferInsert): Promise<DryRunRow> {
      const [row] = await db.insert(rulesetDryRuns).values(values).returning();
      return row!;
    },
    async dryRun(kind: RulesetKind, id: string): Promise<DryRunRow | undefined> {
      const [row] = await db
        .select()
        .from(rulesetDryRuns)
        .where(and(eq(rulesetDryRuns.id, id), eq(rulesetDryRuns.kind, kind)));
      return row;
    },
    async dryRunById(id: string): Promise<DryRunRow | undefined> {
      const [row] = await db.select().from(rulesetDryRuns).where(eq(rulesetDryRuns.id, id));
      return row;
    },
    async updateDryRun(id: string, values: Partial<DryRunRow>): Promise<void> {
      await db.update(rulesetDryRuns).set(values).where(eq(rulesetDryRuns.id, id));
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
        // A draft (or a version someone made) may hold the shipped number: then nothing changes.
        const inserted = await tx
          .insert(analysisRulesets)
          .values({ kind, ...values, isActive: false, createdBy: SHIPPED })
          .onConflictDoNothing()
          .returning({ versionNumber: analysisRulesets.versionNumber });
        if (inserted.length === 0 || (active && !upgrade)) return;
        if (active)
          await tx
            .update(analysisRulesets)
            .set({ isActive: false })
            .where(byVersion(kind, active.versionNumber));
        await tx
          .update(analysisRulesets)
          .set({ isActive: true })
          .where(byVersion(kind, values.versionNumber));
      });
    },
  };
}

const SHIPPED = 'shipped default';
