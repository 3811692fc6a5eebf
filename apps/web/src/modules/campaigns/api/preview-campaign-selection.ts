import { type CampaignSelectionPreviewRequestSchema, campaignsEndpoints } from '@b2b/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { campaignsQueryKeys } from './campaigns-query-keys';

type PreviewRequest = z.input<typeof CampaignSelectionPreviewRequestSchema>;

/** A dry run of a new campaign's selection: selected, removed per reason, tracked, e-mailed. */
function previewCampaignSelection(jobId: string, body: PreviewRequest, signal?: AbortSignal) {
  return apiRequest(campaignsEndpoints.previewCampaignSelection, {
    params: { id: jobId },
    body,
    signal,
  });
}

function campaignSelectionPreviewQueryOptions(jobId: string, body: PreviewRequest) {
  return queryOptions({
    // Under the job's campaigns: a new campaign changes who is already in one.
    queryKey: [...campaignsQueryKeys.ofJob(jobId), 'selection-preview', body],
    queryFn: ({ signal }) => previewCampaignSelection(jobId, body, signal),
  });
}

/** The preview of `body`, or nothing to fetch yet (null); the last answer stays while typing. */
export function useCampaignSelectionPreview(jobId: string, body: PreviewRequest | null) {
  return useQuery({
    ...campaignSelectionPreviewQueryOptions(
      jobId,
      body ?? { route: 'Issuer', cardProduct: 'Vcard', useCaseIds: [] },
    ),
    enabled: body !== null,
    placeholderData: keepPreviousData,
  });
}
