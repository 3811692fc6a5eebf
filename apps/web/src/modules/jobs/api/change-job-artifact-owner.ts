import { jobsEndpoints } from '@b2b/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useStoreJobAdmin } from './get-job-artifact-admin';

/** Hands the job to another user of its issuer; answers the job's users as they now stand. */
export function changeJobArtifactOwner(jobId: string, ownerId: string) {
  return apiRequest(jobsEndpoints.changeJobArtifactOwner, {
    params: { id: jobId },
    body: { ownerId },
  });
}

export function useChangeJobOwner(jobId: string) {
  const store = useStoreJobAdmin(jobId);
  return useMutation({
    mutationFn: (ownerId: string) => changeJobArtifactOwner(jobId, ownerId),
    onSuccess: store,
  });
}
