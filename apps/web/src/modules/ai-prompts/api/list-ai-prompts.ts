import { aiPromptsEndpoints } from '@b2b/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { aiPromptsQueryKeys } from './ai-prompts-query-keys';

/** Every version of every prompt, newest first. */
export function listAiPrompts(signal?: AbortSignal) {
  return apiRequest(aiPromptsEndpoints.listAiPrompts, { signal });
}

export function useAiPrompts() {
  return useQuery({
    queryKey: aiPromptsQueryKeys.list,
    queryFn: ({ signal }) => listAiPrompts(signal),
  });
}
