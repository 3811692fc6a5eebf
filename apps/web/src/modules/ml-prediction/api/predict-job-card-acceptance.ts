import { mlPredictionEndpoints } from '@b2b/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/**
 * Queues the active model's predictions for a Completed job's unmatched suppliers (a ProQ
 * command): nothing changes until it has run, so no query is invalidated here.
 */
export function predictJobCardAcceptance(jobId: string) {
  return apiRequest(mlPredictionEndpoints.predictJobCardAcceptance, { params: { id: jobId } });
}

export function usePredictJobCardAcceptance() {
  return useMutation({ mutationFn: predictJobCardAcceptance });
}
