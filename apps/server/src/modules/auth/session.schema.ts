import { boolean, index, pgTable, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../users/user.schema.js';

/** Server-side sessions. The cookie carries a random token; only its SHA-256 is stored. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    /** Absolute end of the session, whatever the activity. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    idleAutoLogout: boolean('idle_auto_logout').notNull().default(true),
    /** Roles picked with the role switcher; null means all of the user's roles. */
    activeRoles: text('active_roles').array(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);

/** Single-use magic sign-in links; only the token's SHA-256 is stored. */
export const magicLinks = pgTable('magic_links', {
  tokenHash: text('token_hash').primaryKey(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  callbackUrl: text('callback_url'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

/** Failed sign-ins, counted per username so guessing is throttled across processes. */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull(),
    ipAddress: text('ip_address'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('login_failures_username_at_idx').on(t.username, t.at)],
);
