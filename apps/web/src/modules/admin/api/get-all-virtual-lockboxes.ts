import { issuersEndpoints } from '@b2b/contract';
import { apiRequest } from '../../../lib/api-client';

/** The virtual lockboxes an issuer may use. */
export function getAllVirtualLockboxes(signal?: AbortSignal) {
  return apiRequest(issuersEndpoints.getAllVirtualLockboxes, { signal });
}
