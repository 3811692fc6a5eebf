import { dashboardEndpoints } from '@b2b/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { DASHBOARD_REFRESH_MS, dashboardKeys } from './dashboard-query-keys';

/** Match rate, spend analysed and card acceptance by issuer, in one currency (default: the server's). */
export function getAnalysis(currency: string | undefined, signal?: AbortSignal) {
  return apiRequest(dashboardEndpoints.getAnalysis, {
    query: currency ? { currency } : {},
    signal,
  });
}

export function analysisQueryOptions(currency: string | undefined) {
  return queryOptions({
    queryKey: dashboardKeys.analysis(currency),
    queryFn: ({ signal }) => getAnalysis(currency, signal),
    refetchInterval: DASHBOARD_REFRESH_MS,
    // Switching currency keeps the figures shown until the new ones arrive.
    placeholderData: keepPreviousData,
  });
}

export function useAnalysis(currency: string | undefined) {
  return useQuery(analysisQueryOptions(currency));
}
