import { campaignsEndpoints, MAX_PAGE_SIZE, type PagedListRequest } from '@b2b/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { campaignsQueryKeys } from './campaigns-query-keys';

/** A page of a job's campaigns with their counters; no route filter means All Routes. */
export function listJobCampaigns(jobId: string, body: PagedListRequest, signal?: AbortSignal) {
  return apiRequest(campaignsEndpoints.listJobCampaigns, { params: { id: jobId }, body, signal });
}

/** A job's campaigns, the first MAX_PAGE_SIZE by creation (a report's campaign progress). */
export function useJobCampaignsForReport(jobId: string, enabled = true) {
  return useQuery({
    ...queryOptions({
      queryKey: [...campaignsQueryKeys.ofJob(jobId), 'report'] as const,
      queryFn: ({ signal }) =>
        listJobCampaigns(
          jobId,
          { pageNumber: 1, pageSize: MAX_PAGE_SIZE, filters: [], orderBy: 'createdOn' },
          signal,
        ),
    }),
    enabled,
  });
}
