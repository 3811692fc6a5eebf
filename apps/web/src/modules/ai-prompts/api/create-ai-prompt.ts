import { aiPromptsEndpoints, type CreateAiPrompt } from '@b2b/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { aiPromptsQueryKeys } from './ai-prompts-query-keys';

/** Saves a new version of a purpose's prompt. */
export function createAiPrompt(body: CreateAiPrompt) {
  return apiRequest(aiPromptsEndpoints.createAiPrompt, { body });
}

export function useCreateAiPrompt() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAiPrompt,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: aiPromptsQueryKeys.all }),
  });
}
