import { bigserial, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * The audit trail of administrative changes: who did what to which entity, when, with the
 * entity before and after. The actor's username is copied so entries outlive the user.
 */
export const systemLogs = pgTable(
  'system_logs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorUserId: uuid('actor_user_id'),
    actorUsername: text('actor_username').notNull(),
    action: text('action').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id').notNull(),
    entityName: text('entity_name'),
    before: jsonb('before'),
    after: jsonb('after'),
  },
  (t) => [
    index('system_logs_at_idx').on(t.at),
    index('system_logs_entity_idx').on(t.entityType, t.entityId),
    index('system_logs_actor_idx').on(t.actorUsername),
  ],
);
