import { analyticsEndpoints } from '@b2b/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { analyticsKeys } from './analytics-query-keys';

/** One saved report. */
export function getReport(reportId: string, signal?: AbortSignal) {
  return apiRequest(analyticsEndpoints.getReport, { params: { reportId }, signal });
}

export function reportQueryOptions(reportId: string) {
  return queryOptions({
    queryKey: analyticsKeys.report(reportId),
    queryFn: ({ signal }) => getReport(reportId, signal),
  });
}

export function useReport(reportId: string) {
  return useQuery(reportQueryOptions(reportId));
}
