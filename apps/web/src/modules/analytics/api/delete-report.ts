import { analyticsEndpoints } from '@b2b/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { analyticsKeys } from './analytics-query-keys';

/** Deletes a report the user owns. */
export function deleteReport(reportId: string) {
  return apiRequest(analyticsEndpoints.deleteReport, { params: { reportId } });
}

export function useDeleteReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteReport,
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: analyticsKeys.reports, exact: true }),
  });
}
