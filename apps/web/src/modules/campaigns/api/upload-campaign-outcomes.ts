import { campaignsEndpoints } from '@b2b/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { uploadWithProgress } from '../../../lib/api-client';
import { campaignsQueryKeys } from './campaigns-query-keys';

/** Uploads an outcomes file (CSV or XLSX, field "file"); bad rows come back one by one. */
function uploadCampaignOutcomes(campaignId: string, file: File) {
  const form = new FormData();
  form.append('file', file);
  return uploadWithProgress(campaignsEndpoints.uploadCampaignOutcomes, {
    params: { campaignId },
    form,
  });
}

export function useUploadCampaignOutcomes(campaignId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => uploadCampaignOutcomes(campaignId, file),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: campaignsQueryKeys.campaign(campaignId) }),
  });
}
