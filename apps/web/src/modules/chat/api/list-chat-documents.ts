import { chatEndpoints } from '@b2b/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { chatQueryKeys } from './chat-query-keys';

export type ChatDocumentsPage = { limit: number; offset: number };

/** One page of the indexed documents, by file name. */
export function listChatDocuments(page: ChatDocumentsPage, signal?: AbortSignal) {
  return apiRequest(chatEndpoints.listChatDocuments, { query: page, signal });
}

export function chatDocumentsQueryOptions(page: ChatDocumentsPage) {
  return queryOptions({
    queryKey: [...chatQueryKeys.documents, page],
    queryFn: ({ signal }) => listChatDocuments(page, signal),
    placeholderData: keepPreviousData,
  });
}

export function useChatDocuments(page: ChatDocumentsPage) {
  return useQuery(chatDocumentsQueryOptions(page));
}
