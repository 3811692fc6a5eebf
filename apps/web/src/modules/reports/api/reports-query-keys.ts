import type { InsightSliceQuery } from '@b2b/contract';

/** Query keys of the reports module. */
export const reportsQueryKeys = {
  all: ['reports'] as const,
  topSuppliers: (jobId: string, slice: InsightSliceQuery) =>
    ['reports', 'top-suppliers', jobId, slice] as const,
  preparedDownload: (downloadId: string) => ['reports', 'prepared-download', downloadId] as const,
};
