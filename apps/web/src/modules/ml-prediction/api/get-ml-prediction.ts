import { mlPredictionEndpoints } from '@b2b/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { mlPredictionQueryKeys } from './ml-prediction-query-keys';

/** The card acceptance model versions, newest first, and the active one. */
export function getMlPrediction(signal?: AbortSignal) {
  return apiRequest(mlPredictionEndpoints.getMlPrediction, { signal });
}

/** Read again every two seconds while a training is queued or running (its progress). */
export function mlPredictionQueryOptions() {
  return queryOptions({
    queryKey: mlPredictionQueryKeys.overview,
    queryFn: ({ signal }) => getMlPrediction(signal),
    refetchInterval: (query) =>
      query.state.data?.versions.some((v) => v.state === 'Queued' || v.state === 'Running')
        ? 2000
        : false,
  });
}

export function useMlPrediction() {
  return useQuery(mlPredictionQueryOptions());
}
