import { systemAuditEndpoints } from '@b2b/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** Queues the health-check command; answers its correlationId. */
export function runSystemHealthCheck() {
  return apiRequest(systemAuditEndpoints.runSystemHealthCheck);
}

export function useStartHealthCheck() {
  return useMutation({ mutationFn: runSystemHealthCheck });
}
