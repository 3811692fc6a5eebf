import { aiPromptsEndpoints } from '@b2b/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** Runs a version on sample input (the model, or an offline check when none is configured). */
export function testAiPrompt({ promptId, input }: { promptId: string; input: string }) {
  return apiRequest(aiPromptsEndpoints.testAiPrompt, { params: { promptId }, body: { input } });
}

export function useTestAiPrompt() {
  return useMutation({ mutationFn: testAiPrompt });
}
