import { campaignsEndpoints } from '@b2b/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

type PreviewInput = { subject: string; body: string; supplierKey?: string };

/** Renders a subject and body for one supplier of the campaign (the first by default). */
function previewCampaignMail(campaignId: string, body: PreviewInput) {
  return apiRequest(campaignsEndpoints.previewCampaignMail, { params: { campaignId }, body });
}

/** A mutation rather than a query: the preview is of the texts being edited, on demand. */
export function usePreviewCampaignMail(campaignId: string) {
  return useMutation({ mutationFn: (body: PreviewInput) => previewCampaignMail(campaignId, body) });
}
