import { and, eq, inArray, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { mergeLinkedAccounts as A } from './merge-linked-account.schema.js';

export type LinkedAccountRow = typeof A.$inferSelect;

/** The module's own table: linked accounts by id, by magic link, and their updates. */
export function createMergeLinksRepo(db: Database) {
  return {
    async insert(values: typeof A.$inferInsert): Promise<LinkedAccountRow> {
      const [row] = await db.insert(A).values(values).returning();
      return row!;
    },
    async find(id: string): Promise<LinkedAccountRow | undefined> {
      const [row] = await db.select().from(A).where(eq(A.id, id));
      return row;
    },
    /** Connected accounts with a sync schedule (Daily or Weekly): the scheduler's candidates. */
    async scheduled(): Promise<LinkedAccountRow[]> {
      return db
        .select()
        .from(A)
        .where(
          and(
            ne(A.syncSchedule, 'Off'),
            inArray(A.status, ['Linked', 'Failing']),
            isNotNull(A.sealedAccountToken),
          ),
        );
    },
    /** The account a magic link started and that is not connected yet. */
    async pendingOfMagicLink(magicLinkId: string): Promise<LinkedAccountRow | undefined> {
      const [row] = await db
        .select()
        .from(A)
        .where(and(eq(A.magicLinkId, magicLinkId), eq(A.status, 'Pending')));
      return row;
    },
    async update(
      id: string,
      values: Partial<typeof A.$inferInsert>,
    ): Promise<LinkedAccountRow | undefined> {
      const [row] = await db
        .update(A)
        .set({ ...values, updatedAt: sql`now()` })
        .where(eq(A.id, id))
        .returning();
      return row;
    },
    /**
     * Connects a Pending account in one statement: of two completions at once exactly one wins
     * (the other finds no Pending row and stores nothing).
     */
    async connect(
      id: string,
      values: { sealedAccountToken: string; integrationName: string },
    ): Promise<LinkedAccountRow | undefined> {
      const [row] = await db
        .update(A)
        .set({ ...values, status: 'Linked', updatedAt: sql`now()` })
        .where(and(eq(A.id, id), eq(A.status, 'Pending'), isNull(A.sealedAccountToken)))
        .returning();
      return row;
    },
    /** Reference update of every account merged into `fromId`: they now point at `intoId`. */
    async repointMerged(fromId: string, intoId: string) {
      await db.update(A).set({ mergedIntoId: intoId }).where(eq(A.mergedIntoId, fromId));
    },
  };
}
