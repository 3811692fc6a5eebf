import { jobsEndpoints, type PagedListRequest, type WorkflowStepKind } from '@b2b/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { devopsQueryKeys } from './devops-query-keys';

/** The analysis jobs module's calls job maintenance uses (the list, a job, a step's re-run). */
export const maintenanceJobKeys = {
  list: ['job-maintenance', 'jobs'] as const,
  job: (id: string) => ['job-maintenance', 'job', id] as const,
};

/** One page of the analysis jobs the user sees. */
export function listMaintenanceJobs(body: PagedListRequest, signal?: AbortSignal) {
  return apiRequest(jobsEndpoints.listJobs, { body, signal });
}

/** One analysis job with its workflow steps; 404 when there is none the user may see. */
export function useMaintenanceJob(id: string) {
  return useQuery({
    queryKey: maintenanceJobKeys.job(id),
    queryFn: ({ signal }) => apiRequest(jobsEndpoints.getJob, { params: { id }, signal }),
    retry: false,
  });
}

/** Runs a failed step of the job again (and the steps after it), through the jobs module. */
export function useRerunJobStep(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (step: WorkflowStepKind) =>
      apiRequest(jobsEndpoints.retryJobStep, { params: { id, step } }),
    onSuccess: (job) => {
      queryClient.setQueryData(maintenanceJobKeys.job(id), job);
      void queryClient.invalidateQueries({ queryKey: devopsQueryKeys.proq });
    },
  });
}

/** Starts a submitted job over: its queued commands canceled, its pipeline run again from Ingest. */
export function useResetJob(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest(jobsEndpoints.resetJob, { params: { id } }),
    onSuccess: (job) => {
      queryClient.setQueryData(maintenanceJobKeys.job(id), job);
      void queryClient.invalidateQueries({ queryKey: devopsQueryKeys.proq });
    },
  });
}
