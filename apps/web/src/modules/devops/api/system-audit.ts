import { systemAuditEndpoints } from '@b2b/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { devopsQueryKeys } from './devops-query-keys';

/** How often the screen asks whether the health check finished. */
export const HEALTH_CHECK_POLL_MS = 1000;

export function useIntegrationConfiguration() {
  return useQuery({
    queryKey: devopsQueryKeys.integrationConfiguration,
    queryFn: ({ signal }) =>
      apiRequest(systemAuditEndpoints.getIntegrationConfigurations, { signal }),
  });
}

/** Connects to every integration now; each result has success and message. */
export function useVerifyIntegrations() {
  return useMutation({
    mutationFn: () => apiRequest(systemAuditEndpoints.verifyIntegrationsConfiguration),
  });
}

/** Queues the health-check command; answers its correlationId. */
export function useStartHealthCheck() {
  return useMutation({
    mutationFn: () => apiRequest(systemAuditEndpoints.runSystemHealthCheck),
  });
}

/**
 * Follows a health check until its command finished (polling stops then). Not tied to the
 * queries-refetch flag: this follows the user's own action to its end, it is not a background
 * refresh.
 */
export function useHealthCheckOutcome(correlationId: string | null) {
  return useQuery({
    queryKey: devopsQueryKeys.healthCheck(correlationId ?? ''),
    queryFn: ({ signal }) =>
      apiRequest(systemAuditEndpoints.commandExecuteValidate, {
        body: { correlationId: correlationId! },
        signal,
      }),
    enabled: !!correlationId,
    refetchInterval: (query) => (query.state.data?.isCompleted ? false : HEALTH_CHECK_POLL_MS),
  });
}
