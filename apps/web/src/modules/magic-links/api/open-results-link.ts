import { magicLinksEndpoints } from '@b2b/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/**
 * Public: opens a results link. The server signs the browser in as a MagicLinkUser of the link's
 * job (its session cookie) until the link expires; 410 once the link is gone.
 */
function openResultsLink(token: string) {
  return apiRequest(magicLinksEndpoints.openResultsLink, { params: { token } });
}

export function useOpenResultsLink() {
  return useMutation({ mutationFn: (token: string) => openResultsLink(token) });
}
