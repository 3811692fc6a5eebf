import { jobsEndpoints } from '@b2b/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useStoreJob } from './get-job';

/** Publishes (or withdraws) a finished job; answers the job as it now stands. */
export function publishJob(jobId: string, isPublished: boolean) {
  return apiRequest(jobsEndpoints.publishJob, { params: { id: jobId }, body: { isPublished } });
}

export function usePublishJob(jobId: string) {
  const store = useStoreJob();
  return useMutation({
    mutationFn: (isPublished: boolean) => publishJob(jobId, isPublished),
    onSuccess: store,
  });
}
