import { useCasesEndpoints } from '@b2b/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useCasesQueryKeys } from './use-cases-query-keys';

/** A job's use cases with their suppliers, spend, estimated value and risk. */
export function listJobUseCases(jobId: string, signal?: AbortSignal) {
  return apiRequest(useCasesEndpoints.listJobUseCases, { params: { id: jobId }, signal });
}

export function jobUseCasesQueryOptions(jobId: string) {
  return queryOptions({
    queryKey: useCasesQueryKeys.list(jobId),
    queryFn: ({ signal }) => listJobUseCases(jobId, signal),
  });
}

export function useJobUseCases(jobId: string) {
  return useQuery(jobUseCasesQueryOptions(jobId));
}
