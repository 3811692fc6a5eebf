import { rulesetsEndpoints } from '@b2b/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { jobsQueryKeys, type RulesetKind } from './jobs-query-keys';

const RERUN = {
  confidence: rulesetsEndpoints.rerunJobsWithConfidenceRuleset,
  scoring: rulesetsEndpoints.rerunJobsWithScoringRuleset,
} as const;

/** Runs chosen Completed jobs again with a version: re-matched (confidence) or re-scored. */
export function rerunJobsWithRuleset(kind: RulesetKind, versionNumber: number, jobIds: string[]) {
  return apiRequest(RERUN[kind], { params: { versionNumber }, body: { jobIds } });
}

/** The jobs are Processing now: everything read about jobs is read again. */
export function useRerunJobsWithRuleset(kind: RulesetKind, versionNumber: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (jobIds: string[]) => rerunJobsWithRuleset(kind, versionNumber, jobIds),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: jobsQueryKeys.all }),
  });
}
