import { useCasesEndpoints } from '@b2b/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useCasesQueryKeys } from './use-cases-query-keys';

/** One use case with its figures. */
export function getJobUseCase(jobId: string, useCaseId: string, signal?: AbortSignal) {
  return apiRequest(useCasesEndpoints.getJobUseCase, {
    params: { id: jobId, useCaseId },
    signal,
  });
}

export function jobUseCaseQueryOptions(jobId: string, useCaseId: string) {
  return queryOptions({
    queryKey: useCasesQueryKeys.useCase(jobId, useCaseId),
    queryFn: ({ signal }) => getJobUseCase(jobId, useCaseId, signal),
  });
}

export function useJobUseCase(jobId: string, useCaseId: string) {
  return useQuery(jobUseCaseQueryOptions(jobId, useCaseId));
}
