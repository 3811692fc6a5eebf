import { proqEndpoints } from '@b2b/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { devopsQueryKeys } from './devops-query-keys';

/** One command with payload, attempts, result and log lines. */
export function getCommand(id: string, signal?: AbortSignal) {
  return apiRequest(proqEndpoints.getCommand, { params: { id }, signal });
}

export function proqCommandQueryOptions(id: string) {
  return queryOptions({
    queryKey: devopsQueryKeys.command(id),
    queryFn: ({ signal }) => getCommand(id, signal),
  });
}

export function useProqCommand(id: string | null) {
  return useQuery({ ...proqCommandQueryOptions(id ?? ''), enabled: !!id });
}
