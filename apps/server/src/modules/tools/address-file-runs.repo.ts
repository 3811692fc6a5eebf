import { and, eq, inArray, isNotNull, lt } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { addressFileRuns } from './address-file-run.schema.js';

export type AddressFileRunRow = typeof addressFileRuns.$inferSelect;
type NewAddressFileRun = typeof addressFileRuns.$inferInsert;

const R = addressFileRuns;

export function createAddressFileRunsRepo(db: Database) {
  return {
    async insert(values: NewAddressFileRun): Promise<AddressFileRunRow> {
      const [row] = await db.insert(R).values(values).returning();
      return row!;
    },
    async find(id: string): Promise<AddressFileRunRow | undefined> {
      const [row] = await db.select().from(R).where(eq(R.id, id));
      return row;
    },
    async update(id: string, values: Partial<NewAddressFileRun>): Promise<void> {
      await db.update(R).set(values).where(eq(R.id, id));
    },
    /**
     * Progress of a Running run only: a second delivery of the command (a worker taken for dead)
     * must not write its partial count over a run the first delivery has finished.
     */
    async updateProgress(id: string, progress: number, rowCount: number): Promise<void> {
      await db
        .update(R)
        .set({ progress, rowCount })
        .where(and(eq(R.id, id), eq(R.state, 'Running')));
    },
    /** Finished runs (Ready or Error) that finished before `cutoff`, oldest first. */
    async finishedBefore(cutoff: Date, limit: number): Promise<AddressFileRunRow[]> {
      return db
        .select()
        .from(R)
        .where(and(isNotNull(R.finishedAt), lt(R.finishedAt, cutoff)))
        .orderBy(R.finishedAt)
        .limit(limit);
    },
    async deleteMany(ids: string[]): Promise<void> {
      if (ids.length) await db.delete(R).where(inArray(R.id, ids));
    },
  };
}
