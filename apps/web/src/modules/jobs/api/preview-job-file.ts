import { jobsEndpoints } from '@b2b/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { jobsQueryKeys } from './jobs-query-keys';

/** The first rows as the server parses them with the saved mapping. */
export function previewJobFile(jobId: string, fileId: string, signal?: AbortSignal) {
  return apiRequest(jobsEndpoints.previewJobFile, {
    params: { id: jobId, fileId },
    query: { rows: 20 },
    signal,
  });
}

export function previewQueryOptions(jobId: string, fileId: string) {
  return queryOptions({
    queryKey: jobsQueryKeys.preview(jobId, fileId),
    queryFn: ({ signal }) => previewJobFile(jobId, fileId, signal),
    retry: false,
  });
}

export function usePreview(jobId: string, fileId: string) {
  return useQuery(previewQueryOptions(jobId, fileId));
}
