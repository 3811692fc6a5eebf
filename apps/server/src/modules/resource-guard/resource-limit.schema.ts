import { bigint, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Resource limits DevOps set (SPEC §2 /devops/resource-guard): one row per limit that overrides
 * its default from the configuration; no row = the default. `value` null = no limit. Who set it
 * is kept by name, as the audit trail keeps it, so the row outlives the user.
 */
export const resourceLimits = pgTable('resource_limits', {
  key: text('key').primaryKey(),
  value: bigint('value', { mode: 'number' }),
  updatedBy: text('updated_by').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  /** A queueable limit's choice, refuse or queue (null: refuse). */
  whenExceeded: text('when_exceeded'),
});
