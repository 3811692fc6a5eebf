import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../users/user.schema.js';

const tz = (name: string) => timestamp(name, { withTimezone: true });

/**
 * Personal service tokens (issue 21, SPEC §2 DevOps endpoint comparison): another environment
 * of the product calls this one as the token's user, read-only. Only the SHA-256 of the token
 * is stored (as sessions and magic links store theirs), so a database leak yields no token.
 */
export const serviceTokens = pgTable(
  'service_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: tz('created_at').notNull().defaultNow(),
    expiresAt: tz('expires_at').notNull(),
    lastUsedAt: tz('last_used_at'),
    revokedAt: tz('revoked_at'),
  },
  (t) => [
    uniqueIndex('service_tokens_hash_idx').on(t.tokenHash),
    index('service_tokens_user_idx').on(t.userId),
  ],
);

/**
 * Where the other environment is, one row per instance (`key` = 'default'). Its token is
 * sealed with lib/secret-box.ts and never leaves the server.
 */
export const endpointComparisonSettings = pgTable('endpoint_comparison_settings', {
  key: text('key').primaryKey(),
  baseUrl: text('base_url').notNull(),
  sealedToken: text('sealed_token'),
  tokenLabel: text('token_label'),
  updatedAt: tz('updated_at').notNull().defaultNow(),
  updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
});
