import { businessCaseEndpoints, type SpendSource } from '@b2b/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { businessCaseQueryKeys } from './business-case-query-keys';

/** The spend aggregates of a source; score levels are fetched all at once (see the keys). */
export function getBusinessCaseSpend(jobId: string, source: SpendSource, signal?: AbortSignal) {
  const sent: SpendSource =
    source.kind === 'scoreLevel'
      ? { kind: 'scoreLevel', levels: ['High', 'Medium', 'Low', 'None'] }
      : source;
  return apiRequest(businessCaseEndpoints.getBusinessCaseSpend, {
    params: { id: jobId },
    body: { source: sent },
    signal,
  });
}

export function businessCaseSpendQueryOptions(jobId: string, source: SpendSource) {
  return queryOptions({
    queryKey: businessCaseQueryKeys.spend(jobId, source),
    queryFn: ({ signal }) => getBusinessCaseSpend(jobId, source, signal),
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
  });
}

export function useBusinessCaseSpend(jobId: string, source: SpendSource, enabled = true) {
  return useQuery({ ...businessCaseSpendQueryOptions(jobId, source), enabled });
}
