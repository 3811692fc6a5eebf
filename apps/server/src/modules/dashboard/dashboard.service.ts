import {
  DASHBOARD_LIST_ROWS,
  DASHBOARD_PERIODS,
  JOB_STATUSES,
  JOB_TYPES,
  roundMoney,
  type DashboardActiveUsers,
  type DashboardAnalysis,
  type DashboardCampaigns,
  type DashboardInterval,
  type DashboardJobActivity,
  type DashboardJobsNow,
  type DashboardProq,
  type JobStatus,
  type JobType,
  type PagedListRequest,
} from '@b2b/contract';
import type { Database } from '../../db/client.js';
import type { Actor } from '../../lib/actor.js';
import type { CampaignsService } from '../campaigns/campaigns.service.js';
import type { ConcurrencyService } from '../concurrency/concurrency.service.js';
import { jobViewer } from '../jobs/jobs.policy.js';
import type { ProqService } from '../proq/proq.service.js';
import { type JobCountRow, type JobRefRow, createDashboardRead } from './dashboard.read.js';

/** What the dashboard reads through other modules' services (wired in services.ts). */
export type DashboardDependencies = {
  proq: Pick<ProqService, 'getMonitoringData' | 'getStatusDetails'>;
  concurrency: Pick<ConcurrencyService, 'activeUserEntries'>;
  campaigns: Pick<CampaignsService, 'listAll' | 'countByStatus'>;
};

const JOB_TYPE_KEYS = Object.keys(JOB_TYPES) as JobType[];
const zeroTypes = () =>
  Object.fromEntries(JOB_TYPE_KEYS.map((t) => [t, 0])) as Record<JobType, number>;
const zeroStatuses = () =>
  Object.fromEntries(JOB_STATUSES.map((s) => [s, 0])) as Record<JobStatus, number>;
/** Percent with one decimal; 0 of nothing. */
const percent = (part: number, whole: number) =>
  whole > 0 ? Math.round((part / whole) * 1000) / 10 : 0;
const day = (d: Date) => d.toISOString().slice(0, 10);

/**
 * The first day (UTC) of the last `count` weeks (Monday, as PostgreSQL's date_trunc) or
 * months, oldest first, the current one last.
 */
export function periodStarts(interval: DashboardInterval, now: Date, count: number): string[] {
  const current =
    interval === 'month'
      ? new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1))
      : new Date(
          Date.UTC(
            now.getUTCFullYear(),
            now.getUTCMonth(),
            now.getUTCDate() - ((now.getUTCDay() + 6) % 7),
          ),
        );
  return Array.from({ length: count }, (_, i) => {
    const back = count - 1 - i;
    return day(
      interval === 'month'
        ? new Date(Date.UTC(current.getUTCFullYear(), current.getUTCMonth() - back, 1))
        : new Date(current.getTime() - back * 7 * 86_400_000),
    );
  });
}

function addCounts(
  target: { byType: Record<JobType, number>; byStatus: Record<JobStatus, number> },
  row: JobCountRow,
) {
  // Types and statuses outside the contract's lists would fail the response: not counted.
  if (row.type in target.byType) target.byType[row.type as JobType] += row.n;
  if (row.status in target.byStatus) target.byStatus[row.status as JobStatus] += row.n;
}

const jobRef = (r: JobRefRow) => ({
  id: r.id,
  name: r.name,
  type: r.type as JobType,
  issuerName: r.issuer_name,
  updatedAt: new Date(r.updated_at).toISOString(),
});

/**
 * The dashboard's tiles. Job figures come from the dashboard read model over the jobs the actor
 * may see (the jobs module's rule); ProQ health, campaigns and presence from their modules'
 * services, which apply their own visibility rules.
 */
