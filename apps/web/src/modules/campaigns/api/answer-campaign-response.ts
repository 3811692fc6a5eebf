import { campaignsEndpoints } from '@b2b/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

type Answer = { answer: 'Accept' | 'Decline' | 'CallMe'; reason?: string; phone?: string };

/** Public: the supplier's answer; the link is used by it. */
function answerCampaignResponse(token: string, body: Answer) {
  return apiRequest(campaignsEndpoints.answerCampaignResponse, { params: { token }, body });
}

export function useAnswerCampaignResponse(token: string) {
  return useMutation({ mutationFn: (body: Answer) => answerCampaignResponse(token, body) });
}
