import { rulesetsEndpoints } from '@b2b/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { jobsQueryKeys, type RulesetKind } from './jobs-query-keys';

const CREATE = {
  confidence: rulesetsEndpoints.createConfidenceDraft,
  scoring: rulesetsEndpoints.createScoringDraft,
} as const;

/** A draft of a new version copied from `fromVersion`; answers the draft. */
export function createRulesetDraft(kind: RulesetKind, fromVersion: number) {
  return apiRequest(CREATE[kind], { body: { fromVersion } });
}

/** The versions list gains the draft. */
export function useCreateRulesetDraft(kind: RulesetKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (fromVersion: number) => createRulesetDraft(kind, fromVersion),
    onSuccess: (draft) => {
      queryClient.setQueryData(jobsQueryKeys.ruleset(kind, draft.versionNumber), draft);
      void queryClient.invalidateQueries({ queryKey: jobsQueryKeys.rulesets(kind), exact: true });
    },
  });
}
