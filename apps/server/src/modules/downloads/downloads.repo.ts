import { and, desc, eq, gt, inArray, lte, notInArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { networkAnswers, preparedDownloads } from './download.schema.js';

export type PreparedDownloadRow = typeof preparedDownloads.$inferSelect;
export type NewPreparedDownloadRow = typeof preparedDownloads.$inferInsert;
export type NetworkAnswerInsert = typeof networkAnswers.$inferInsert;

const D = preparedDownloads;

/** Prepared downloads (one user's files) and the network answers imported for a job. */
export function createDownloadsRepo(db: Database) {
  return {
    async insert(values: NewPreparedDownloadRow): Promise<PreparedDownloadRow> {
      const [row] = await db.insert(D).values(values).returning();
      return row!;
    },
    async find(id: string): Promise<PreparedDownloadRow | undefined> {
      const [row] = await db.select().from(D).where(eq(D.id, id));
      return row;
    },
    /** A user's downloads not yet expired, newest first (at most 100). */
    listOfUser(userId: string, jobId: string | undefined, now: Date) {
      return db
        .select()
        .from(D)
        .where(
          and(
            eq(D.userId, userId),
            gt(D.expiresAt, now),
            jobId === undefined ? undefined : eq(D.jobId, jobId),
          ),
        )
        .orderBy(desc(D.createdAt), desc(D.id))
        .limit(100);
    },
    /** Up to `limit` downloads expired by `now`; one still being made is left to finish. */
    expired(now: Date, limit: number) {
      return db
        .select({ id: D.id, storageKey: D.storageKey })
        .from(D)
        .where(and(lte(D.expiresAt, now), notInArray(D.state, ['Queued', 'Running'])))
        .limit(limit);
    },
    async deleteMany(ids: string[]) {
      if (ids.length > 0) await db.delete(D).where(inArray(D.id, ids));
    },
    async update(id: string, values: Partial<NewPreparedDownloadRow>) {
      const [row] = await db.update(D).set(values).where(eq(D.id, id)).returning();
      return row;
    },

    /** Stores the answers of one import, replacing earlier answers of the same network. */
    async saveNetworkAnswers(rows: NetworkAnswerInsert[]) {
      if (rows.length === 0) return;
      await db
        .insert(networkAnswers)
        .values(rows)
        .onConflictDoUpdate({
          target: [networkAnswers.jobId, networkAnswers.supplierKey, networkAnswers.network],
          set: {
            status: sql`excluded.status`,
            networkMerchantId: sql`excluded.network_merchant_id`,
            acceptsCard: sql`excluded.accepts_card`,
            mcc: sql`excluded.mcc`,
            importedBy: sql`excluded.imported_by`,
            importedAt: sql`excluded.imported_at`,
          },
        });
    },
    networkAnswers(jobId: string) {
      return db.select().from(networkAnswers).where(eq(networkAnswers.jobId, jobId));
    },
  };
}
