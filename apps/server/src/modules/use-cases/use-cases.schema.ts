import type { CardProduct, FilterItem } from '@b2b/contract';
import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { jobs } from '../jobs/job.schema.js';
import { users } from '../users/user.schema.js';

const tz = (name: string) => timestamp(name, { withTimezone: true });

/**
 * A use case (SPEC §2 jobs use-cases, DOMAIN "Use cases and campaigns"): a named rule over a
 * job's supplier results with a card product and a recommended action. Only the definition is
 * stored; its suppliers, spend, value and risk are computed from the job's current results on
 * every read, so they follow a re-score and agree with the suppliers tab.
 */
export const useCases = pgTable(
  'use_cases',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    jobId: uuid('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /** Contract CardProduct. */
    cardProduct: text('card_product').$type<CardProduct>().notNull(),
    recommendedAction: text('recommended_action').notNull().default(''),
    /** The supplier list's filter items (paged-list FilterItem), AND-ed. */
    rule: jsonb('rule').$type<FilterItem[]>().notNull(),
    /** The template it was made from (contract USE_CASE_TEMPLATES), or null. */
    templateKey: text('template_key'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdByName: text('created_by_name').notNull(),
    createdAt: tz('created_at').notNull().defaultNow(),
    updatedAt: tz('updated_at').notNull().defaultNow(),
  },
  (t) => [index('use_cases_job_idx').on(t.jobId, t.createdAt)],
);
