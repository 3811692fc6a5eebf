import type {
  ColumnMapping,
  ColumnMappingSuggestion,
  FileSniff,
  IngestOptions,
  IngestSummary,
  JobSummaryTotals,
} from '@b2b/contract';
import {
  boolean,
  date,
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
import { buyers, issuers } from '../issuers/issuer.schema.js';
import { users } from '../users/user.schema.js';

const tz = (name: string) => timestamp(name, { withTimezone: true });

/** An analysis job: what it is for, where its wizard stands, which versions it ran with. */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** base | matched-data-only | advanced (contract JobType). */
    type: text('type').notNull(),
    issuerId: uuid('issuer_id')
      .notNull()
      .references(() => issuers.id, { onDelete: 'restrict' }),
    buyerId: uuid('buyer_id')
      .notNull()
      .references(() => buyers.id, { onDelete: 'restrict' }),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    currency: text('currency').notNull(),
    /** Draft | Processing | Completed | Error (contract JobStatus). */
    status: text('status').notNull().default('Draft'),
    isPublished: boolean('is_published').notNull().default(false),
    /** Scores are computed as of this date, so a re-run reproduces them. */
    analysisDate: date('analysis_date', { mode: 'string' }).notNull(),
    referenceVersionId: text('reference_version_id'),
    confidenceRulesetVersion: integer('confidence_ruleset_version'),
    scoringRulesetVersion: integer('scoring_ruleset_version'),
    /** Bumped at every submit, retry and re-score: names the ProQ batches of that run. */
    runNumber: integer('run_number').notNull().default(0),
    supplierCount: integer('supplier_count'),
    /**
     * How many rows the job's results partition holds, set in the transaction that swaps it in
     * (job-results.repo): the suppliers list's total when nothing filters it, instead of
     * counting every row for each page. Null without results, or for results stored before
     * it was kept (the list counts them then).
     */
    resultsCount: integer('results_count'),
    summary: jsonb('summary').$type<JobSummaryTotals>(),
    /** Demo jobs created at start are found again by this key (idempotent seeding). */
    demoKey: text('demo_key').unique(),
    submittedAt: tz('submitted_at'),
    /**
     * Submitted while the issuer was at its running-jobs limit set to queue (resource guard):
     * the job waits, not yet counted as running, and StartWaitingJobs starts the oldest first.
     */
    waitingSince: tz('waiting_since'),
    completedAt: tz('completed_at'),
    createdAt: tz('created_at').notNull().defaultNow(),
    updatedAt: tz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('jobs_issuer_idx').on(t.issuerId, t.updatedAt),
    index('jobs_owner_idx').on(t.ownerId),
    index('jobs_buyer_idx').on(t.buyerId),
  ],
);

/** An uploaded file of a job (one per role) with the wizard's mapping and validation. */
export const jobFiles = pgTable(
  'job_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    jobId: uuid('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    /** Suppliers | PurchaseOrder | Invoice | Payment (contract JobFileRole). */
    role: text('role').notNull(),
    fileName: text('file_name').notNull(),
    storageKey: text('storage_key').notNull(),
    sizeBytes: doublePrecision('size_bytes').notNull(),
    sniff: jsonb('sniff').$type<FileSniff>().notNull(),
    suggestion: jsonb('suggestion').$type<ColumnMappingSuggestion>().notNull(),
    mapping: jsonb('mapping').$type<ColumnMapping>().notNull(),
    options: jsonb('options').$type<IngestOptions>().notNull().default({}),
    validation: jsonb('validation').$type<IngestSummary>(),
    uploadedAt: tz('uploaded_at').notNull().defaultNow(),
  },
  (t) => [index('job_files_job_idx').on(t.jobId, t.role)],
);

