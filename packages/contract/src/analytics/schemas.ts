import { z } from 'zod';
import { ComparisonOperatorSchema, MAX_PAGE_SIZE } from '../common/paged-list.js';

/**
 * The analytics query builder and saved reports (SPEC §2 /admin/analytics-query,
 * /reports/create, /reports/{reportId}; AnalyticsQuery_VIEW). A query is a definition — a
 * dataset of the allow-list, its columns, filters with the SPEC §3 comparison operators,
 * group-by, aggregates, sort and a page — never SQL: the server builds the statement from the
 * allow-list and binds every value, inside the rows the user may see.
 */

export const ANALYTICS_COLUMN_TYPES = ['text', 'number', 'date', 'boolean'] as const;
export type AnalyticsColumnType = (typeof ANALYTICS_COLUMN_TYPES)[number];

type ColumnInfo = { label: string; type: AnalyticsColumnType };
const text = (label: string): ColumnInfo => ({ label, type: 'text' });
const num = (label: string): ColumnInfo => ({ label, type: 'number' });
const date = (label: string): ColumnInfo => ({ label, type: 'date' });
const bool = (label: string): ColumnInfo => ({ label, type: 'boolean' });

/**
 * The allow-list: every dataset and column a definition may name, with its label and type. The
 * server maps each to its SQL; a name outside this list is refused (400 naming it).
 */
export const ANALYTICS_DATASETS = {
  jobs: {
    label: 'Jobs',
    columns: {
      jobId: text('Job ID'),
      jobName: text('Job name'),
      type: text('Type'),
      status: text('Status'),
      issuerName: text('Issuer'),
      currency: text('Currency'),
      isPublished: bool('Published'),
      supplierCount: num('Suppliers'),
      analysisDate: date('Analysis date'),
      createdAt: date('Created'),
      completedAt: date('Completed'),
    },
  },
  suppliers: {
    label: 'Suppliers (job results)',
    columns: {
      jobId: text('Job ID'),
      jobName: text('Job name'),
      issuerName: text('Issuer'),
      currency: text('Currency'),
      supplierName: text('Supplier name'),
      country: text('Country'),
      city: text('City'),
      spend: num('Spend'),
      annualSpend: num('Annual spend'),
      invoiceCount: num('Invoices'),
      paymentCount: num('Payments'),
      mainPaymentMethod: text('Main payment method'),
      matchStatus: text('Match status'),
      confidence: text('Confidence'),
      merchantName: text('Merchant name'),
      mcc: text('MCC'),
      acceptsCard: bool('Accepts card'),
      cardAccepting: text('Card accepting'),
      optimaScore: num('Optima score'),
      optimaLevel: text('Optima level'),
    },
  },
  insightBars: {
    label: 'Insight bars',
    columns: {
      jobId: text('Job ID'),
      jobName: text('Job name'),
      currency: text('Currency'),
      grouping: text('Grouping'),
      slicer: text('Slicer'),
      slicerValue: text('Slicer value'),
      product: text('Product'),
      bucket: text('Bucket'),
      label: text('Label'),
      suppliers: num('Suppliers'),
      spend: num('Spend'),
      invoices: num('Invoices'),
      payments: num('Payments'),
    },
  },
  campaigns: {
    label: 'Campaigns',
    columns: {
      campaignId: text('Campaign ID'),
      campaignName: text('Campaign name'),
      jobName: text('Job name'),
      issuerName: text('Issuer'),
      route: text('Route'),
      cardProduct: text('Card product'),
      status: text('Status'),
      createdAt: date('Created'),
      startedAt: date('Started'),
      completedAt: date('Completed'),
    },
  },
  proqCommands: {
    label: 'ProQ commands',
    columns: {
      commandId: text('Command ID'),
      commandType: text('Command type'),
      state: text('State'),
      jobId: text('Job ID'),
      attempts: num('Attempts'),
      message: text('Message'),
      queuedDate: date('Queued'),
      startedDate: date('Started'),
      completedDate: date('Completed'),
    },
  },
  users: {
    label: 'Users',
    columns: {
      userId: text('User ID'),
      username: text('Username'),
      displayName: text('Display name'),
      email: text('E-mail'),
      status: text('Status'),
      lastActivityAt: date('Last activity'),
      createdAt: date('Created'),
    },
  },
} as const satisfies Record<string, { label: string; columns: Record<string, ColumnInfo> }>;

export type AnalyticsDatasetKey = keyof typeof ANALYTICS_DATASETS;

export const ANALYTICS_AGGREGATES = ['count', 'sum', 'avg', 'min', 'max'] as const;
export const AnalyticsAggregateFnSchema = z.enum(ANALYTICS_AGGREGATES);
export type AnalyticsAggregateFn = z.infer<typeof AnalyticsAggregateFnSchema>;

/** Rows a query may reach through its pages, and rows an export or a scheduled mail holds. */
export const ANALYTICS_MAX_ROWS = 10_000;
export const ANALYTICS_EXPORT_MAX_ROWS = 100_000;

const name = z.string().min(1).max(100);

export const AnalyticsFilterSchema = z.strictObject({
  column: name,
  operator: ComparisonOperatorSchema,
  /** Always bound as a parameter; null with Equal / NotEqual means "is (not) empty". */
  value: z.union([z.string().max(500), z.number(), z.boolean(), z.null()]),
});
export type AnalyticsFilter = z.infer<typeof AnalyticsFilterSchema>;

export const AnalyticsAggregateSchema = z.strictObject({
  fn: AnalyticsAggregateFnSchema,
  /** The column summed, averaged…; none for `count` (rows). */
  column: name.optional(),
});

