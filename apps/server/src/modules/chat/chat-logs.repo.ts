import type { ChatSource } from '@b2b/contract';
import { and, asc, count, desc, eq, lt, max, min, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { queryRows } from '../../db/transaction.js';
import { chatConversations, chatLogs } from './chat-log.schema.js';

export type ChatLogRow = typeof chatLogs.$inferSelect;
export type NewChatLog = Omit<typeof chatLogs.$inferInsert, 'id' | 'createdAt'> & {
  sources: ChatSource[];
};

/** Rows one retention statement deletes, so a big clean-up never holds long locks. */
const RETENTION_BATCH = 5000;

export function createChatLogsRepo(db: Database) {
  /** The exchange's insert as a WITH query, for the statement that also writes its conversation. */
  const insertedLog = (log: NewChatLog) =>
    db
      .$with('inserted')
      .as(db.insert(chatLogs).values(log).returning({ createdAt: chatLogs.createdAt }));

  return {
    /**
     * The owner of a conversation, creating it for `userId` when it does not exist yet. Two
     * first questions racing on one new id both see the same single owner.
     */
    async claimConversation(id: string, userId: string): Promise<string> {
      const [row] = await queryRows<{ user_id: string }>(
        db,
        sql`with created as (
              insert into chat_conversations (id, user_id) values (${id}, ${userId}::uuid)
              on conflict (id) do nothing
              returning user_id)
            select user_id from created
            union all
            select user_id from chat_conversations where id = ${id}
            limit 1`,
      );
      return row!.user_id;
    },

    async findConversation(id: string) {
      const [row] = await db.select().from(chatConversations).where(eq(chatConversations.id, id));
      return row;
    },

    async insertLog(log: NewChatLog): Promise<void> {
      // One statement: the exchange, and the conversation's last-message time.
      const inserted = insertedLog(log);
      await db
        .with(inserted)
        .update(chatConversations)
        .set({ lastMessageAt: sql`(select ${inserted.createdAt} from ${inserted})` })
        .where(eq(chatConversations.id, log.conversationId));
    },

    /**
     * A new conversation's first exchange: the conversation (started and last written at the
     * exchange's time) and the exchange in one statement. A question without a conversation
     * gets a fresh id no one else can hold, so it needs no claim beforehand — a round trip
     * fewer for most questions.
     */
    async insertFirstLog(log: NewChatLog): Promise<void> {
      const inserted = insertedLog(log);
      await db
        .with(inserted)
        .insert(chatConversations)
        .select(
          db
            .select({
              id: sql<string>`${log.conversationId}::text`.as('id'),
              userId: sql<string>`${log.userId}::uuid`.as('user_id'),
              startedAt: inserted.createdAt,
              lastMessageAt: inserted.createdAt,
            })
            .from(inserted),
        );
    },

    /** Oldest first. */
    async history(conversationId: string, limit: number, offset: number): Promise<ChatLogRow[]> {
      return db
        .select()
        .from(chatLogs)
        .where(eq(chatLogs.conversationId, conversationId))
        .orderBy(asc(chatLogs.createdAt), asc(chatLogs.id))
        .limit(limit)
        .offset(offset);
    },

    /** The latest exchanges, newest first: the turns a model is shown. */
    async latest(conversationId: string, limit: number): Promise<ChatLogRow[]> {
      return db
        .select()
        .from(chatLogs)
        .where(eq(chatLogs.conversationId, conversationId))
        .orderBy(desc(chatLogs.createdAt), desc(chatLogs.id))
        .limit(limit);
    },

    async summary(conversationId: string) {
      const [row] = await db
        .select({
          messageCount: count(),
          startedAt: min(chatLogs.createdAt),
          lastMessageAt: max(chatLogs.createdAt),
        })
        .from(chatLogs)
        .where(eq(chatLogs.conversationId, conversationId));
      return {
        messageCount: Number(row?.messageCount ?? 0),
        startedAt: row?.startedAt ?? null,
        lastMessageAt: row?.lastMessageAt ?? null,
      };
    },

    /** Deletes the conversation and (by cascade) its log; returns the number of exchanges. */
    async deleteConversation(id: string, userId: string): Promise<number | undefined> {
      const [{ n } = { n: 0 }] = await db
        .select({ n: count() })
        .from(chatLogs)
        .where(eq(chatLogs.conversationId, id));
      const removed = await db
        .delete(chatConversations)
        .where(and(eq(chatConversations.id, id), eq(chatConversations.userId, userId)))
        .returning({ id: chatConversations.id });
      return removed.length ? Number(n) : undefined;
    },

    /**
     * Deletes exchanges logged before `cutoff`, in batches, then conversations left without any.
     * Returns the number of exchanges deleted.
     */
    async deleteLogsBefore(cutoff: Date): Promise<{ logs: number; conversations: number }> {
      let logs = 0;
      for (;;) {
        const [row] = await queryRows<{ n: number }>(
          db,
          sql`with gone as (
                delete from chat_logs where id in (
                  select id from chat_logs where created_at < ${cutoff.toISOString()}::timestamptz
                  limit ${RETENTION_BATCH}::int)
                returning 1)
              select count(*)::int as n from gone`,
        );
        const n = Number(row?.n ?? 0);
        logs += n;
        if (n < RETENTION_BATCH) break;
      }
      const emptied = await db
        .delete(chatConversations)
        .where(
          and(
            lt(chatConversations.lastMessageAt, cutoff),
            sql`not exists (select 1 from chat_logs l where l.conversation_id = ${chatConversations.id})`,
          ),
        )
        .returning({ id: chatConversations.id });
      return { logs, conversations: emptied.length };
    },
  };
}
