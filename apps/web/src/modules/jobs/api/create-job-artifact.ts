import { jobsEndpoints, type JobType } from '@b2b/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useStoreJob } from './get-job';

export type JobSetup = {
  type: JobType;
  issuerId: string;
  buyerId: string;
  name: string;
  currency: string;
};

/** Creates a job from the wizard's setup step; answers the new job. */
export function createJobArtifact(query: JobSetup) {
  return apiRequest(jobsEndpoints.createJobArtifact, { query });
}

export function useCreateJob() {
  const store = useStoreJob();
  return useMutation({ mutationFn: createJobArtifact, onSuccess: store });
}
