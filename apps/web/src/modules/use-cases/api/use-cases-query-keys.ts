/**
 * Query keys of the use-cases module. A job's use cases sit under one key, so a change to any
 * of them re-reads the list, the detail pages and their supplier grids.
 */
export const useCasesQueryKeys = {
  templates: ['use-cases', 'templates'] as const,
  ofJob: (jobId: string) => ['use-cases', 'job', jobId] as const,
  list: (jobId: string) => ['use-cases', 'job', jobId, 'list'] as const,
  useCase: (jobId: string, useCaseId: string) =>
    ['use-cases', 'job', jobId, 'use-case', useCaseId] as const,
  suppliers: (jobId: string, useCaseId: string) =>
    ['use-cases', 'job', jobId, 'use-case', useCaseId, 'suppliers'] as const,
  supplier: (jobId: string, useCaseId: string, supplierKey: string) =>
    ['use-cases', 'job', jobId, 'use-case', useCaseId, 'supplier', supplierKey] as const,
};
