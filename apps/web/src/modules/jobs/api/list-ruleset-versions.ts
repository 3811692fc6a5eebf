import { jobsEndpoints } from '@b2b/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { jobsQueryKeys, type RulesetKind } from './jobs-query-keys';

const LIST = {
  confidence: jobsEndpoints.listConfidenceRulesets,
  scoring: jobsEndpoints.listScoringRulesets,
} as const;

/** The stored versions of the confidence or scoring ruleset. */
export function listRulesetVersions(kind: RulesetKind, signal?: AbortSignal) {
  return apiRequest(LIST[kind], { signal });
}

export function rulesetVersionsQueryOptions(kind: RulesetKind) {
  return queryOptions({
    queryKey: jobsQueryKeys.rulesets(kind),
    queryFn: ({ signal }) => listRulesetVersions(kind, signal),
  });
}

export function useRulesetVersions(kind: RulesetKind) {
  return useQuery(rulesetVersionsQueryOptions(kind));
}
