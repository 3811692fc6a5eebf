import { type DataDownloadQuery, downloadsEndpoints, endpointPath } from '@b2b/contract';

/** Where the browser streams the Analysis Data download of a job (a plain link). */
export function analysisDataDownloadUrl(jobId: string, query: DataDownloadQuery): string {
  const path = endpointPath(downloadsEndpoints.analysisDataDownload.path, { id: jobId });
  return `${path}?${new URLSearchParams(query).toString()}`;
}
