import { and, asc, desc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { sftpInboxFiles, sftpInboxes } from './sftp-inbox.schema.js';

export type SftpInboxRow = typeof sftpInboxes.$inferSelect;
export type NewSftpInboxRow = typeof sftpInboxes.$inferInsert;
export type SftpInboxFileRow = typeof sftpInboxFiles.$inferSelect;

const I = sftpInboxes;
const F = sftpInboxFiles;

/** States a file leaves only by more work: a poll holding the lease picks them up again. */
const UNFINISHED = ['claimed', 'downloaded', 'submitted'];

export function createSftpInboxesRepo(db: Database) {
  return {
    async insert(values: NewSftpInboxRow): Promise<SftpInboxRow> {
      const [row] = await db.insert(I).values(values).returning();
      return row!;
    },
    async update(id: string, values: Partial<NewSftpInboxRow>) {
      const [row] = await db.update(I).set(values).where(eq(I.id, id)).returning();
      return row;
    },
    async find(id: string): Promise<SftpInboxRow | undefined> {
      const [row] = await db.select().from(I).where(eq(I.id, id));
      return row;
    },
    list: () => db.select().from(I).orderBy(asc(I.name), asc(I.id)),
    enabled: () => db.select().from(I).where(eq(I.enabled, true)),

    /**
     * Takes the inbox's poll lease for `owner` (a ProQ command id): free, already this owner's
     * (the same command's retry after its worker died), or expired. False = another poll works.
     */
    async acquireLease(id: string, owner: string, seconds: number): Promise<boolean> {
      const rows = await db
        .update(I)
        .set({ leaseOwner: owner, leaseUntil: sql`now() + make_interval(secs => ${seconds})` })
        .where(
          and(
            eq(I.id, id),
            or(isNull(I.leaseOwner), eq(I.leaseOwner, owner), lt(I.leaseUntil, sql`now()`)),
          ),
        )
        .returning({ id: I.id });
      return rows.length > 0;
    },
    async releaseLease(id: string, owner: string) {
      await db
        .update(I)
        .set({ leaseOwner: null, leaseUntil: null })
        .where(and(eq(I.id, id), eq(I.leaseOwner, owner)));
    },

    /**
     * Claims the files not taken before, in one statement: the unique key (inbox, path, size,
     * modification time) lets exactly one claim win, so a file is never taken twice.
     */
    async claim(
      inboxId: string,
      files: { path: string; sizeBytes: number; modifiedAt: Date }[],
      claimedBy: string,
    ): Promise<SftpInboxFileRow[]> {
      if (files.length === 0) return [];
      return db
        .insert(F)
        .values(
          files.map((f) => ({
            inboxId,
            remotePath: f.path,
            sizeBytes: f.sizeBytes,
            remoteModifiedAt: f.modifiedAt,
            state: 'claimed',
            claimedBy,
          })),
        )
        .onConflictDoNothing()
        .returning();
    },
    /** Files an earlier poll claimed and did not finish (its worker died or a step failed). */
    unfinished: (inboxId: string) =>
      db
        .select()
        .from(F)
        .where(and(eq(F.inboxId, inboxId), inArray(F.state, UNFINISHED)))
        .orderBy(asc(F.claimedAt), asc(F.remotePath)),
    async updateFile(id: string, values: Partial<typeof F.$inferInsert>) {
      const [row] = await db
        .update(F)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(F.id, id))
        .returning();
      return row!;
    },
    recentFiles: (inboxId: string, limit: number) =>
      db
        .select()
        .from(F)
        .where(eq(F.inboxId, inboxId))
        .orderBy(desc(F.claimedAt), asc(F.remotePath))
        .limit(limit),
  };
}
