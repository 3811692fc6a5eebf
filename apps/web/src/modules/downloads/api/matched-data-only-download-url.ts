import { type DataDownloadQuery, downloadsEndpoints, endpointPath } from '@b2b/contract';

/** Where the browser streams the Matched Data Only download of a job (a plain link). */
export function matchedDataOnlyDownloadUrl(jobId: string, query: DataDownloadQuery): string {
  const path = endpointPath(downloadsEndpoints.matchedDataOnlyDownload.path, { id: jobId });
  return `${path}?${new URLSearchParams(query).toString()}`;
}
