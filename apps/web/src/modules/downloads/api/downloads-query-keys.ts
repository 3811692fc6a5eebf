/** Query keys of the downloads module: the signed-in user's prepared downloads, per job. */
export const downloadsQueryKeys = {
  all: ['downloads'] as const,
  list: (jobId?: string) => ['downloads', 'list', jobId ?? 'all'] as const,
};
