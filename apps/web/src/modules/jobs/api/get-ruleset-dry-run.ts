import { rulesetsEndpoints } from '@b2b/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { jobsQueryKeys, type RulesetKind } from './jobs-query-keys';

const GET = {
  confidence: rulesetsEndpoints.getConfidenceDryRun,
  scoring: rulesetsEndpoints.getScoringDryRun,
} as const;

/** A dry-run's state and, once Done, its counts before → after. */
export function getRulesetDryRun(kind: RulesetKind, dryRunId: string, signal?: AbortSignal) {
  return apiRequest(GET[kind], { params: { dryRunId }, signal });
}

/** Read again every second until the dry-run has finished. */
export function rulesetDryRunQueryOptions(kind: RulesetKind, dryRunId: string) {
  return queryOptions({
    queryKey: jobsQueryKeys.rulesetDryRun(kind, dryRunId),
    queryFn: ({ signal }) => getRulesetDryRun(kind, dryRunId, signal),
    refetchInterval: (query) =>
      query.state.data?.state === 'Done' || query.state.data?.state === 'Error' ? false : 1000,
  });
}

export function useRulesetDryRun(kind: RulesetKind, dryRunId: string) {
  return useQuery(rulesetDryRunQueryOptions(kind, dryRunId));
}
