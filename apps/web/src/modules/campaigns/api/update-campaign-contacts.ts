import { campaignsEndpoints, type UpdateContactsSchema } from '@b2b/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { campaignsQueryKeys } from './campaigns-query-keys';

type UpdateContacts = z.input<typeof UpdateContactsSchema>;

/** Edits suppliers' contacts; bad addresses come back as per-row rejects. */
function updateCampaignContacts(campaignId: string, body: UpdateContacts) {
  return apiRequest(campaignsEndpoints.updateCampaignContacts, { params: { campaignId }, body });
}

export function useUpdateCampaignContacts(campaignId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateContacts) => updateCampaignContacts(campaignId, body),
    // The campaign's key holds its grids and suppliers' timelines too.
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: campaignsQueryKeys.campaign(campaignId) }),
  });
}
