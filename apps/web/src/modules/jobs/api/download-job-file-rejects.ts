import { endpointPath, jobsEndpoints } from '@b2b/contract';

/** Where the browser downloads every rejected row of a file's latest validation. */
export function rejectsCsvUrl(jobId: string, fileId: string): string {
  return endpointPath(jobsEndpoints.downloadJobFileRejects.path, { id: jobId, fileId });
}
