import { endpointPath, referenceDataEndpoints } from '@b2b/contract';

/** Where the browser downloads every row an import of this version rejected. */
export function rejectedRowsCsvUrl(versionId: string): string {
  return endpointPath(referenceDataEndpoints.downloadReferenceRejects.path, { versionId });
}
