import { campaignsEndpoints, type CampaignTemplateText } from '@b2b/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { campaignsQueryKeys } from './campaigns-query-keys';

/** Replaces a campaign's e-mail texts; an unknown merge field is a 400 naming it. */
function updateCampaignTemplate(campaignId: string, body: CampaignTemplateText) {
  return apiRequest(campaignsEndpoints.updateCampaignTemplate, { params: { campaignId }, body });
}

export function useUpdateCampaignTemplate(campaignId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CampaignTemplateText) => updateCampaignTemplate(campaignId, body),
    onSuccess: (campaign) =>
      queryClient.setQueryData(campaignsQueryKeys.campaign(campaignId), campaign),
  });
}
