import { chatEndpoints } from '@b2b/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { chatQueryKeys } from './chat-query-keys';

/** One of the user's conversations: its history (oldest first, 100 by default) and summary. */
export function getChatConversation(id: string, signal?: AbortSignal) {
  return apiRequest(chatEndpoints.getChatConversation, { params: { id }, signal });
}

export function chatConversationQueryOptions(id: string) {
  return queryOptions({
    queryKey: chatQueryKeys.conversation(id),
    queryFn: ({ signal }) => getChatConversation(id, signal),
    // The panel keeps the live exchange itself; the history is only read to restore it.
    staleTime: Infinity,
    retry: false,
  });
}

export function useChatConversation(id: string | null) {
  return useQuery({ ...chatConversationQueryOptions(id ?? ''), enabled: !!id });
}
