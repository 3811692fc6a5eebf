import { analyticsEndpoints, endpointPath } from '@b2b/contract';

/**
 * Where a report's export is: a plain link, so the browser saves the file with the session
 * cookie (a GET needs no CSRF header).
 */
export function exportReportUrl(reportId: string, format: 'csv' | 'xlsx'): string {
  return `${endpointPath(analyticsEndpoints.exportReport.path, { reportId })}?format=${format}`;
}
