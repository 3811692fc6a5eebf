import { rulesetsEndpoints } from '@b2b/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { jobsQueryKeys, type RulesetKind } from './jobs-query-keys';

const LIST = {
  confidence: rulesetsEndpoints.listConfidenceDryRunChanges,
  scoring: rulesetsEndpoints.listScoringDryRunChanges,
} as const;

/** A page of the suppliers a finished dry-run changes. */
export function listRulesetDryRunChanges(
  kind: RulesetKind,
  dryRunId: string,
  page: { pageNumber: number; pageSize: number },
  signal?: AbortSignal,
) {
  return apiRequest(LIST[kind], { params: { dryRunId }, body: page, signal });
}

export function rulesetDryRunChangesQueryOptions(
  kind: RulesetKind,
  dryRunId: string,
  pageNumber: number,
  pageSize: number,
) {
  return queryOptions({
    queryKey: jobsQueryKeys.rulesetDryRunChanges(kind, dryRunId, pageNumber, pageSize),
    queryFn: ({ signal }) =>
      listRulesetDryRunChanges(kind, dryRunId, { pageNumber, pageSize }, signal),
    placeholderData: keepPreviousData,
  });
}

export function useRulesetDryRunChanges(
  kind: RulesetKind,
  dryRunId: string,
  pageNumber: number,
  pageSize: number,
  enabled: boolean,
) {
  return useQuery({
    ...rulesetDryRunChangesQueryOptions(kind, dryRunId, pageNumber, pageSize),
    enabled,
  });
}
