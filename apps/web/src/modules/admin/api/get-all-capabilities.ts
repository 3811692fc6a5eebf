import { issuersEndpoints } from '@b2b/contract';
import { apiRequest } from '../../../lib/api-client';

/** The capabilities an issuer may have. */
export function getAllCapabilities(signal?: AbortSignal) {
  return apiRequest(issuersEndpoints.getAllCapabilities, { signal });
}
