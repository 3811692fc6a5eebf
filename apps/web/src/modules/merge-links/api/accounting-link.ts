import { mergeLinksEndpoints } from '@b2b/contract';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { openMergeLink } from './open-merge-link';

/** Public: what an accounting magic link shows; 410 once gone. */
function getAccountingLink(token: string, signal?: AbortSignal) {
  return apiRequest(mergeLinksEndpoints.getAccountingLink, { params: { token }, signal });
}

/** Keyed apart from the signed-in screens: the public page shares no cache with them. */
const accountingLinkKey = (token: string) => ['accounting-link', token] as const;

export function useAccountingLink(token: string) {
  return useQuery(
    queryOptions({
      queryKey: accountingLinkKey(token),
      queryFn: ({ signal }) => getAccountingLink(token, signal),
      // A dead link stays so: asking again cannot change the answer.
      retry: false,
      staleTime: Infinity,
    }),
  );
}

/** Public: Merge Link through the magic link; null when the person closed it. */
async function connectThroughLink(token: string) {
  const started = await apiRequest(mergeLinksEndpoints.startPublicAccountingLink, {
    params: { token },
  });
  const publicToken = await openMergeLink(started.linkScriptUrl, started.linkToken);
  if (!publicToken) return null;
  return apiRequest(mergeLinksEndpoints.completePublicAccountingLink, {
    params: { token },
    body: { publicToken },
  });
}

export function useConnectThroughLink(token: string) {
  return useMutation({ mutationFn: () => connectThroughLink(token) });
}
