import { jobsEndpoints } from '@b2b/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useStoreJobAdmin } from './get-job-artifact-admin';

export type JobUserAssignment = { userId: string; isAssigned: boolean };

/** Assigns a user to the job directly, or removes the assignment. */
export function updateJobArtifactUserAssignment(jobId: string, input: JobUserAssignment) {
  return apiRequest(jobsEndpoints.updateJobArtifactUserAssignment, {
    body: { jobArtifactId: jobId, ...input },
  });
}

export function useAssignJobUser(jobId: string) {
  const store = useStoreJobAdmin(jobId);
  return useMutation({
    mutationFn: (input: JobUserAssignment) => updateJobArtifactUserAssignment(jobId, input),
    onSuccess: store,
  });
}
