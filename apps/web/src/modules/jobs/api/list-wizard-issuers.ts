import { jobsEndpoints } from '@b2b/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { jobsQueryKeys } from './jobs-query-keys';

/** Issuers the user may create jobs for, each with its buyers. */
export function listWizardIssuers(signal?: AbortSignal) {
  return apiRequest(jobsEndpoints.listWizardIssuers, { signal });
}

export function wizardIssuersQueryOptions() {
  return queryOptions({
    queryKey: jobsQueryKeys.wizardIssuers,
    queryFn: ({ signal }) => listWizardIssuers(signal),
  });
}

export function useWizardIssuers(enabled = true) {
  return useQuery({ ...wizardIssuersQueryOptions(), enabled });
}
