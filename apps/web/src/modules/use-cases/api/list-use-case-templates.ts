import { useCasesEndpoints } from '@b2b/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useCasesQueryKeys } from './use-cases-query-keys';

/** The shipped use-case templates, per card product. */
export function listUseCaseTemplates(signal?: AbortSignal) {
  return apiRequest(useCasesEndpoints.listUseCaseTemplates, { signal });
}

export function useCaseTemplatesQueryOptions() {
  return queryOptions({
    queryKey: useCasesQueryKeys.templates,
    queryFn: ({ signal }) => listUseCaseTemplates(signal),
    staleTime: Infinity,
  });
}

export function useUseCaseTemplates() {
  return useQuery(useCaseTemplatesQueryOptions());
}
