import { campaignsEndpoints, type CreateCampaignSchema } from '@b2b/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { campaignsQueryKeys } from './campaigns-query-keys';

export type CreateCampaignInput = z.input<typeof CreateCampaignSchema>;

/** Creates a Pending campaign of the job from its use cases (409 unless the job is Completed). */
function createCampaign(jobId: string, body: CreateCampaignInput) {
  return apiRequest(campaignsEndpoints.createCampaign, { params: { id: jobId }, body });
}

export function useCreateCampaign(jobId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateCampaignInput) => createCampaign(jobId, body),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: campaignsQueryKeys.ofJob(jobId) });
      await queryClient.invalidateQueries({ queryKey: campaignsQueryKeys.global });
    },
  });
}
