import type { AnalyticsQueryDefinition, ReportChartKind, ReportSchedule } from '@b2b/contract';
import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../users/user.schema.js';

const tz = (name: string) => timestamp(name, { withTimezone: true });

/** A saved analytics report (SPEC §2 /reports/{reportId}): a query definition and how it shows. */
export const analyticsReports = pgTable(
  'analytics_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    definition: jsonb('definition').$type<AnalyticsQueryDefinition>().notNull(),
    chart: text('chart').$type<ReportChartKind>().notNull().default('table'),
    schedule: jsonb('schedule').$type<ReportSchedule>(),
    nextMailAt: tz('next_mail_at'),
    lastMailedAt: tz('last_mailed_at'),
    createdAt: tz('created_at').notNull().defaultNow(),
    updatedAt: tz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('analytics_reports_owner_idx').on(t.ownerId),
    index('analytics_reports_due_idx')
      .on(t.nextMailAt)
      .where(sql`${t.nextMailAt} is not null`),
  ],
);

/** Who a report is shared with (read-only); each holds AnalyticsQuery_VIEW when shared. */
export const analyticsReportShares = pgTable(
  'analytics_report_shares',
  {
    reportId: uuid('report_id')
      .notNull()
      .references(() => analyticsReports.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.reportId, t.userId] }),
    index('analytics_report_shares_user_idx').on(t.userId),
  ],
);