export function createDashboardService(db: Database, deps: DashboardDependencies) {
  const read = createDashboardRead(db);

  const campaignPage = (status: string, pageSize: number): PagedListRequest => ({
    filters: [
      { propertyName: 'status', comparisonOperator: 'Equal', value: status, allowNullValue: false },
    ],
    orderBy: 'startedOn desc',
    pageNumber: 1,
    pageSize,
  });

  return {
    async jobActivity(actor: Actor, interval: DashboardInterval): Promise<DashboardJobActivity> {
      const viewer = jobViewer(actor);
      const starts = periodStarts(interval, new Date(), DASHBOARD_PERIODS);
      const [perPeriod, totals] = await Promise.all([
        read.jobsPerPeriod(viewer, interval, new Date(`${starts[0]}T00:00:00Z`)),
        read.jobTotals(viewer),
      ]);
      const periods = starts.map((start) => ({
        start,
        jobs: 0,
        byType: zeroTypes(),
        byStatus: zeroStatuses(),
      }));
      for (const row of perPeriod) {
        const period = periods.find((p) => p.start === row.start);
        if (!period) continue;
        period.jobs += row.n;
        addCounts(period, row);
      }
      const all = { byType: zeroTypes(), byStatus: zeroStatuses() };
      for (const row of totals) addCounts(all, row);
      return {
        interval,
        periods,
        total: totals.reduce((n, r) => n + r.n, 0),
        ...all,
      };
    },

    async jobsNow(actor: Actor): Promise<DashboardJobsNow> {
      const viewer = jobViewer(actor);
      const [totals, running, failed] = await Promise.all([
        read.jobTotals(viewer),
        read.latestJobs(viewer, 'Processing', DASHBOARD_LIST_ROWS),
        read.latestJobs(viewer, 'Error', DASHBOARD_LIST_ROWS),
      ]);
      const count = (status: string) =>
        totals.filter((r) => r.status === status).reduce((n, r) => n + r.n, 0);
      return {
        running: count('Processing'),
        failed: count('Error'),
        runningJobs: running.map(jobRef),
        failedJobs: failed.map(jobRef),
      };
    },

    /**
     * One currency at a time (no exchange rates): the asked one, else the one with the most
     * analysed jobs (ties: the larger spend, then A–Z), as global insights choose it.
     */
    async analysis(actor: Actor, asked: string | undefined): Promise<DashboardAnalysis> {
      const viewer = jobViewer(actor);
      const currencies = await read.currencies(viewer);
      const currency = asked ?? currencies[0]?.currency ?? null;
      const rows = currency === null ? [] : await read.issuerFigures(viewer, currency);
      const money = (v: number) => (currency === null ? v : roundMoney(v, currency));
      const sum = (key: keyof (typeof rows)[number]) =>
        rows.reduce((n, r) => n + Number(r[key]), 0);
      const suppliers = sum('suppliers');
      const spend = sum('spend');
      const matchedSuppliers = sum('matched_suppliers');
      const matchedSpend = sum('matched_spend');
      return {
        currency,
        currencies: currencies.map((c) => ({ currency: c.currency, jobs: c.jobs })),
        jobs: sum('jobs'),
        suppliers,
        matchedSuppliers,
        matchRatePercent: percent(matchedSuppliers, suppliers),
        spend: money(spend),
        matchedSpend: money(matchedSpend),
        matchedSpendPercent: percent(matchedSpend, spend),
        cardAcceptanceByIssuer: rows
          .map((r) => ({
            issuerId: r.issuer_id,
            issuerName: r.issuer_name,
            jobs: r.jobs,
            suppliers: r.suppliers,
            acceptingSuppliers: r.accepting_suppliers,
            supplierPercent: percent(r.accepting_suppliers, r.suppliers),
            spend: money(r.spend),
            acceptingSpend: money(r.accepting_spend),
            spendPercent: percent(r.accepting_spend, r.spend),
          }))
          .sort((a, b) => b.spend - a.spend || a.issuerName.localeCompare(b.issuerName)),
      };
    },

    /** Through the campaigns service: its list applies the job visibility rule. */
    async campaigns(actor: Actor): Promise<DashboardCampaigns> {
      const [counts, active] = await Promise.all([
        deps.campaigns.countByStatus(actor),
        deps.campaigns.listAll(actor, campaignPage('Active', DASHBOARD_LIST_ROWS)),
      ]);
      return {
        pending: counts.Pending,
        active: counts.Active,
        completed: counts.Completed,
        inProgress: active.collection.map((c) => ({
          id: c.id,
          name: c.name,
          jobId: c.jobId,
          jobName: c.jobName,
          route: c.route,
          startedOn: c.startedOn,
          counters: c.counters,
        })),
      };
    },

    /** The proq module's monitoring (trigger-kept counts, worker heartbeats), not its tables. */
    async proqHealth(): Promise<DashboardProq> {
      const [data, status] = await Promise.all([
        deps.proq.getMonitoringData(),
        deps.proq.getStatusDetails(),
      ]);
      return {
        queued: data.queueCounts.queuedCommandsCount,
        errors: data.queueCounts.queuedErrorCommandsCount,
        completed: data.queueCounts.queuedCompletedCommandsCount,
        workersAlive: status.workers.filter((w) => w.isAlive).length,
        workers: status.workers.length,
        isPaused: data.isPaused,
      };
    },

    /** The concurrency module's presence, one row per person (their latest entity). */
    async activeUsers(actor: Actor): Promise<DashboardActiveUsers> {
      const entries = await deps.concurrency.activeUserEntries(actor);
      const latest = new Map<string, (typeof entries)[number]>();
      for (const e of entries) {
        const seen = latest.get(e.userId);
        if (!seen || e.lastSeenAt > seen.lastSeenAt) latest.set(e.userId, e);
      }
      const people = [...latest.values()].sort(
        (a, b) => b.lastSeenAt.localeCompare(a.lastSeenAt) || a.userName.localeCompare(b.userName),
      );
      return {
        count: people.length,
        users: people.slice(0, DASHBOARD_LIST_ROWS).map((e) => ({
          userId: e.userId,
          displayName: e.displayName,
          userName: e.userName,
          entityType: e.entityType,
          entityName: e.entityName,
          lastSeenAt: e.lastSeenAt,
        })),
      };
    },
  };
}
