import { aiPromptsEndpoints } from '@b2b/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** A narrative of a job's summary figures: the model's from the active prompt, or the template's. */
export function writeAugmentedText(jobId: string) {
  return apiRequest(aiPromptsEndpoints.writeAugmentedText, { query: { jobId } });
}

export function useWriteAugmentedText() {
  return useMutation({ mutationFn: writeAugmentedText });
}
