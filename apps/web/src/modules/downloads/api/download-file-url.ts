import { downloadsEndpoints, endpointPath } from '@b2b/contract';

/**
 * Where a Ready prepared download's file is: a plain link, so the browser saves it with the
 * session cookie (a GET needs no CSRF header).
 */
export function downloadFileUrl(downloadId: string): string {
  return endpointPath(downloadsEndpoints.downloadFile.path, { downloadId });
}
