import {
  jobsEndpoints,
  type JobDetails,
  type PagedListRequest,
  type WorkflowStepKind,
} from '@b2b/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { isApiError } from '../../../lib/api-error';
import { useRefetchInterval } from '../../../lib/client-flags';
import { jobsQueryKeys } from './jobs-query-keys';

/** How often a running job's steps and logs are asked for again. */
export const JOB_REFRESH_MS = 2_000;

/** One page of the /analysis job list. */
export function listJobs(body: PagedListRequest, signal?: AbortSignal) {
  return apiRequest(jobsEndpoints.listJobs, { body, signal });
}

export function useJobOwnerFilterItems() {
  return useQuery({
    queryKey: jobsQueryKeys.ownerFilterItems,
    queryFn: ({ signal }) => apiRequest(jobsEndpoints.getJobOwnersFilterItems, { signal }),
    staleTime: 60_000,
  });
}

/** A job is still moving while it is submitted and not finished (or failed). */
export function isJobRunning(job: JobDetails | undefined): boolean {
  return job?.status === 'Processing';
}

/**
 * One job. While it runs it is polled (through the queries-refetch flag), so steps and the
 * header status move on their own. A 404 (not the user's job) is not retried.
 */
export function useJob(jobId: string | undefined) {
  const interval = useRefetchInterval(JOB_REFRESH_MS);
  return useQuery({
    queryKey: jobsQueryKeys.job(jobId ?? ''),
    queryFn: ({ signal }) => apiRequest(jobsEndpoints.getJob, { params: { id: jobId! }, signal }),
    enabled: !!jobId,
    retry: (count, error) => !isApiError(error, 404) && !isApiError(error, 403) && count < 2,
    refetchInterval: (query) => (isJobRunning(query.state.data) ? interval : false),
  });
}

/** Puts a job's fresh details in the cache after an action answered with them. */
export function useStoreJob() {
  const queryClient = useQueryClient();
  return (job: JobDetails) => {
    queryClient.setQueryData(jobsQueryKeys.job(job.id), job);
    void queryClient.invalidateQueries({ queryKey: jobsQueryKeys.list });
  };
}

export function usePublishJob(jobId: string) {
  const store = useStoreJob();
  return useMutation({
    mutationFn: (isPublished: boolean) =>
      apiRequest(jobsEndpoints.publishJob, { params: { id: jobId }, body: { isPublished } }),
    onSuccess: store,
  });
}

export function useRetryStep(jobId: string) {
  const store = useStoreJob();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (step: WorkflowStepKind) =>
      apiRequest(jobsEndpoints.retryJobStep, { params: { id: jobId, step } }),
    onSuccess: (job) => {
      store(job);
      void queryClient.invalidateQueries({ queryKey: jobsQueryKeys.logs(jobId) });
    },
  });
}

export function getJobLogs(jobId: string, afterId: number | undefined, signal?: AbortSignal) {
  return apiRequest(jobsEndpoints.getJobLogs, {
    params: { id: jobId },
    query: { afterId, limit: 500 },
    signal,
  });
}
