import { jobsEndpoints } from '@b2b/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useStoreJob } from './get-job';

export type JobSetupChange = { name?: string; currency?: string; buyerId?: string };

/** Changes a draft job's setup (name, currency, buyer); answers the job. */
export function updateJobWizard(jobId: string, body: JobSetupChange) {
  return apiRequest(jobsEndpoints.updateJobWizard, { params: { id: jobId }, body });
}

export function useUpdateJobSetup(jobId: string) {
  const store = useStoreJob();
  return useMutation({
    mutationFn: (body: JobSetupChange) => updateJobWizard(jobId, body),
    onSuccess: store,
  });
}
