/** Query keys of accounting connections; the public page keys its own (`accounting-link`). */
export const mergeLinksQueryKeys = {
  all: ['merge-linked-accounts'] as const,
  list: ['merge-linked-accounts', 'list'] as const,
  job: (jobId: string) => ['merge-linked-accounts', 'job', jobId] as const,
};
