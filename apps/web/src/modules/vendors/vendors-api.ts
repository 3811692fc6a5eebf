import { vendorsEndpoints, type PagedListRequest } from '@b2b/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';
import { isApiError } from '../../lib/api-error';

export const vendorsQueryKeys = {
  search: ['vendors', 'search'] as const,
  vendor: (vendorId: string) => ['vendors', 'vendor', vendorId] as const,
  matchedSuppliers: (vendorId: string) => ['vendors', 'vendor', vendorId, 'suppliers'] as const,
};

export function searchVendors(body: PagedListRequest, signal?: AbortSignal) {
  return apiRequest(vendorsEndpoints.searchVendors, { body, signal });
}

/** One page of the suppliers of the user's visible jobs matched to the merchant. */
export function fetchMatchedSuppliers(
  vendorId: string,
  body: PagedListRequest,
  signal?: AbortSignal,
) {
  return apiRequest(vendorsEndpoints.vendorMatchedSuppliers, {
    params: { vendorId },
    body,
    signal,
  });
}

export function useVendor(vendorId: string) {
  return useQuery({
    queryKey: vendorsQueryKeys.vendor(vendorId),
    queryFn: ({ signal }) =>
      apiRequest(vendorsEndpoints.getVendor, { params: { vendorId }, signal }),
    retry: (count, error) => !isApiError(error, 404) && !isApiError(error, 409) && count < 2,
  });
}
