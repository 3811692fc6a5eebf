/** Query keys of the endpoint comparison screens. */
export const endpointComparisonQueryKeys = {
  serviceTokens: ['endpoint-comparison', 'service-tokens'] as const,
  settings: ['endpoint-comparison', 'settings'] as const,
  job: (jobId: string, remoteJobId: string) =>
    ['endpoint-comparison', 'job', jobId, remoteJobId] as const,
  users: ['endpoint-comparison', 'users'] as const,
};
