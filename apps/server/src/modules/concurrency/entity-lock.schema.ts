import { index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../users/user.schema.js';

/**
 * Exclusive write access to one entity: a lease held by one user until `activeUntil`. Rows
 * live in PostgreSQL (not process memory) so every API process sees the same holder.
 */
export const entityLocks = pgTable(
  'entity_locks',
  {
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id').notNull(),
    holderUserId: uuid('holder_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    activeUntil: timestamp('active_until', { withTimezone: true }).notNull(),
    requesterUserId: uuid('requester_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    requestedAt: timestamp('requested_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.entityType, t.entityId] })],
);

/** Who is looking at which entity: refreshed by the page's heartbeat every 3 seconds. */
export const entityActiveUsers = pgTable(
  'entity_active_users',
  {
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
    /** When this visit began: a heartbeat after a gap longer than the active window restarts it. */
    viewingSince: timestamp('viewing_since', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.entityType, t.entityId, t.userId] }),
    index('entity_active_users_seen_idx').on(t.lastSeenAt),
  ],
);
