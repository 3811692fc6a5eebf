import { analyticsEndpoints, type AnalyticsRunRequest } from '@b2b/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** Runs a query definition: one page of its result. */
export function runQuery(body: AnalyticsRunRequest) {
  return apiRequest(analyticsEndpoints.runQuery, { body });
}

/** A run is asked for (the Run button, a page change), not cached: nothing to invalidate. */
export function useRunQuery() {
  return useMutation({ mutationFn: runQuery });
}
