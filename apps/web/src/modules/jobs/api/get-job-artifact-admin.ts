import { jobsEndpoints, type JobArtifactAdminSchema } from '@b2b/contract';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { jobsQueryKeys } from './jobs-query-keys';

type JobArtifactAdmin = z.infer<typeof JobArtifactAdminSchema>;

/** The job's owner, issuer and every authorised end user with their connection. */
export function getJobArtifactAdmin(jobId: string, signal?: AbortSignal) {
  return apiRequest(jobsEndpoints.getJobArtifactAdmin, { params: { id: jobId }, signal });
}

export function jobAdminQueryOptions(jobId: string) {
  return queryOptions({
    queryKey: jobsQueryKeys.admin(jobId),
    queryFn: ({ signal }) => getJobArtifactAdmin(jobId, signal),
  });
}

export function useJobAdmin(jobId: string) {
  return useQuery(jobAdminQueryOptions(jobId));
}

/** After an owner or user change: the answer is stored, the job and the job list reread. */
export function useStoreJobAdmin(jobId: string) {
  const queryClient = useQueryClient();
  return (admin: JobArtifactAdmin) => {
    queryClient.setQueryData(jobsQueryKeys.admin(jobId), admin);
    void queryClient.invalidateQueries({ queryKey: jobsQueryKeys.job(jobId), exact: true });
    void queryClient.invalidateQueries({ queryKey: jobsQueryKeys.list });
  };
}
