import { systemAuditEndpoints } from '@b2b/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** Connects to every integration now; each result has success and message. */
export function verifyIntegrationsConfiguration() {
  return apiRequest(systemAuditEndpoints.verifyIntegrationsConfiguration);
}

export function useVerifyIntegrations() {
  return useMutation({ mutationFn: verifyIntegrationsConfiguration });
}
