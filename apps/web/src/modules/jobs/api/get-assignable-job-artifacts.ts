import { jobsEndpoints } from '@b2b/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** Jobs a user could be assigned to directly: jobs the caller sees, of the user's issuers. */
export function getAssignableJobArtifacts(userId: string, signal?: AbortSignal) {
  return apiRequest(jobsEndpoints.getAssignableJobArtifacts, { params: { id: userId }, signal });
}

export function assignableJobArtifactsQueryKey(userId: string) {
  return ['jobs', 'assignable', userId] as const;
}

export function useAssignableJobArtifacts(userId: string, enabled: boolean) {
  return useQuery({
    queryKey: assignableJobArtifactsQueryKey(userId),
    queryFn: ({ signal }) => getAssignableJobArtifacts(userId, signal),
    enabled,
  });
}
