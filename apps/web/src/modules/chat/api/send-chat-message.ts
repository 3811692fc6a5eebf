import { chatEndpoints, type ChatMessageRequest } from '@b2b/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** Asks the assistant; the answer comes with its sources and the conversation id. */
export function sendChatMessage(body: ChatMessageRequest) {
  return apiRequest(chatEndpoints.sendChatMessage, { body });
}

export function useSendChatMessage() {
  return useMutation({ mutationFn: sendChatMessage });
}
