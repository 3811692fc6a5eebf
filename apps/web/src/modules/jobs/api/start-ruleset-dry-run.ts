import { rulesetsEndpoints } from '@b2b/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { jobsQueryKeys, type RulesetKind } from './jobs-query-keys';

const START = {
  confidence: rulesetsEndpoints.startConfidenceDryRun,
  scoring: rulesetsEndpoints.startScoringDryRun,
} as const;

/** Queues a dry-run of a version on a completed job; answers it Queued. */
export function startRulesetDryRun(kind: RulesetKind, versionNumber: number, jobId: string) {
  return apiRequest(START[kind], { params: { versionNumber }, body: { jobId } });
}

export function useStartRulesetDryRun(kind: RulesetKind, versionNumber: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (jobId: string) => startRulesetDryRun(kind, versionNumber, jobId),
    onSuccess: (dryRun) =>
      queryClient.setQueryData(jobsQueryKeys.rulesetDryRun(kind, dryRun.id), dryRun),
  });
}
