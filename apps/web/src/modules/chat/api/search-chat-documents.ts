import { chatEndpoints } from '@b2b/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** The passages retrieval finds for a test question, best first. */
export function searchChatDocuments(question: string, limit = 5) {
  return apiRequest(chatEndpoints.searchChatDocuments, { body: { question, limit } });
}

export function useSearchChatDocuments() {
  return useMutation({ mutationFn: (question: string) => searchChatDocuments(question) });
}
