import { index, integer, jsonb, pgTable, real, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../users/user.schema.js';

const tz = (name: string) => timestamp(name, { withTimezone: true });

/** A user's conversation with the assistant; only its owner reads it. */
export const chatConversations = pgTable(
  'chat_conversations',
  {
    /** Chosen by the client (or the server for a first question); up to 100 characters. */
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    startedAt: tz('started_at').notNull().defaultNow(),
    lastMessageAt: tz('last_message_at').notNull().defaultNow(),
  },
  (t) => [index('chat_conversations_last_message_idx').on(t.lastMessageAt)],
);

/** Every exchange: question, answer, sources; deleted after CHAT_RETENTION_DAYS. */
export const chatLogs = pgTable(
  'chat_logs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    conversationId: text('conversation_id')
      .notNull()
      .references(() => chatConversations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    question: text('question').notNull(),
    answer: text('answer').notNull(),
    /** `[{ source, page, content }]` as shown under the answer. */
    sources: jsonb('sources').notNull().default([]),
    /** Seconds. */
    processingTime: real('processing_time').notNull(),
    tokenCount: integer('token_count').notNull(),
    /** `llm`, `extractive`, `nothing-found` or `llm-fallback` (model failed, extractive used). */
    answerMode: text('answer_mode').notNull(),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('chat_logs_conversation_idx').on(t.conversationId, t.createdAt),
    index('chat_logs_created_at_idx').on(t.createdAt),
  ],
);
