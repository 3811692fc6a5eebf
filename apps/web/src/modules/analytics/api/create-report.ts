import { analyticsEndpoints, type SaveReportRequestInput } from '@b2b/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { analyticsKeys } from './analytics-query-keys';

/** Saves a new report. */
export function createReport(body: SaveReportRequestInput) {
  return apiRequest(analyticsEndpoints.createReport, { body });
}

export function useCreateReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createReport,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: analyticsKeys.reports }),
  });
}
