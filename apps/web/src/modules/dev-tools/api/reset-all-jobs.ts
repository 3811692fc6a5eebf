import { devToolsEndpoints } from '@b2b/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** Starts every submitted job's pipeline over; the confirmation is what the person typed. */
export function resetAllJobs(confirmation: string) {
  return apiRequest(devToolsEndpoints.resetAllJobs, { body: { confirmation } });
}

export function useResetAllJobs() {
  return useMutation({ mutationFn: resetAllJobs });
}
