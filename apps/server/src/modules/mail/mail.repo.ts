import { desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { mailOutbox } from './outbox.schema.js';

export type OutboxRow = typeof mailOutbox.$inferSelect;

export function createMailRepo(db: Database) {
  return {
    async insert(row: typeof mailOutbox.$inferInsert): Promise<OutboxRow> {
      const [created] = await db.insert(mailOutbox).values(row).returning();
      return created!;
    },
    async markSent(id: number, at: Date): Promise<void> {
      await db.update(mailOutbox).set({ sentAt: at, error: null }).where(eq(mailOutbox.id, id));
    },
    async markFailed(id: number, error: string): Promise<void> {
      await db.update(mailOutbox).set({ error }).where(eq(mailOutbox.id, id));
    },
    listLatest(limit: number): Promise<OutboxRow[]> {
      return db.select().from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(limit);
    },
  };
}
