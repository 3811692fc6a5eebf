import { type CommandState, mlPredictionEndpoints } from '@b2b/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { mlPredictionQueryKeys } from './ml-prediction-query-keys';

/** A command in these states has yet to run. */
export const PREDICTION_RUNNING: readonly CommandState[] = ['Blocked', 'Pending', 'InProgress'];

/** The job's latest card acceptance prediction command (null when none was queued). */
export function getJobCardAcceptancePrediction(jobId: string, signal?: AbortSignal) {
  return apiRequest(mlPredictionEndpoints.getJobCardAcceptancePrediction, {
    params: { id: jobId },
    signal,
  });
}

/** Read again every two seconds while the command is queued or running. */
export function jobCardAcceptancePredictionQueryOptions(jobId: string) {
  return queryOptions({
    queryKey: mlPredictionQueryKeys.jobPrediction(jobId),
    queryFn: ({ signal }) => getJobCardAcceptancePrediction(jobId, signal),
    refetchInterval: (query) => {
      const state = query.state.data?.command?.state;
      return state && PREDICTION_RUNNING.includes(state) ? 2000 : false;
    },
  });
}

export function useJobCardAcceptancePrediction(jobId: string) {
  return useQuery(jobCardAcceptancePredictionQueryOptions(jobId));
}
