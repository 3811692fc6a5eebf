import { jobsEndpoints } from '@b2b/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { jobsQueryKeys } from './jobs-query-keys';

/** One version of the confidence ruleset; the active one without a version number. */
export function getConfidenceRuleset(version: number | 'active', signal?: AbortSignal) {
  return version === 'active'
    ? apiRequest(jobsEndpoints.getActiveConfidenceRuleset, { signal })
    : apiRequest(jobsEndpoints.getConfidenceRuleset, {
        params: { versionNumber: version },
        signal,
      });
}

export function confidenceRulesetQueryOptions(version: number | 'active') {
  return queryOptions({
    queryKey: jobsQueryKeys.ruleset('confidence', version),
    queryFn: ({ signal }) => getConfidenceRuleset(version, signal),
    retry: false,
  });
}

export function useConfidenceRuleset(version: number | 'active') {
  return useQuery(confidenceRulesetQueryOptions(version));
}
