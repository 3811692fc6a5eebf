import { issuersEndpoints } from '@b2b/contract';
import { apiRequest } from '../../../lib/api-client';

/** The languages an issuer may speak. */
export function getAllIssuerLanguages(signal?: AbortSignal) {
  return apiRequest(issuersEndpoints.getAllIssuerLanguages, { signal });
}
