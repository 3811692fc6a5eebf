import { type ConfidenceRuleset, rulesetsEndpoints, type ScoringRuleset } from '@b2b/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { jobsQueryKeys, type RulesetKind } from './jobs-query-keys';

export type DraftInput<R> = { name: string; description: string; ruleset: R };

/** Saves a draft (the server validates it; a 400 names the field). */
export function saveConfidenceDraft(versionNumber: number, body: DraftInput<ConfidenceRuleset>) {
  return apiRequest(rulesetsEndpoints.saveConfidenceDraft, { params: { versionNumber }, body });
}
export function saveScoringDraft(versionNumber: number, body: DraftInput<ScoringRuleset>) {
  return apiRequest(rulesetsEndpoints.saveScoringDraft, { params: { versionNumber }, body });
}

function useStore(kind: RulesetKind) {
  const queryClient = useQueryClient();
  return (saved: { versionNumber: number }) => {
    queryClient.setQueryData(jobsQueryKeys.ruleset(kind, saved.versionNumber), saved);
    void queryClient.invalidateQueries({ queryKey: jobsQueryKeys.rulesets(kind), exact: true });
  };
}

/** The draft's entry takes the answer; the versions list shows names, so it is read again. */
export function useSaveConfidenceDraft(versionNumber: number) {
  const store = useStore('confidence');
  return useMutation({
    mutationFn: (body: DraftInput<ConfidenceRuleset>) => saveConfidenceDraft(versionNumber, body),
    onSuccess: store,
  });
}
export function useSaveScoringDraft(versionNumber: number) {
  const store = useStore('scoring');
  return useMutation({
    mutationFn: (body: DraftInput<ScoringRuleset>) => saveScoringDraft(versionNumber, body),
    onSuccess: store,
  });
}
