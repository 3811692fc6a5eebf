import { analyticsEndpoints, type SaveReportRequestInput } from '@b2b/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { analyticsKeys } from './analytics-query-keys';

/** Changes a report the user owns. */
export function updateReport(reportId: string, body: SaveReportRequestInput) {
  return apiRequest(analyticsEndpoints.updateReport, { params: { reportId }, body });
}

export function useUpdateReport(reportId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveReportRequestInput) => updateReport(reportId, body),
    onSuccess: (report) => {
      queryClient.setQueryData(analyticsKeys.report(reportId), report);
      return queryClient.invalidateQueries({ queryKey: analyticsKeys.reports, exact: true });
    },
  });
}
