import { sql } from 'drizzle-orm';
import { boolean, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../users/user.schema.js';

/**
 * Prompts sent to language models, edited in the analysis-admin AI prompts area. At most one
 * prompt per purpose is active; `shipped` marks the default the product installs.
 */
export const aiPrompts = pgTable(
  'ai_prompts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** What the prompt is for, e.g. `chat-system`. */
    purpose: text('purpose').notNull(),
    name: text('name').notNull(),
    content: text('content').notNull(),
    isActive: boolean('is_active').notNull().default(false),
    shipped: boolean('shipped').notNull().default(false),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    /** Who saved this version, as they were named then (null: shipped with the product). */
    savedByUsername: text('saved_by_username'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ai_prompts_one_active_per_purpose')
      .on(t.purpose)
      .where(sql`${t.isActive}`),
    uniqueIndex('ai_prompts_one_shipped_per_purpose')
      .on(t.purpose)
      .where(sql`${t.shipped}`),
  ],
);
