import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { issuers } from '../issuers/issuer.schema.js';
import { jobs } from '../jobs/job.schema.js';
import { users } from '../users/user.schema.js';

const tz = (name: string) => timestamp(name, { withTimezone: true });

/**
 * A supplier-enablement campaign of a job (SPEC §3 campaign routes and tracker). The e-mail
 * texts are copied from the chosen template, so editing a template never changes a campaign
 * that is already running.
 */
export const campaigns = pgTable(
  'campaigns',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    jobId: uuid('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    issuerId: uuid('issuer_id')
      .notNull()
      .references(() => issuers.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    route: text('route').notNull(),
    cardProduct: text('card_product').notNull(),
    language: text('language').notNull(),
    status: text('status').notNull().default('Pending'),
    useCaseIds: uuid('use_case_ids').array().notNull(),
    followUpDays: integer('follow_up_days').array().notNull(),
    closeDay: integer('close_day').notNull(),
    declinePeriodDays: integer('decline_period_days').notNull(),
    virtualLockbox: text('virtual_lockbox'),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    followUpSubject: text('follow_up_subject').notNull(),
    followUpBody: text('follow_up_body').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdByName: text('created_by_name').notNull(),
    createdAt: tz('created_at').notNull().defaultNow(),
    startedAt: tz('started_at'),
    completedAt: tz('completed_at'),
  },
  (t) => [
    index('campaigns_job_idx').on(t.jobId, t.createdAt),
    index('campaigns_issuer_idx').on(t.issuerId),
  ],
);

/**
 * One row per supplier in a campaign's tracker. `next_due_at` is when the next e-mail step is
 * due, and doubles as the sending lease: a worker that claims a step moves it forward by the
 * lease, so another worker takes it over only once a dead worker's lease has run out.
 */
export const campaignSuppliers = pgTable(
  'campaign_suppliers',
  {
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    supplierKey: text('supplier_key').notNull(),
    supplierName: text('supplier_name').notNull(),
    spend: doublePrecision('spend'),
    useCaseId: uuid('use_case_id'),
    contactEmail: text('contact_email'),
    contactName: text('contact_name'),
    contactPhone: text('contact_phone'),
    sendable: boolean('sendable').notNull(),
    status: text('status').notNull().default('Pending'),
    outcome: text('outcome'),
    outcomeReason: text('outcome_reason'),
    outcomeAt: tz('outcome_at'),
    isVlbAutoEnrolled: boolean('is_vlb_auto_enrolled').notNull().default(false),
    nextStep: integer('next_step').notNull().default(0),
    nextDueAt: tz('next_due_at'),
    lastEventAt: tz('last_event_at'),
  },
  (t) => [
    primaryKey({ columns: [t.campaignId, t.supplierKey] }),
    index('campaign_suppliers_status_idx').on(t.campaignId, t.status, t.supplierKey),
    index('campaign_suppliers_due_idx')
      .on(t.nextDueAt)
      .where(sql`${t.nextDueAt} is not null`),
  ],
);

/** Every event of a supplier in a campaign: the tracker's timeline. */
export const campaignEvents = pgTable(
  'campaign_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    supplierKey: text('supplier_key').notNull(),
    type: text('type').notNull(),
    step: integer('step'),
    detail: text('detail'),
    at: tz('at').notNull().defaultNow(),
  },
  (t) => [index('campaign_events_supplier_idx').on(t.campaignId, t.supplierKey, t.id)],
);

/**
 * One row per (campaign supplier, e-mail step), state `sending` from its claim until the SMTP
 * server's 250 makes it `sent` (or a refusal `retry` / `failed`); one left `sending` by a dead
 * worker is sent again with the same Message-ID (see outreach.repo.ts).
 */
export const campaignSends = pgTable(
  'campaign_sends',
  {
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    supplierKey: text('supplier_key').notNull(),
    step: integer('step').notNull(),
    state: text('state').notNull(),
    attempts: integer('attempts').notNull().default(1),
    claimedBy: text('claimed_by'),
    claimedAt: tz('claimed_at').notNull().defaultNow(),
    sentAt: tz('sent_at'),
    response: text('response'),
  },
  (t) => [primaryKey({ columns: [t.campaignId, t.supplierKey, t.step] })],
);

/** Response links: only the SHA-256 of the token is stored, as for sessions and magic links. */
export const campaignResponseTokens = pgTable(
  'campaign_response_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    supplierKey: text('supplier_key').notNull(),
    expiresAt: tz('expires_at').notNull(),
    openedAt: tz('opened_at'),
    usedAt: tz('used_at'),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [index('campaign_response_tokens_supplier_idx').on(t.campaignId, t.supplierKey)],
);

/** Selected suppliers a campaign leaves out (or cannot e-mail), with the reason. */
export const campaignExclusions = pgTable(
  'campaign_exclusions',
  {
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    supplierKey: text('supplier_key').notNull(),
    supplierName: text('supplier_name').notNull(),
    reason: text('reason').notNull(),
    detail: text('detail'),
  },
  (t) => [primaryKey({ columns: [t.campaignId, t.supplierKey] })],
);

/** Suppliers of a job the buyer marked strategic or excluded from every campaign. */
export const jobSupplierExclusions = pgTable(
  'job_supplier_exclusions',
  {
    jobId: uuid('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    supplierKey: text('supplier_key').notNull(),
    reason: text('reason').notNull(),
    note: text('note'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.jobId, t.supplierKey] })],
);

/** An issuer's own outreach templates (the shipped ones live in code: default-templates.ts). */
export const campaignTemplates = pgTable(
  'campaign_templates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    issuerId: uuid('issuer_id')
      .notNull()
      .references(() => issuers.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    route: text('route').notNull(),
    language: text('language').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    followUpSubject: text('follow_up_subject').notNull(),
    followUpBody: text('follow_up_body').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [index('campaign_templates_issuer_idx').on(t.issuerId, t.route, t.language)],
);

/** An uploaded outcomes file of a campaign and the rows it rejected. */
export const campaignOutcomeUploads = pgTable('campaign_outcome_uploads', {
  id: uuid('id').primaryKey().defaultRandom(),
  campaignId: uuid('campaign_id')
    .notNull()
    .references(() => campaigns.id, { onDelete: 'cascade' }),
  fileName: text('file_name').notNull(),
  rowCount: integer('row_count').notNull(),
  applied: integer('applied').notNull(),
  rejects: jsonb('rejects')
    .$type<{ row: number; supplierKey: string | null; field: string; message: string }[]>()
    .notNull(),
  createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: tz('created_at').notNull().defaultNow(),
});
