import { type AnonymizeDatabase, devToolsEndpoints } from '@b2b/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** Rewrites the personal data of a copy of the database (or, forced, of the live one). */
export function anonymizeDatabase(body: AnonymizeDatabase) {
  return apiRequest(devToolsEndpoints.anonymizeDatabase, { body });
}

export function useAnonymizeDatabase() {
  return useMutation({ mutationFn: anonymizeDatabase });
}
