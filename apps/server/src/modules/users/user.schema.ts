import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { brandings } from '../brandings/branding.schema.js';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Lower-case e-mail address (users_username_lower_case); unique. */
    username: text('username').notNull().unique(),
    email: text('email').notNull(),
    displayName: text('display_name').notNull(),
    givenName: text('given_name'),
    surname: text('surname'),
    /** argon2id hash; null for users who sign in only by magic link or OpenID Connect. */
    passwordHash: text('password_hash'),
    /**
     * The OpenID provider's subject (`sub`) for this user and the provider's issuer identifier
     * (`iss`): single sign-on finds the user by the pair once it is recorded, and by e-mail only
     * to link a user the first time (an e-mail can change or be reassigned at the provider).
     */
    idpId: text('idp_id'),
    idpIssuer: text('idp_issuer'),
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
    /**
     * The listing status (active, unapproved, pending or deactivated) the flags add up to, by the
     * same function the status counts' trigger uses (migration 0009).
     */
    status: text('status')
      .notNull()
      .generatedAlwaysAs(sql`user_listing_status(is_deactivated, pending, approved)`),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // The four status lists (the generated `status`) sort by any of these columns and filter on
  // them: an index led by the status serves each, so a page is a short walk of one status's
  // range and a filter is a range inside it, however many users the other statuses hold.
  // NULLS FIRST and the trailing id match the paged-list engine's order (asc nulls first, then
  // id; desc reads the same index backwards); a mismatch makes PostgreSQL sort every row. The
  // given name, surname and username prefix indexes also INCLUDE the other sortable columns
  // (migration 0021), so a page filtered on them sorts its matches without reading the table.
  (t) => [
    index('users_status_username_idx').on(t.status, t.username.asc().nullsFirst(), t.id),
    index('users_status_display_name_idx').on(t.status, t.displayName.asc().nullsFirst(), t.id),
    index('users_status_given_name_idx').on(t.status, t.givenName.asc().nullsFirst(), t.id),
    index('users_status_surname_idx').on(t.status, t.surname.asc().nullsFirst(), t.id),
    index('users_status_last_activity_idx').on(t.status, t.lastActivityAt.asc().nullsFirst(), t.id),
    index('users_status_created_at_idx').on(t.status, t.createdAt.asc().nullsFirst(), t.id),
    // StartsWith on username within a status: one byte range (paged-query's startsWith).
    index('users_status_username_prefix_idx').on(t.status, t.username.op('text_pattern_ops')),
    // One user per provider subject: the sign-on lookup, and no two users sharing a login.
    uniqueIndex('users_idp_subject_idx').on(t.idpIssuer, t.idpId),
    index('users_email_domain_idx').on(sql`split_part(${t.username}, '@', 2)`),
    // Every way in lower-cases it (UsernameSchema); the list filters rely on it.
    check('users_username_lower_case', sql`${t.username} = lower(${t.username})`),
  ],
);
