import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import {
  campaignResponseTokens as T,
  campaignSuppliers as S,
  campaigns as C,
} from './campaign.schema.js';

/** A live link: its campaign and supplier. */
export type LiveLink = {
  tokenHash: string;
  campaignId: string;
  supplierKey: string;
  jobId: string;
  issuerId: string;
  cardProduct: string;
  openedAt: Date | null;
};

/**
 * Response links. A link is live while it is unused, unexpired, its supplier has not ended
 * (answered, failed, closed) and its campaign is Active.
 */
export function createResponsesRepo(db: Database) {
  const live = (hash: string, now: Date) =>
    and(
      eq(T.tokenHash, hash),
      isNull(T.usedAt),
      gt(T.expiresAt, now),
      eq(S.status, 'Active'),
      eq(C.status, 'Active'),
    );
  return {
    async findLive(hash: string, now: Date, tx: Database = db): Promise<LiveLink | undefined> {
      const [row] = await tx
        .select({
          tokenHash: T.tokenHash,
          campaignId: T.campaignId,
          supplierKey: T.supplierKey,
          jobId: C.jobId,
          issuerId: C.issuerId,
          cardProduct: C.cardProduct,
          openedAt: T.openedAt,
        })
        .from(T)
        .innerJoin(S, and(eq(S.campaignId, T.campaignId), eq(S.supplierKey, T.supplierKey)))
        .innerJoin(C, eq(C.id, T.campaignId))
        .where(live(hash, now));
      return row;
    },
    /** Marks the first opening; true when this call was the first. */
    async markOpened(hash: string, now: Date): Promise<boolean> {
      const rows = await db
        .update(T)
        .set({ openedAt: now })
        .where(and(eq(T.tokenHash, hash), isNull(T.openedAt)))
        .returning({ hash: T.tokenHash });
      return rows.length > 0;
    },
    /** Uses the link, once: a concurrent second use matches nothing. */
    async use(hash: string, now: Date, tx: Database): Promise<boolean> {
      const rows = await tx
        .update(T)
        .set({ usedAt: now })
        .where(and(eq(T.tokenHash, hash), isNull(T.usedAt), gt(T.expiresAt, now)))
        .returning({ hash: T.tokenHash });
      return rows.length > 0;
    },
    /** Uses every other link of the supplier too (they ended with this answer). */
    async useAllOf(campaignId: string, supplierKey: string, now: Date, tx: Database) {
      await tx
        .update(T)
        .set({ usedAt: sql`coalesce(${T.usedAt}, ${now.toISOString()}::timestamptz)` })
        .where(and(eq(T.campaignId, campaignId), eq(T.supplierKey, supplierKey)));
    },
  };
}
