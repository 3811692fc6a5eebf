import { chatEndpoints } from '@b2b/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { chatQueryKeys } from './chat-query-keys';

/** Deletes one of the user's conversations (reset conversation). */
export function deleteChatConversation(id: string) {
  return apiRequest(chatEndpoints.deleteChatConversation, { params: { id } });
}

export function useDeleteChatConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteChatConversation,
    onSuccess: (_, id) => queryClient.removeQueries({ queryKey: chatQueryKeys.conversation(id) }),
  });
}
