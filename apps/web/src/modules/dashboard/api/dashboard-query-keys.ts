import type { DashboardInterval } from '@b2b/contract';

const ALL = ['dashboard'] as const;

/** Query keys of the dashboard: one per tile call, keyed by what it was asked. */
export const dashboardKeys = {
  all: ALL,
  jobActivity: (interval: DashboardInterval) => [...ALL, 'job-activity', interval] as const,
  jobsNow: [...ALL, 'jobs-now'] as const,
  analysis: (currency: string | undefined) => [...ALL, 'analysis', currency ?? null] as const,
  campaigns: [...ALL, 'campaigns'] as const,
  proq: [...ALL, 'proq'] as const,
  activeUsers: [...ALL, 'active-users'] as const,
};

/** Tiles of slow-changing figures refresh every half minute while the dashboard is open. */
export const DASHBOARD_REFRESH_MS = 30_000;
