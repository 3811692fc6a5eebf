import { jobsEndpoints } from '@b2b/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { jobsQueryKeys } from './jobs-query-keys';

export type RulesetKind = 'confidence' | 'scoring';

const LIST = {
  confidence: jobsEndpoints.listConfidenceRulesets,
  scoring: jobsEndpoints.listScoringRulesets,
} as const;

export function useRulesetVersions(kind: RulesetKind) {
  return useQuery({
    queryKey: jobsQueryKeys.rulesets(kind),
    queryFn: ({ signal }) => apiRequest(LIST[kind], { signal }),
  });
}

/** One version of the confidence ruleset; the active one without a version number. */
export function useConfidenceRuleset(version: number | 'active') {
  return useQuery({
    queryKey: jobsQueryKeys.ruleset('confidence', version),
    queryFn: ({ signal }) =>
      version === 'active'
        ? apiRequest(jobsEndpoints.getActiveConfidenceRuleset, { signal })
        : apiRequest(jobsEndpoints.getConfidenceRuleset, {
            params: { versionNumber: version },
            signal,
          }),
    retry: false,
  });
}

export function useScoringRuleset(version: number | 'active') {
  return useQuery({
    queryKey: jobsQueryKeys.ruleset('scoring', version),
    queryFn: ({ signal }) =>
      version === 'active'
        ? apiRequest(jobsEndpoints.getActiveScoringRuleset, { signal })
        : apiRequest(jobsEndpoints.getScoringRuleset, {
            params: { versionNumber: version },
            signal,
          }),
    retry: false,
  });
}
