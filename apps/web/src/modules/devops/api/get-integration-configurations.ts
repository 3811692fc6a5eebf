import { systemAuditEndpoints } from '@b2b/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { devopsQueryKeys } from './devops-query-keys';

/** The configured integrations, secrets hidden. */
export function getIntegrationConfigurations(signal?: AbortSignal) {
  return apiRequest(systemAuditEndpoints.getIntegrationConfigurations, { signal });
}

export function integrationConfigurationQueryOptions() {
  return queryOptions({
    queryKey: devopsQueryKeys.integrationConfiguration,
    queryFn: ({ signal }) => getIntegrationConfigurations(signal),
  });
}

export function useIntegrationConfiguration() {
  return useQuery(integrationConfigurationQueryOptions());
}
