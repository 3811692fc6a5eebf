import { companiesHouseEndpoints } from '@b2b/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { companiesHouseQueryKeys } from './companies-house-query-keys';

/** Queues the enrichment of a Completed job's UK suppliers; answers it Queued. */
export function startEnrichment(jobId: string) {
  return apiRequest(companiesHouseEndpoints.startEnrichment, { body: { jobId } });
}

export function useStartEnrichment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startEnrichment,
    onSuccess: (enrichment) =>
      queryClient.setQueryData(companiesHouseQueryKeys.enrichment(enrichment.jobId), enrichment),
  });
}
