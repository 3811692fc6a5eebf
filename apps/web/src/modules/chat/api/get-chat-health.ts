import { CHAT_LIMITS, chatEndpoints } from '@b2b/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { chatQueryKeys } from './chat-query-keys';

/** Whether the assistant can answer: the index is ready (and the model, when configured). */
export function getChatHealth(signal?: AbortSignal) {
  return apiRequest(chatEndpoints.getChatHealth, { signal });
}

/** Checked every 180000 ms (SPEC.md section 9). */
export function chatHealthQueryOptions() {
  return queryOptions({
    queryKey: chatQueryKeys.health,
    queryFn: ({ signal }) => getChatHealth(signal),
    refetchInterval: CHAT_LIMITS.healthCheckIntervalMs,
    staleTime: CHAT_LIMITS.healthCheckIntervalMs,
    retry: false,
  });
}

export function useChatHealth({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...chatHealthQueryOptions(), enabled });
}
