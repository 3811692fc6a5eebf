import { jobsEndpoints, type JobDetails } from '@b2b/contract';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { isApiError } from '../../../lib/api-error';
import { useRefetchInterval } from '../../../lib/client-flags';
import { jobsQueryKeys } from './jobs-query-keys';

/** How often a running job's steps and logs are asked for again. */
export const JOB_REFRESH_MS = 2_000;

/** A job is still moving while it is submitted and not finished (or failed). */
export function isJobRunning(job: JobDetails | undefined): boolean {
  return job?.status === 'Processing';
}

/** One job with its steps, files and abilities; 404 when there is none the user may see. */
export function getJob(jobId: string, signal?: AbortSignal) {
  return apiRequest(jobsEndpoints.getJob, { params: { id: jobId }, signal });
}

/** A 404 or 403 (not the user's job) is an answer, not worth asking again. */
export function jobQueryOptions(jobId: string) {
  return queryOptions({
    queryKey: jobsQueryKeys.job(jobId),
    queryFn: ({ signal }) => getJob(jobId, signal),
    retry: (count, error) => !isApiError(error, 404) && !isApiError(error, 403) && count < 2,
  });
}

/**
 * One job. While it runs it is polled (through the queries-refetch flag), so steps and the
 * header status move on their own.
 */
export function useJob(jobId: string | undefined) {
  const interval = useRefetchInterval(JOB_REFRESH_MS);
  return useQuery({
    ...jobQueryOptions(jobId ?? ''),
    enabled: !!jobId,
    refetchInterval: (query) => (isJobRunning(query.state.data) ? interval : false),
  });
}

/**
 * Puts a job's fresh details in the cache after an action answered with them (every screen
 * showing the job, the jobs module's and DevOps', reads this one entry) and rereads the lists.
 */
export function useStoreJob() {
  const queryClient = useQueryClient();
  return (job: JobDetails) => {
    queryClient.setQueryData(jobsQueryKeys.job(job.id), job);
    void queryClient.invalidateQueries({ queryKey: jobsQueryKeys.list });
  };
}

/** After a file call the job (its files, mappings, validations) is read again. */
export function useRefreshJob(jobId: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: jobsQueryKeys.job(jobId) });
}
