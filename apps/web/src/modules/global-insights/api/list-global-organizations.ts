import { globalInsightsEndpoints, type PagedListRequest } from '@b2b/contract';
import { apiRequest } from '../../../lib/api-client';
import type { GlobalFilter } from '../hooks/use-global-filter';

/** One page of the organizations of the filtered jobs (grid key: `globalInsightsKeys.organizations`). */
export function listOrganizations(
  filter: GlobalFilter,
  request: PagedListRequest,
  signal?: AbortSignal,
) {
  return apiRequest(globalInsightsEndpoints.listGlobalOrganizations, {
    body: { ...request, ...filter },
    signal,
  });
}
