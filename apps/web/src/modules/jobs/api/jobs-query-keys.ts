/** Query keys of the job screens; actions invalidate through the same keys. */
export const jobsQueryKeys = {
  all: ['jobs'] as const,
  list: ['jobs', 'list'] as const,
  ownerFilterItems: ['jobs', 'owner-filter-items'] as const,
  job: (jobId: string) => ['jobs', 'job', jobId] as const,
  logs: (jobId: string) => ['jobs', 'job', jobId, 'logs'] as const,
  admin: (jobId: string) => ['jobs', 'job', jobId, 'admin'] as const,
  preview: (jobId: string, fileId: string) => ['jobs', 'job', jobId, 'preview', fileId] as const,
  wizardIssuers: ['jobs', 'wizard', 'issuers'] as const,
  rulesets: (kind: 'confidence' | 'scoring') => ['rulesets', kind] as const,
  ruleset: (kind: 'confidence' | 'scoring', version: number | 'active') =>
    ['rulesets', kind, version] as const,
};
