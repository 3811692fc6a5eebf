import { referenceDataEndpoints, type StartReferenceImport } from '@b2b/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** Queues the import of an upload with its mapping; answers the command id to follow. */
export function startReferenceImport(body: StartReferenceImport) {
  return apiRequest(referenceDataEndpoints.startReferenceImport, { body });
}

export function useStartReferenceImport() {
  return useMutation({ mutationFn: startReferenceImport });
}
