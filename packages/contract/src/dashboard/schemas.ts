import { z } from 'zod';
import { JobTypeSchema } from '../analysis/enums.js';
import { CampaignCountersSchema, CampaignWorkflowRouteSchema } from '../campaigns/schemas.js';
import { JobStatusSchema } from '../jobs/schemas.js';

/**
 * The dashboard (SPEC §2 /dashboard, Dashboard_VIEW): what an internal lead looks at first, as
 * tiles. Every figure about jobs counts only the jobs the user may see (the jobs module's
 * visibility rule); money is only ever added within one currency, as global insights do.
 */

export const DASHBOARD_INTERVALS = ['week', 'month'] as const;
export const DashboardIntervalSchema = z.enum(DASHBOARD_INTERVALS);
export type DashboardInterval = z.infer<typeof DashboardIntervalSchema>;
/** How many weeks or months the activity chart covers, the current one last. */
export const DASHBOARD_PERIODS = 12;
/** How many rows a list tile shows (running jobs, failed jobs, campaigns, active users). */
export const DASHBOARD_LIST_ROWS = 5;

export const DashboardJobActivityQuerySchema = z.strictObject({
  interval: DashboardIntervalSchema.default('week'),
});

const byStatus = z.record(JobStatusSchema, z.number().int());
const byType = z.record(JobTypeSchema, z.number().int());

/** Jobs created per week or month, by type and by the status they have now. */
export const DashboardJobActivitySchema = z.object({
  interval: DashboardIntervalSchema,
  periods: z.array(
    z.object({
      /** First day of the week (Monday) or month, UTC, YYYY-MM-DD. */
      start: z.string(),
      jobs: z.number().int(),
      byType,
      byStatus,
    }),
  ),
  /** Every visible job, whenever created. */
  total: z.number().int(),
  byType,
  byStatus,
});
export type DashboardJobActivity = z.infer<typeof DashboardJobActivitySchema>;

/** A job named on a tile, to open it. */
export const DashboardJobRefSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  type: JobTypeSchema,
  issuerName: z.string(),
  updatedAt: z.string(),
});
export type DashboardJobRef = z.infer<typeof DashboardJobRefSchema>;

/** Jobs whose pipeline runs now (Processing) and those that stopped on an error. */
export const DashboardJobsNowSchema = z.object({
  running: z.number().int(),
  failed: z.number().int(),
  /** The most recently changed of each, newest first. */
  runningJobs: z.array(DashboardJobRefSchema),
  failedJobs: z.array(DashboardJobRefSchema),
});
export type DashboardJobsNow = z.infer<typeof DashboardJobsNowSchema>;

export const DashboardCurrencyQuerySchema = z.strictObject({
  currency: z
    .string()
    .regex(/^[A-Za-z]{3}$/, 'must be a 3-letter currency code')
    .transform((c) => c.toUpperCase())
    .optional(),
});

/** Card acceptance of one issuer's jobs: the share of suppliers and spend with card acceptors. */
export const DashboardIssuerAcceptanceSchema = z.object({
  issuerId: z.uuid(),
  issuerName: z.string(),
  jobs: z.number().int(),
  suppliers: z.number().int(),
  acceptingSuppliers: z.number().int(),
  /** Percent, one decimal; 0 without suppliers. */
  supplierPercent: z.number(),
  spend: z.number(),
  acceptingSpend: z.number(),
  spendPercent: z.number(),
});

/**
 * Match rate, spend analysed and card acceptance by issuer across the Completed jobs with
 * insights the user may see, in one currency: the asked one or the one with the most jobs.
 */
export const DashboardAnalysisSchema = z.object({
  /** Null when no job has insights (and none was asked). */
  currency: z.string().nullable(),
  /** Every currency of those jobs with its job count, most jobs first: what may be chosen. */
  currencies: z.array(z.object({ currency: z.string(), jobs: z.number().int() })),
  jobs: z.number().int(),
  suppliers: z.number().int(),
  matchedSuppliers: z.number().int(),
  /** Matched suppliers in percent of all, one decimal. */
  matchRatePercent: z.number(),
  spend: z.number(),
  matchedSpend: z.number(),
  matchedSpendPercent: z.number(),
  /** Issuers by spend analysed, largest first. */
  cardAcceptanceByIssuer: z.array(DashboardIssuerAcceptanceSchema),
});
export type DashboardAnalysis = z.infer<typeof DashboardAnalysisSchema>;

/** Campaigns by status and the ones running now with their SPEC §4 tracker counters. */
export const DashboardCampaignsSchema = z.object({
  pending: z.number().int(),
  active: z.number().int(),
  completed: z.number().int(),
  /** Active campaigns, most recently started first. */
  inProgress: z.array(
    z.object({
      id: z.uuid(),
      name: z.string(),
      jobId: z.uuid(),
      jobName: z.string(),
      route: CampaignWorkflowRouteSchema,
      startedOn: z.string().nullable(),
      counters: CampaignCountersSchema,
    }),
  ),
});
export type DashboardCampaigns = z.infer<typeof DashboardCampaignsSchema>;

/** ProQ health: queue depth, failed commands, workers alive. */
export const DashboardProqSchema = z.object({
  queued: z.number().int(),
  errors: z.number().int(),
  completed: z.number().int(),
  workersAlive: z.number().int(),
  workers: z.number().int(),
  isPaused: z.boolean(),
});
export type DashboardProq = z.infer<typeof DashboardProqSchema>;

/** People active on an entity now (the concurrency module's presence). */
export const DashboardActiveUsersSchema = z.object({
  count: z.number().int(),
  /** The most recently seen, one row per person. */
  users: z.array(
    z.object({
      userId: z.uuid(),
      displayName: z.string(),
      userName: z.string(),
      entityType: z.string(),
      entityName: z.string(),
      lastSeenAt: z.string(),
    }),
  ),
});
export type DashboardActiveUsers = z.infer<typeof DashboardActiveUsersSchema>;
