import { mlPredictionEndpoints } from '@b2b/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { mlPredictionQueryKeys } from './ml-prediction-query-keys';

/** Makes a Ready version the one jobs are scored with. */
export function activateMlModel(version: number) {
  return apiRequest(mlPredictionEndpoints.activateMlModel, { params: { version } });
}

export function useActivateMlModel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: activateMlModel,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mlPredictionQueryKeys.overview }),
  });
}
