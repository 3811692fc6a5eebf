import { systemAuditEndpoints } from '@b2b/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { devopsQueryKeys } from './devops-query-keys';

/** How often the screen asks whether the health check finished. */
export const HEALTH_CHECK_POLL_MS = 1000;

/** How the health check of this correlation id is doing (and its outcome once completed). */
export function commandExecuteValidate(correlationId: string, signal?: AbortSignal) {
  return apiRequest(systemAuditEndpoints.commandExecuteValidate, {
    body: { correlationId },
    signal,
  });
}

/**
 * Follows a health check until its command finished (polling stops then). Not tied to the
 * queries-refetch flag: this follows the user's own action to its end, it is not a background
 * refresh.
 */
export function healthCheckOutcomeQueryOptions(correlationId: string) {
  return queryOptions({
    queryKey: devopsQueryKeys.healthCheck(correlationId),
    queryFn: ({ signal }) => commandExecuteValidate(correlationId, signal),
    refetchInterval: (query) => (query.state.data?.isCompleted ? false : HEALTH_CHECK_POLL_MS),
  });
}

export function useHealthCheckOutcome(correlationId: string | null) {
  return useQuery({
    ...healthCheckOutcomeQueryOptions(correlationId ?? ''),
    enabled: !!correlationId,
  });
}
