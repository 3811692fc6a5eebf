import { jobsEndpoints, usersEndpoints, type JobArtifactAdminSchema } from '@b2b/contract';
import type { z } from 'zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { jobsQueryKeys } from './jobs-query-keys';

type JobArtifactAdmin = z.infer<typeof JobArtifactAdminSchema>;

/** The job's owner, issuer and every authorised end user with their connection. */
export function useJobAdmin(jobId: string) {
  return useQuery({
    queryKey: jobsQueryKeys.admin(jobId),
    queryFn: ({ signal }) =>
      apiRequest(jobsEndpoints.getJobArtifactAdmin, { params: { id: jobId }, signal }),
  });
}

function useStoreAdmin(jobId: string) {
  const queryClient = useQueryClient();
  return (admin: JobArtifactAdmin) => {
    queryClient.setQueryData(jobsQueryKeys.admin(jobId), admin);
    void queryClient.invalidateQueries({ queryKey: jobsQueryKeys.job(jobId), exact: true });
    void queryClient.invalidateQueries({ queryKey: jobsQueryKeys.list });
  };
}

export function useChangeJobOwner(jobId: string) {
  const store = useStoreAdmin(jobId);
  return useMutation({
    mutationFn: (ownerId: string) =>
      apiRequest(jobsEndpoints.changeJobArtifactOwner, {
        params: { id: jobId },
        body: { ownerId },
      }),
    onSuccess: store,
  });
}

export function useAssignJobUser(jobId: string) {
  const store = useStoreAdmin(jobId);
  return useMutation({
    mutationFn: (input: { userId: string; isAssigned: boolean }) =>
      apiRequest(jobsEndpoints.updateJobArtifactUserAssignment, {
        body: { jobArtifactId: jobId, ...input },
      }),
    onSuccess: store,
  });
}

/** Users who may own a job of the issuer (change owner). */
export function searchPotentialOwners(issuerId: string, search: string, signal?: AbortSignal) {
  return apiRequest(usersEndpoints.getPotentialJobOwners, {
    query: { issuerId, search: search || undefined, limit: 20 },
    signal,
  });
}

/** Users to assign directly (any user the caller may read). */
export function searchUsers(search: string, signal?: AbortSignal) {
  return apiRequest(usersEndpoints.searchUsers, {
    query: { search: search || undefined, limit: 20 },
    signal,
  });
}
