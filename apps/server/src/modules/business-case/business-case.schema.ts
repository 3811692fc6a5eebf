import type { BusinessCaseAssumptions, BusinessCaseInputs } from '@b2b/contract';
import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { issuers } from '../issuers/issuer.schema.js';
import { jobs } from '../jobs/job.schema.js';
import { users } from '../users/user.schema.js';

const tz = (name: string) => timestamp(name, { withTimezone: true });

/**
 * A saved business case scenario of a job (SPEC §2 jobs business-case-calculator): a name and
 * the calculator's inputs. The figures are computed from the job's current results on every
 * read (contract calculate.ts), so a scenario follows a re-score. Visible with its job.
 */
export const businessCaseScenarios = pgTable(
  'business_case_scenarios',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    jobId: uuid('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** Contract BusinessCaseInputs, validated on the way in. */
    inputs: jsonb('inputs').$type<BusinessCaseInputs>().notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdByName: text('created_by_name').notNull(),
    createdAt: tz('created_at').notNull().defaultNow(),
    updatedAt: tz('updated_at').notNull().defaultNow(),
  },
  (t) => [index('business_case_scenarios_job_idx').on(t.jobId, t.createdAt)],
);

/** An issuer's own business case defaults; an issuer without a row uses the shipped ones. */
export const businessCaseIssuerDefaults = pgTable('business_case_issuer_defaults', {
  issuerId: uuid('issuer_id')
    .primaryKey()
    .references(() => issuers.id, { onDelete: 'cascade' }),
  /** Contract BusinessCaseAssumptions. */
  assumptions: jsonb('assumptions').$type<BusinessCaseAssumptions>().notNull(),
  updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedByName: text('updated_by_name').notNull(),
  updatedAt: tz('updated_at').notNull().defaultNow(),
});
