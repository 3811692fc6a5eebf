import { issuersEndpoints, type PagedListRequest } from '@b2b/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { adminQueryKeys } from './admin-query-keys';

/** One page of issuers (grid key: `adminQueryKeys.issuers`). */
export function listIssuers(body: PagedListRequest, signal?: AbortSignal) {
  return apiRequest(issuersEndpoints.listIssuers, { body, signal });
}

/** Every issuer by name, for a select (500 at most). */
export function issuerOptionsQueryOptions() {
  return queryOptions({
    queryKey: adminQueryKeys.issuerOptions,
    queryFn: ({ signal }) =>
      listIssuers({ pageNumber: 1, pageSize: 500, filters: [], orderBy: 'name' }, signal),
  });
}
