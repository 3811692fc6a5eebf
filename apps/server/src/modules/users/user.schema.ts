import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { brandings } from '../brandings/branding.schema.js';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Lower-case e-mail address; unique. */
    username: text('username').notNull().unique(),
    email: text('email').notNull(),
    displayName: text('display_name').notNull(),
    givenName: text('given_name'),
    surname: text('surname'),
    /** argon2id hash; null for users who sign in only by magic link or OpenID Connect. */
    passwordHash: text('password_hash'),
    idpId: text('idp_id'),
    idProviderName: text('id_provider_name'),
    standardRoles: text('standard_roles')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    tabbedViewRoles: text('tabbed_view_roles')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    explicitPermissions: text('explicit_permissions')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    approved: boolean('approved').notNull().default(false),
    isDeactivated: boolean('is_deactivated').notNull().default(false),
    pending: boolean('pending').notNull().default(false),
    canSwitchRoles: boolean('can_switch_roles').notNull().default(false),
    /** The user's own branding; null inherits their issuer's. */
    brandingId: uuid('branding_id').references(() => brandings.id, { onDelete: 'set null' }),
    agreedTermsVersion: text('agreed_terms_version'),
    agreedPrivacyVersion: text('agreed_privacy_version'),
    lastActivityAt: timestamp('last_activity_at', { withTimezone: true }),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // The four status lists sort by username by default: one partial index per status keeps a
  // page a short index walk however many users there are; the others serve the allowed sorts.
  // NULLS FIRST matches the paged-list engine's order (asc nulls first, desc nulls last, which
  // is the same index read backwards); a mismatch makes PostgreSQL sort every row instead.
  (t) => [
    index('users_active_username_idx')
      .on(t.username.asc().nullsFirst(), t.id)
      .where(sql`not ${t.isDeactivated} and not ${t.pending} and ${t.approved}`),
    index('users_unapproved_username_idx')
      .on(t.username.asc().nullsFirst(), t.id)
      .where(sql`not ${t.isDeactivated} and not ${t.pending} and not ${t.approved}`),
    index('users_pending_username_idx')
      .on(t.username.asc().nullsFirst(), t.id)
      .where(sql`not ${t.isDeactivated} and ${t.pending}`),
    index('users_deactivated_username_idx')
      .on(t.username.asc().nullsFirst(), t.id)
      .where(sql`${t.isDeactivated}`),
    index('users_display_name_idx').on(t.displayName.asc().nullsFirst()),
    index('users_last_activity_idx').on(t.lastActivityAt.asc().nullsFirst()),
    index('users_created_at_idx').on(t.createdAt.asc().nullsFirst()),
    index('users_given_name_idx').on(t.givenName.asc().nullsFirst()),
    index('users_surname_idx').on(t.surname.asc().nullsFirst()),
    index('users_email_domain_idx').on(sql`split_part(${t.username}, '@', 2)`),
  ],
);
