import { aiPromptsEndpoints } from '@b2b/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { aiPromptsQueryKeys } from './ai-prompts-query-keys';

/** One prompt version with its text. */
export function getAiPrompt(promptId: string, signal?: AbortSignal) {
  return apiRequest(aiPromptsEndpoints.getAiPrompt, { params: { promptId }, signal });
}

export function useAiPrompt(promptId: string | undefined) {
  return useQuery({
    queryKey: aiPromptsQueryKeys.prompt(promptId ?? ''),
    queryFn: ({ signal }) => getAiPrompt(promptId!, signal),
    enabled: Boolean(promptId),
  });
}
