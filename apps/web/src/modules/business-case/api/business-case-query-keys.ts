import type { BusinessCaseSupplierSearch, SpendSource } from '@b2b/contract';

/**
 * Query keys of the business-case module. A job's context (defaults and scenarios) sits under
 * one key; spend aggregates per source, where score levels share one fetch (the calculator
 * filters levels itself, so ticking a level never calls the server).
 */
export const businessCaseQueryKeys = {
  context: (jobId: string) => ['business-case', jobId, 'context'] as const,
  spend: (jobId: string, source: SpendSource) =>
    [
      'business-case',
      jobId,
      'spend',
      source.kind === 'scoreLevel'
        ? 'all-levels'
        : source.kind === 'useCase'
          ? source.useCaseId
          : source.supplierKeys.join('\n'),
    ] as const,
  suppliers: (jobId: string, body: BusinessCaseSupplierSearch) =>
    ['business-case', jobId, 'suppliers', body] as const,
};