export const AnalyticsSortSchema = z.strictObject({
  /** A result column's key: a column, or an aggregate's (`count`, `sum_spend`, …). */
  key: name,
  direction: z.enum(['asc', 'desc']).default('asc'),
});

/**
 * A query. Without group-by and aggregates the rows are the chosen `columns`; with them, a row
 * per group holds the group-by columns then the aggregates (and `columns` stays empty).
 */
export const AnalyticsQueryDefinitionSchema = z.strictObject({
  dataset: name,
  columns: z.array(name).max(30).default([]),
  filters: z.array(AnalyticsFilterSchema).max(20).default([]),
  groupBy: z.array(name).max(5).default([]),
  aggregates: z.array(AnalyticsAggregateSchema).max(10).default([]),
  sort: z.array(AnalyticsSortSchema).max(3).default([]),
});
export type AnalyticsQueryDefinition = z.infer<typeof AnalyticsQueryDefinitionSchema>;
export type AnalyticsQueryDefinitionInput = z.input<typeof AnalyticsQueryDefinitionSchema>;

export const AnalyticsRunRequestSchema = z.strictObject({
  definition: AnalyticsQueryDefinitionSchema,
  pageNumber: z.number().int().min(1).default(1),
  pageSize: z.number().int().min(1).max(MAX_PAGE_SIZE).default(50),
});
export type AnalyticsRunRequest = z.infer<typeof AnalyticsRunRequestSchema>;

export const AnalyticsResultColumnSchema = z.object({
  key: z.string(),
  label: z.string(),
  type: z.enum(ANALYTICS_COLUMN_TYPES),
});
export type AnalyticsResultColumn = z.infer<typeof AnalyticsResultColumnSchema>;

export const AnalyticsCellSchema = z.union([z.string(), z.number(), z.boolean(), z.null()]);
export type AnalyticsCell = z.infer<typeof AnalyticsCellSchema>;

export const AnalyticsResultSchema = z.object({
  columns: z.array(AnalyticsResultColumnSchema),
  rows: z.array(z.array(AnalyticsCellSchema)),
  pageNumber: z.number().int(),
  pageSize: z.number().int(),
  /** Another page follows (within ANALYTICS_MAX_ROWS). */
  hasMore: z.boolean(),
  elapsedMs: z.number(),
});
export type AnalyticsResult = z.infer<typeof AnalyticsResultSchema>;

/** The datasets this user may query (users needs UsersRead), with their columns. */
export const AnalyticsDatasetInfoSchema = z.object({
  key: z.string(),
  label: z.string(),
  columns: z.array(AnalyticsResultColumnSchema),
});
export const AnalyticsDatasetListSchema = z.array(AnalyticsDatasetInfoSchema);
export type AnalyticsDatasetInfo = z.infer<typeof AnalyticsDatasetInfoSchema>;

/* ------------------------------- saved reports ------------------------------- */

export const REPORT_CHART_KINDS = ['table', 'bar'] as const;
export const ReportChartKindSchema = z.enum(REPORT_CHART_KINDS);
export type ReportChartKind = z.infer<typeof ReportChartKindSchema>;

export const REPORT_SCHEDULE_FREQUENCIES = ['daily', 'weekly', 'monthly'] as const;
export const ReportScheduleSchema = z.strictObject({
  frequency: z.enum(REPORT_SCHEDULE_FREQUENCIES),
  /** Addresses the CSV is mailed to; the owner's own when empty. */
  recipients: z.array(z.email()).max(20).default([]),
});
export type ReportSchedule = z.infer<typeof ReportScheduleSchema>;

export const SaveReportRequestSchema = z.strictObject({
  name: z.string().trim().min(1).max(200),
  description: z.string().max(2000).default(''),
  definition: AnalyticsQueryDefinitionSchema,
  chart: ReportChartKindSchema.default('table'),
  /** Users the report is shared with (read-only); each must hold AnalyticsQuery_VIEW. */
  sharedWithUserIds: z.array(z.uuid()).max(50).default([]),
  schedule: ReportScheduleSchema.nullable().default(null),
});
export type SaveReportRequest = z.infer<typeof SaveReportRequestSchema>;
export type SaveReportRequestInput = z.input<typeof SaveReportRequestSchema>;

export const SavedReportSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string(),
  definition: AnalyticsQueryDefinitionSchema,
  chart: ReportChartKindSchema,
  ownerId: z.uuid(),
  ownerName: z.string(),
  sharedWith: z.array(z.object({ userId: z.uuid(), displayName: z.string() })),
  schedule: ReportScheduleSchema.nullable(),
  lastMailedAt: z.string().nullable(),
  /** The viewer owns it (may change, share, schedule and delete it). */
  canEdit: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SavedReport = z.infer<typeof SavedReportSchema>;

export const SavedReportListSchema = z.array(
  SavedReportSchema.pick({
    id: true,
    name: true,
    description: true,
    chart: true,
    ownerName: true,
    canEdit: true,
    updatedAt: true,
  }).extend({ dataset: z.string(), scheduled: z.boolean() }),
);
export type SavedReportList = z.infer<typeof SavedReportListSchema>;

export const ReportIdParamsSchema = z.strictObject({ reportId: z.uuid() });
export const ReportExportQuerySchema = z.strictObject({ format: z.enum(['csv', 'xlsx']) });

/** Users a report can be shared with: those holding AnalyticsQuery_VIEW. */
export const ReportShareCandidatesSchema = z.array(
  z.object({ userId: z.uuid(), displayName: z.string(), username: z.string() }),
);
