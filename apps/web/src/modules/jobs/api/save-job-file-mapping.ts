import { jobsEndpoints } from '@b2b/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { useRefreshJob } from './get-job';
import { jobsQueryKeys } from './jobs-query-keys';

type SaveMappingBody = z.input<typeof jobsEndpoints.saveJobFileMapping.body>;
export type JobFileMapping = { fileId: string; body: SaveMappingBody };

/** Saves how a file's columns map to the job's fields. */
export function saveJobFileMapping(jobId: string, { fileId, body }: JobFileMapping) {
  return apiRequest(jobsEndpoints.saveJobFileMapping, { params: { id: jobId, fileId }, body });
}

/** The file's preview (parsed with the mapping) and then the job are read again. */
export function useSaveMapping(jobId: string) {
  const queryClient = useQueryClient();
  const refresh = useRefreshJob(jobId);
  return useMutation({
    mutationFn: (input: JobFileMapping) => saveJobFileMapping(jobId, input),
    onSuccess: async (_file, { fileId }) => {
      await queryClient.invalidateQueries({ queryKey: jobsQueryKeys.preview(jobId, fileId) });
      await refresh();
    },
  });
}
