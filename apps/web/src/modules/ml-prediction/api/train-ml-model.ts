import { mlPredictionEndpoints } from '@b2b/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { mlPredictionQueryKeys } from './ml-prediction-query-keys';

/** Queues the training of a new model version (a ProQ command). */
export function trainMlModel() {
  return apiRequest(mlPredictionEndpoints.trainMlModel, {});
}

export function useTrainMlModel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: trainMlModel,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mlPredictionQueryKeys.overview }),
  });
}
