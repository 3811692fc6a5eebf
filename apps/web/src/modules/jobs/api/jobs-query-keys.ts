import type { InsightChartQuery, InsightSliceQuery } from '@b2b/contract';

export type RulesetKind = 'confidence' | 'scoring';

/**
 * Query keys of the jobs module (jobs, their suppliers and insights, rulesets); every action
 * invalidates through these keys. A job's suppliers sit under the job, so re-reading a job
 * with `exact: false` re-reads them too.
 */
export const jobsQueryKeys = {
  all: ['jobs'] as const,
  list: ['jobs', 'list'] as const,
  ownerFilterItems: ['jobs', 'owner-filter-items'] as const,
  job: (jobId: string) => ['jobs', 'job', jobId] as const,
  logs: (jobId: string) => ['jobs', 'job', jobId, 'logs'] as const,
  admin: (jobId: string) => ['jobs', 'job', jobId, 'admin'] as const,
  preview: (jobId: string, fileId: string) => ['jobs', 'job', jobId, 'preview', fileId] as const,
  suppliers: (jobId: string) => ['jobs', 'job', jobId, 'suppliers'] as const,
  supplierList: (jobId: string) => ['jobs', 'job', jobId, 'suppliers', 'list'] as const,
  supplier: (jobId: string, supplierKey: string) =>
    ['jobs', 'job', jobId, 'suppliers', 'detail', supplierKey] as const,
  insights: (jobId: string) => ['jobs', jobId, 'insights'] as const,
  insightSummary: (jobId: string, slice: InsightSliceQuery) =>
    ['jobs', jobId, 'insights', 'summary', slice] as const,
  insightChart: (jobId: string, query: InsightChartQuery) =>
    ['jobs', jobId, 'insights', 'chart', query] as const,
  insightSlicers: (jobId: string) => ['jobs', jobId, 'insights', 'slicers'] as const,
  wizardIssuers: ['jobs', 'wizard', 'issuers'] as const,
  rulesets: (kind: RulesetKind) => ['rulesets', kind] as const,
  ruleset: (kind: RulesetKind, version: number | 'active') => ['rulesets', kind, version] as const,
  rulesetDryRun: (kind: RulesetKind, dryRunId: string) =>
    ['ruleset-dry-runs', kind, dryRunId] as const,
  rulesetDryRunChanges: (kind: RulesetKind, dryRunId: string, page: number, pageSize: number) =>
    ['ruleset-dry-runs', kind, dryRunId, 'changes', page, pageSize] as const,
  completedJobs: ['jobs', 'list', 'completed'] as const,
  recentJobs: ['jobs', 'list', 'recent'] as const,
};
