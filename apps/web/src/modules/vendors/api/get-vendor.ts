import { vendorsEndpoints } from '@b2b/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { isApiError } from '../../../lib/api-error';
import { vendorsQueryKeys } from './vendors-query-keys';

/** One merchant with its card acceptance details. */
export function getVendor(vendorId: string, signal?: AbortSignal) {
  return apiRequest(vendorsEndpoints.getVendor, { params: { vendorId }, signal });
}

/** 404 (no such merchant) and 409 are answers, not glitches worth repeating. */
export function vendorQueryOptions(vendorId: string) {
  return queryOptions({
    queryKey: vendorsQueryKeys.vendor(vendorId),
    queryFn: ({ signal }) => getVendor(vendorId, signal),
    retry: (count, error) => !isApiError(error, 404) && !isApiError(error, 409) && count < 2,
  });
}

export function useVendor(vendorId: string) {
  return useQuery(vendorQueryOptions(vendorId));
}
