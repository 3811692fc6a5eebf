import { endpointPath, toolsEndpoints } from '@b2b/contract';

/**
 * Where a Ready address file's result CSV is: a plain link, so the browser saves it with the
 * session cookie (a GET needs no CSRF header).
 */
export function addressFileRunResultUrl(runId: string): string {
  return endpointPath(toolsEndpoints.addressFileRunResult.path, { runId });
}
