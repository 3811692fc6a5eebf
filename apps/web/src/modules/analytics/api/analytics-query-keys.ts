const ALL = ['analytics'] as const;

/** Query keys of the analytics query builder and saved reports. */
export const analyticsKeys = {
  all: ALL,
  datasets: [...ALL, 'datasets'] as const,
  reports: [...ALL, 'reports'] as const,
  report: (id: string) => [...ALL, 'reports', id] as const,
  shareCandidates: [...ALL, 'share-candidates'] as const,
};
