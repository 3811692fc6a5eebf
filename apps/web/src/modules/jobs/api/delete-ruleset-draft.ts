import { rulesetsEndpoints } from '@b2b/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { jobsQueryKeys, type RulesetKind } from './jobs-query-keys';

const DELETE = {
  confidence: rulesetsEndpoints.deleteConfidenceDraft,
  scoring: rulesetsEndpoints.deleteScoringDraft,
} as const;

/** Discards a draft (a version that is not a draft is 409). */
export function deleteRulesetDraft(kind: RulesetKind, versionNumber: number) {
  return apiRequest(DELETE[kind], { params: { versionNumber } });
}

export function useDeleteRulesetDraft(kind: RulesetKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (versionNumber: number) => deleteRulesetDraft(kind, versionNumber),
    onSuccess: (_done, versionNumber) => {
      queryClient.removeQueries({ queryKey: jobsQueryKeys.ruleset(kind, versionNumber) });
      void queryClient.invalidateQueries({ queryKey: jobsQueryKeys.rulesets(kind), exact: true });
    },
  });
}
