import { aiPromptsEndpoints } from '@b2b/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { aiPromptsQueryKeys } from './ai-prompts-query-keys';

/** Makes a version its purpose's active prompt. */
export function activateAiPrompt(promptId: string) {
  return apiRequest(aiPromptsEndpoints.activateAiPrompt, { params: { promptId } });
}

export function useActivateAiPrompt() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: activateAiPrompt,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: aiPromptsQueryKeys.all }),
  });
}
