import { integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { jobs } from '../jobs/job.schema.js';

const tz = (name: string) => timestamp(name, { withTimezone: true });

/**
 * A job's Companies House enrichment (issue 21, SPEC §2 Tools /tools/companies-house): one row
 * per job, the latest run. `run_id` names the run the supplier rows below belong to, so that a
 * ProQ command delivered again goes on with the suppliers its run has not checked yet.
 */
export const companiesHouseEnrichments = pgTable('companies_house_enrichments', {
  jobId: uuid('job_id')
    .primaryKey()
    .references(() => jobs.id, { onDelete: 'cascade' }),
  runId: uuid('run_id').notNull(),
  /** Queued, Running, Completed or Error. */
  state: text('state').notNull(),
  ukSuppliers: integer('uk_suppliers').notNull().default(0),
  message: text('message'),
  requestedByUsername: text('requested_by_username'),
  requestedAt: tz('requested_at').notNull().defaultNow(),
  finishedAt: tz('finished_at'),
});

/**
 * What Companies House says of one supplier of a job, keyed by the stable supplier key (as match
 * overrides are), so it survives re-runs of the job's pipeline. The insights read `sic_codes`
 * for suppliers without an MCC or industry code of their own.
 */
export const jobSupplierCompanies = pgTable(
  'job_supplier_companies',
  {
    jobId: uuid('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    supplierKey: text('supplier_key').notNull(),
    runId: uuid('run_id').notNull(),
    supplierName: text('supplier_name').notNull(),
    postcode: text('postcode'),
    /** matched, ambiguous or not-found. */
    outcome: text('outcome').notNull(),
    reason: text('reason').notNull(),
    companyNumber: text('company_number'),
    companyName: text('company_name'),
    companyStatus: text('company_status'),
    sicCodes: text('sic_codes').array().notNull(),
    checkedAt: tz('checked_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.jobId, t.supplierKey] })],
);
