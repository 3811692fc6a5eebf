import { downloadsEndpoints, type ReportPdfRequest } from '@b2b/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/**
 * Asks for a PDF of a printable route: a prepared download of kind `report-pdf`, printed by
 * Chromium in a ProQ command; it lands in the user's downloads list.
 */
export function requestReportPdf(jobId: string, request: ReportPdfRequest) {
  return apiRequest(downloadsEndpoints.requestDownload, {
    params: { id: jobId },
    body: { kind: 'report-pdf', format: 'pdf', params: request },
  });
}

export function useRequestReportPdf(jobId: string) {
  return useMutation({
    mutationFn: (request: ReportPdfRequest) => requestReportPdf(jobId, request),
  });
}
