import { type CardNetwork, downloadsEndpoints } from '@b2b/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { uploadWithProgress } from '../../../lib/api-client';
import { jobsQueryKeys } from '../../jobs/api/jobs-query-keys';

/** Uploads a network's answer file (CSV, field "file"); bad rows come back one by one. */
function importNetworkAnswers(jobId: string, network: CardNetwork, file: File) {
  const form = new FormData();
  form.append('file', file);
  return uploadWithProgress(downloadsEndpoints.importNetworkAnswers, {
    params: { id: jobId, network },
    form,
  });
}

/**
 * The decisions change the job's suppliers and start its Match step again: the job and its
 * suppliers are read again.
 */
export function useImportNetworkAnswers(jobId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ network, file }: { network: CardNetwork; file: File }) =>
      importNetworkAnswers(jobId, network, file),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: jobsQueryKeys.job(jobId) }),
  });
}
