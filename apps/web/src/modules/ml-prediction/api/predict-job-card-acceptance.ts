import { mlPredictionEndpoints } from '@b2b/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { mlPredictionQueryKeys } from './ml-prediction-query-keys';

/**
 * Queues the active model's predictions for a Completed job's unmatched suppliers (a ProQ
 * command). The suppliers change only once it has run: here only the job's prediction status is
 * read again, whose polling then refreshes the list.
 */
export function predictJobCardAcceptance(jobId: string) {
  return apiRequest(mlPredictionEndpoints.predictJobCardAcceptance, { params: { id: jobId } });
}

export function usePredictJobCardAcceptance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: predictJobCardAcceptance,
    onSuccess: (_, jobId) =>
      queryClient.invalidateQueries({ queryKey: mlPredictionQueryKeys.jobPrediction(jobId) }),
  });
}
