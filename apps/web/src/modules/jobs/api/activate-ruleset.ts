import { rulesetsEndpoints } from '@b2b/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { jobsQueryKeys, type RulesetKind } from './jobs-query-keys';

const ACTIVATE = {
  confidence: rulesetsEndpoints.activateConfidenceRuleset,
  scoring: rulesetsEndpoints.activateScoringRuleset,
} as const;

/** Makes a draft an immutable version and the active one (validated again; 400 names the field). */
export function activateRuleset(kind: RulesetKind, versionNumber: number) {
  return apiRequest(ACTIVATE[kind], { params: { versionNumber } });
}

/** Every version of the kind may have changed its active flag: all are read again. */
export function useActivateRuleset(kind: RulesetKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (versionNumber: number) => activateRuleset(kind, versionNumber),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: jobsQueryKeys.rulesets(kind) }),
  });
}
