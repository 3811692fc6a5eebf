import { type CardNetwork, downloadsEndpoints, endpointPath } from '@b2b/contract';

/** Where the browser downloads a card network's supplier-matching file of a job. */
export function networkVendorFileUrl(jobId: string, network: CardNetwork): string {
  return endpointPath(downloadsEndpoints.networkVendorFile.path, { id: jobId, network });
}
