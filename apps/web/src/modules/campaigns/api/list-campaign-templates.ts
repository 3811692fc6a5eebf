import { campaignsEndpoints, type CampaignWorkflowRoute } from '@b2b/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { campaignsQueryKeys } from './campaigns-query-keys';

/** The shipped templates and the job issuer's own, of one route and language. */
function listCampaignTemplates(
  jobId: string,
  route: CampaignWorkflowRoute,
  language: string,
  signal?: AbortSignal,
) {
  return apiRequest(campaignsEndpoints.listCampaignTemplates, {
    params: { id: jobId },
    query: { route, language },
    signal,
  });
}

function campaignTemplatesQueryOptions(
  jobId: string,
  route: CampaignWorkflowRoute,
  language: string,
) {
  return queryOptions({
    queryKey: campaignsQueryKeys.templates(jobId, route, language),
    queryFn: ({ signal }) => listCampaignTemplates(jobId, route, language, signal),
  });
}

export function useCampaignTemplates(
  jobId: string,
  route: CampaignWorkflowRoute,
  language: string,
) {
  return useQuery(campaignTemplatesQueryOptions(jobId, route, language));
}