/** One pipeline step of a job and the ProQ command running it. */
export const jobWorkflowSteps = pgTable(
  'job_workflow_steps',
  {
    jobId: uuid('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    /** Ingest | Match | Score | Aggregate. */
    step: text('step').notNull(),
    position: integer('position').notNull(),
    /** The six workflow step statuses of SPEC.md section 4. */
    status: text('status').notNull().default('Blocked'),
    progress: integer('progress').notNull().default(0),
    message: text('message'),
    commandId: uuid('command_id'),
    startedAt: tz('started_at'),
    completedAt: tz('completed_at'),
  },
  (t) => [primaryKey({ columns: [t.jobId, t.step] })],
);

/** Who may see a job besides its issuer's users: Owner, DirectAssignment, MagicLinkUser. */
export const jobUserAssignments = pgTable(
  'job_user_assignments',
  {
    jobId: uuid('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Owner | IssuerManager | DirectAssignment | MagicLinkUser (contract JobConnection). */
    connection: text('connection').notNull(),
    assignedBy: uuid('assigned_by'),
    assignedAt: tz('assigned_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.jobId, t.userId, t.connection] }),
    index('job_user_assignments_user_idx').on(t.userId),
  ],
);

/**
 * Per-supplier results of a job: aggregates, match, scores and slicers. The match evidence and
 * the scoring features stay in the job's Parquet files (read when a supplier is opened): copying
 * them would make storing a big job's results several times slower.
 */
export const jobSupplierResults = pgTable(
  'job_supplier_results',
  {
    jobId: uuid('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    supplierKey: text('supplier_key').notNull(),
    supplierId: text('supplier_id'),
    supplierName: text('supplier_name').notNull(),
    country: text('country'),
    city: text('city'),
    postcode: text('postcode'),
    spend: doublePrecision('spend'),
    annualSpend: doublePrecision('annual_spend'),
    poCount: integer('po_count'),
    invoiceCount: integer('invoice_count'),
    paymentCount: integer('payment_count'),
    mainPaymentMethod: text('main_payment_method'),
    paymentMethods: jsonb('payment_methods'),
    paymentFrequency: text('payment_frequency'),
    paymentTermsDays: doublePrecision('payment_terms_days'),
    actualDaysToPay: doublePrecision('actual_days_to_pay'),
    matchStatus: text('match_status').notNull(),
    confidence: text('confidence').notNull(),
    matchSource: text('match_source').notNull(),
    ruleId: text('rule_id'),
    merchantId: text('merchant_id'),
    merchantName: text('merchant_name'),
    merchantDbaName: text('merchant_dba_name'),
    // The best candidate even when UNMATCHED, and the match model's weight of it: the review
    // queue's columns (null weight, probability and entity until a model decides).
    candidateMerchantId: text('candidate_merchant_id'),
    candidateMerchantName: text('candidate_merchant_name'),
    matchScore: doublePrecision('match_score'),
    matchWeight: doublePrecision('match_weight'),
    matchProbability: doublePrecision('match_probability'),
    entityId: text('entity_id'),
    mcc: text('mcc'),
    acceptsCard: boolean('accepts_card'),
    acceptsVirtualCard: boolean('accepts_virtual_card'),
    stpEnrolled: boolean('stp_enrolled'),
    dataLevel: integer('data_level'),
    // The card acceptance model's probability for an UNMATCHED supplier (ML prediction): written
    // by the PredictCardAcceptance command after the pipeline, null until a model scored the job.
    predictedCardAcceptance: doublePrecision('predicted_card_acceptance'),
    optimaScore: integer('optima_score'),
    optimaLevel: text('optima_level'),
    optimaProduct: text('optima_product'),
    stpScore: integer('stp_score'),
    stpLevel: text('stp_level'),
    vcardScore: integer('vcard_score'),
    vcardLevel: text('vcard_level'),
    pcardScore: integer('pcard_score'),
    pcardLevel: text('pcard_level'),
    tandEcardScore: integer('tande_card_score'),
    tandEcardLevel: text('tande_card_level'),
    scfScore: integer('scf_score'),
    scfLevel: text('scf_level'),
    instantPayScore: integer('instant_pay_score'),
    instantPayLevel: text('instant_pay_level'),
    boostScore: integer('boost_score'),
    boostLevel: text('boost_level'),
    cardAccepting: text('card_accepting').notNull().default('UNMATCHED'),
    vcAccepting: text('vc_accepting').notNull().default('UNMATCHED'),
    detailLevel: text('detail_level').notNull().default('none'),
    stpCapable: text('stp_capable').notNull().default('FALSE'),
    cardCapability: text('card_capability').notNull().default('Unmatched'),
    // The supplier's contact as the upload gave it: a campaign copies it when it is created.
    contactEmail: text('contact_email'),
    contactName: text('contact_name'),
    contactPhone: text('contact_phone'),
  },
  (t) => [
    primaryKey({ columns: [t.jobId, t.supplierKey] }),
    // The supplier list's default order (annual spend, largest first) and its name order walk
    // these instead of sorting the job's rows; the vendor detail finds a merchant's suppliers.
    index('job_supplier_results_spend_idx').on(
      t.jobId,
      t.annualSpend.desc().nullsLast(),
      t.supplierKey,
    ),
    index('job_supplier_results_by_spend_idx').on(
      t.jobId,
      t.spend.desc().nullsLast(),
      t.supplierKey,
    ),
    // NULLS FIRST/LAST as the paged-list engine orders, or the index cannot serve the sort.
    index('job_supplier_results_name_idx').on(
      t.jobId,
      t.supplierName.asc().nullsFirst(),
      t.supplierKey,
    ),
    index('job_supplier_results_merchant_idx').on(t.merchantId),
  ],
);

/** A person's decision on a supplier's match; keyed by the stable supplier key, so it survives re-runs. */
export const jobMatchOverrides = pgTable(
  'job_match_overrides',
  {
    jobId: uuid('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    supplierKey: text('supplier_key').notNull(),
    /** confirmed | rejected | merchant. */
    decision: text('decision').notNull(),
    merchantId: text('merchant_id'),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    username: text('username').notNull(),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.jobId, t.supplierKey] })],
);
