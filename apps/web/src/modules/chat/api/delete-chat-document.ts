import { chatEndpoints } from '@b2b/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { chatQueryKeys } from './chat-query-keys';

/** Removes a document and its passages from the index. */
export function deleteChatDocument(filename: string) {
  return apiRequest(chatEndpoints.deleteChatDocument, { query: { filename } });
}

export function useDeleteChatDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteChatDocument,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: chatQueryKeys.all }),
  });
}
