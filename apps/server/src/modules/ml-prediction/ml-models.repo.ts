import { desc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { inTransaction } from '../../db/transaction.js';
import { mlModels as M } from './ml-model.schema.js';

export type MlModelRow = typeof M.$inferSelect;
/** A version without its weights: what the admin screen lists. */
export type MlModelSummaryRow = Omit<MlModelRow, 'weights'>;

const { weights: _weights, ...summaryColumns } = getTableColumns(M);

/** The module's own table: versions, their training state, and the active one. */
export function createMlModelsRepo(db: Database) {
  return {
    /** A new version numbered after the highest (a clash of two at once is retried). */
    async insertNext(
      values: Omit<typeof M.$inferInsert, 'version' | 'state'>,
    ): Promise<MlModelSummaryRow> {
      return inTransaction(db, async (tx) => {
        const [next] = await tx
          .select({ version: sql<number>`coalesce(max(${M.version}), 0) + 1` })
          .from(M);
        const [row] = await tx
          .insert(M)
          .values({ ...values, version: Number(next!.version), state: 'Queued' })
          .returning(summaryColumns);
        return row!;
      });
    },
    async list(): Promise<MlModelSummaryRow[]> {
      return db.select(summaryColumns).from(M).orderBy(desc(M.version));
    },
    async find(version: number): Promise<MlModelSummaryRow | undefined> {
      const [row] = await db.select(summaryColumns).from(M).where(eq(M.version, version));
      return row;
    },
    /** The active version with its weights, if any. */
    async active(): Promise<MlModelRow | undefined> {
      const [row] = await db.select().from(M).where(eq(M.isActive, true));
      return row;
    },
    async update(version: number, values: Partial<typeof M.$inferInsert>): Promise<void> {
      await db.update(M).set(values).where(eq(M.version, version));
    },
    /** Makes `version` the only active one, in one transaction. */
    async activate(version: number): Promise<void> {
      await inTransaction(db, async (tx) => {
        await tx.update(M).set({ isActive: false }).where(eq(M.isActive, true));
        await tx.update(M).set({ isActive: true }).where(eq(M.version, version));
      });
    },
  };
}
