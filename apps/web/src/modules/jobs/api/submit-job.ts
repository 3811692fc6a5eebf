import { jobsEndpoints } from '@b2b/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useStoreJob } from './get-job';

/** Submits a draft job: its pipeline is queued; answers the job. */
export function submitJob(jobId: string) {
  return apiRequest(jobsEndpoints.submitJob, { params: { id: jobId } });
}

export function useSubmitJob(jobId: string) {
  const store = useStoreJob();
  return useMutation({ mutationFn: () => submitJob(jobId), onSuccess: store });
}
