import { supplierListsEndpoints } from '@b2b/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { adminQueryKeys } from './admin-query-keys';

/** An issuer's supplier include and exclude lists. */
export function getIssuerSupplierLists(id: string, signal?: AbortSignal) {
  return apiRequest(supplierListsEndpoints.getIssuerSupplierLists, { params: { id }, signal });
}

export function issuerSupplierListsQueryOptions(id: string) {
  return queryOptions({
    queryKey: adminQueryKeys.issuerSupplierLists(id),
    queryFn: ({ signal }) => getIssuerSupplierLists(id, signal),
  });
}

export function useIssuerSupplierLists(id: string) {
  return useQuery(issuerSupplierListsQueryOptions(id));
}
