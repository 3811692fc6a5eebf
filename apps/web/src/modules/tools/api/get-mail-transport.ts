import { toolsEndpoints } from '@b2b/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { toolsQueryKeys } from './tools-query-keys';

/** How the server sends mail (SMTP server or outbox) and its sender address. */
export function getMailTransport(signal?: AbortSignal) {
  return apiRequest(toolsEndpoints.getMailTransport, { signal });
}

export function mailTransportQueryOptions() {
  return queryOptions({
    queryKey: toolsQueryKeys.mailTransport,
    queryFn: ({ signal }) => getMailTransport(signal),
  });
}

export function useMailTransport() {
  return useQuery(mailTransportQueryOptions());
}
