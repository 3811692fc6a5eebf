import { campaignsEndpoints } from '@b2b/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

type TestSendInput = { to: string; followUp?: boolean };

/** Sends the campaign's first (or follow-up) e-mail to an address, with a dead link. */
function testSendCampaignMail(campaignId: string, body: TestSendInput) {
  return apiRequest(campaignsEndpoints.testSendCampaignMail, { params: { campaignId }, body });
}

export function useTestSendCampaignMail(campaignId: string) {
  return useMutation({
    mutationFn: (body: TestSendInput) => testSendCampaignMail(campaignId, body),
  });
}
