import { mergeLinksEndpoints } from '@b2b/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { mergeLinksQueryKeys } from './merge-links-query-keys';
import { openMergeLink } from './open-merge-link';

/**
 * "Connect accounting system" on a job's data step: a link token from the server, Merge Link in
 * the browser, then the public token back to the server (which stores the account token and
 * queues the first sync). Null when the person closed Merge Link without connecting.
 */
export async function connectAccountingSystem(jobId: string) {
  const started = await apiRequest(mergeLinksEndpoints.startAccountingLink, {
    params: { id: jobId },
  });
  const publicToken = await openMergeLink(started.linkScriptUrl, started.linkToken);
  if (!publicToken) return null;
  return apiRequest(mergeLinksEndpoints.completeAccountingLink, {
    params: { id: jobId },
    body: { linkedAccountId: started.linkedAccountId, publicToken },
  });
}

export function useConnectAccountingSystem(jobId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => connectAccountingSystem(jobId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mergeLinksQueryKeys.all }),
  });
}
