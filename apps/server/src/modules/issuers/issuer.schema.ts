import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { brandings } from '../brandings/branding.schema.js';
import { datapointProfiles } from '../datapoint-profiles/datapoint-profile.schema.js';
import { users } from '../users/user.schema.js';

export const issuers = pgTable(
  'issuers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    issuerKey: text('issuer_key').notNull().unique(),
    scheme: text('scheme').notNull().default('Unknown'),
    language: text('language').notNull().default('en'),
    currency: varchar('currency', { length: 3 }).notNull(),
    fallbackCountryIso3: varchar('fallback_country_iso3', { length: 3 }).notNull().default(''),
    sendMagicLinks: boolean('send_magic_links').notNull().default(false),
    brandingId: uuid('branding_id').references(() => brandings.id, { onDelete: 'set null' }),
    // A profile that goes away leaves the download on the default columns, not a dangling id.
    analysisDataDownloadDatapointProfileId: uuid(
      'analysis_data_download_datapoint_profile_id',
    ).references(() => datapointProfiles.id, { onDelete: 'set null' }),
    matchedDataOnlyDownloadDatapointProfileId: uuid(
      'matched_data_only_download_datapoint_profile_id',
    ).references(() => datapointProfiles.id, { onDelete: 'set null' }),
    onboardingDataDownloadDatapointProfileId: uuid(
      'onboarding_data_download_datapoint_profile_id',
    ).references(() => datapointProfiles.id, { onDelete: 'set null' }),
    capabilities: text('capabilities')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    virtualLockboxes: text('virtual_lockboxes')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    inputDataOptions: text('input_data_options')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    keyAliases: text('key_aliases')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    emailDomains: text('email_domains')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    hasSupplierIncludeList: boolean('has_supplier_include_list').notNull().default(false),
    hasSupplierExcludeList: boolean('has_supplier_exclude_list').notNull().default(false),
    /** Members, kept by triggers on issuer_users (migrations 0018, 0019): the list sorts by it. */
    usersCount: integer('users_count').notNull().default(0),
    /**
     * The first ten members' usernames, alphabetically, kept by the same triggers (0019): the
     * list shows them, and reading them per page joined every member of 25 issuers.
     */
    memberUsernames: text('member_usernames')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /**
     * Name and key lower-cased, for the list's StartsWith: a prefix of a stored column is one
     * range of its text_pattern_ops index, and the count reads the index alone; lower() on every
     * row cost a name filter matching 1,000 issuers a millisecond (migration 0022).
     */
    nameLower: text('name_lower')
      .notNull()
      .generatedAlwaysAs(sql`lower(name)`),
    issuerKeyLower: text('issuer_key_lower')
      .notNull()
      .generatedAlwaysAs(sql`lower(issuer_key)`),
    /** Optimistic concurrency: every update bumps it and must name the version it read. */
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // The trailing id matches the list's tie-breaker, so a page by name or key is an index walk.
  (t) => [
    index('issuers_name_idx').on(t.name.asc().nullsFirst(), t.id),
    index('issuers_scheme_idx').on(t.scheme),
    index('issuers_key_sort_idx').on(t.issuerKey.asc().nullsFirst(), t.id),
    index('issuers_users_count_idx').on(t.usersCount.desc().nullsLast(), t.id),
    index('issuers_name_lower_prefix_idx').on(t.nameLower.op('text_pattern_ops')),
    index('issuers_key_lower_prefix_idx').on(t.issuerKeyLower.op('text_pattern_ops')),
  ],
);

/** Issuer membership: a user is a Manager or Member of an issuer. */
export const issuerUsers = pgTable(
  'issuer_users',
  {
    issuerId: uuid('issuer_id')
      .notNull()
      .references(() => issuers.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userRole: text('user_role').notNull(),
    isDomainUser: boolean('is_domain_user').notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.issuerId, t.userId] }),
    index('issuer_users_user_idx').on(t.userId),
  ],
);

/** The buyer organisations jobs are run for; each belongs to an issuer. */
export const buyers = pgTable(
  'buyers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    issuerId: uuid('issuer_id')
      .notNull()
      .references(() => issuers.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    countryIso3: varchar('country_iso3', { length: 3 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('buyers_issuer_idx').on(t.issuerId)],
);

/**
 * An issuer's supplier include and exclude lists (SPEC §3 hasSupplierIncludeList and
 * hasSupplierExcludeList, which say whether the list has entries): supplier names, each kept
 * once by its comparison key (db/supplier-name-key.ts), which the jobs module's rule reader
 * compares each result row's name with.
 */
export const issuerSupplierListEntries = pgTable(
  'issuer_supplier_list_entries',
  {
    issuerId: uuid('issuer_id')
      .notNull()
      .references(() => issuers.id, { onDelete: 'cascade' }),
    list: text('list', { enum: ['include', 'exclude'] }).notNull(),
    nameKey: text('name_key').notNull(),
    name: text('name').notNull(),
    addedByUsername: text('added_by_username'),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.issuerId, t.list, t.nameKey] })],
);
