import { jobsEndpoints } from '@b2b/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { jobsQueryKeys } from './jobs-query-keys';

/** One version of the scoring ruleset; the active one without a version number. */
export function getScoringRuleset(version: number | 'active', signal?: AbortSignal) {
  return version === 'active'
    ? apiRequest(jobsEndpoints.getActiveScoringRuleset, { signal })
    : apiRequest(jobsEndpoints.getScoringRuleset, { params: { versionNumber: version }, signal });
}

export function scoringRulesetQueryOptions(version: number | 'active') {
  return queryOptions({
    queryKey: jobsQueryKeys.ruleset('scoring', version),
    queryFn: ({ signal }) => getScoringRuleset(version, signal),
    retry: false,
  });
}

export function useScoringRuleset(version: number | 'active') {
  return useQuery(scoringRulesetQueryOptions(version));
}
