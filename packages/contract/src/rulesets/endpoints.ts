import { z } from 'zod';
import { defineEndpoint } from '../common/endpoint.js';
import { pagedResponseSchema } from '../common/paged-list.js';
import {
  ConfidenceRulesetVersionSchema,
  ScoringRulesetVersionSchema,
  VersionNumberParamsSchema,
} from '../jobs/schemas.js';
import {
  CreateRulesetDraftSchema,
  DryRunParamsSchema,
  RerunJobsResultSchema,
  RerunJobsWithRulesetSchema,
  RulesetChangedSupplierSchema,
  RulesetDryRunChangesRequestSchema,
  RulesetDryRunSchema,
  SaveConfidenceDraftSchema,
  SaveScoringDraftSchema,
  StartRulesetDryRunSchema,
} from './schemas.js';

/*
 * Editing rulesets (SPEC §2 Analysis admin; SPEC §6: the analysis admin areas are sysAdmin's,
 * and changing a ruleset takes the AnalysisAdmin server permission besides the area's view).
 * The read endpoints stay in jobs/endpoints.ts.
 */
const tags = ['Analysis admin'];
const base = '/api/v1/analysis-admin';
const view = {
  confidence: 'Analysis_Admin_Confidence_VIEW',
  scoring: 'Analysis_Admin_Scoring_VIEW',
} as const;
const edit = <K extends keyof typeof view>(kind: K) =>
  ({ permissions: [view[kind], 'AnalysisAdmin'] }) as const;

/* ------------------------------------- Confidence ------------------------------------- */

export const createConfidenceDraft = defineEndpoint({
  method: 'POST',
  path: `${base}/confidence-rulesets/drafts`,
  summary: 'A draft of a new confidence ruleset version, copied from a stored version',
  tags,
  body: CreateRulesetDraftSchema,
  responses: { 200: ConfidenceRulesetVersionSchema },
  access: edit('confidence'),
});

export const saveConfidenceDraft = defineEndpoint({
  method: 'PUT',
  path: `${base}/confidence-rulesets/:versionNumber`,
  summary: 'Save a confidence ruleset draft (validated; a version that is not a draft is 409)',
  tags,
  params: VersionNumberParamsSchema,
  body: SaveConfidenceDraftSchema,
  responses: { 200: ConfidenceRulesetVersionSchema },
  access: edit('confidence'),
});

export const deleteConfidenceDraft = defineEndpoint({
  method: 'DELETE',
  path: `${base}/confidence-rulesets/:versionNumber`,
  summary: 'Discard a confidence ruleset draft',
  tags,
  params: VersionNumberParamsSchema,
  responses: { 200: z.object({ deleted: z.literal(true) }) },
  access: edit('confidence'),
});

export const activateConfidenceRuleset = defineEndpoint({
  method: 'POST',
  path: `${base}/confidence-rulesets/:versionNumber/activate`,
  summary: 'Validate a draft, make it an immutable version and the active one',
  tags,
  params: VersionNumberParamsSchema,
  responses: { 200: ConfidenceRulesetVersionSchema },
  access: edit('confidence'),
});

export const startConfidenceDryRun = defineEndpoint({
  method: 'POST',
  path: `${base}/confidence-rulesets/:versionNumber/dry-runs`,
  summary: 'Match a completed job again with this version without storing results (ProQ)',
  tags,
  params: VersionNumberParamsSchema,
  body: StartRulesetDryRunSchema,
  responses: { 200: RulesetDryRunSchema },
  access: edit('confidence'),
});

export const getConfidenceDryRun = defineEndpoint({
  method: 'GET',
  path: `${base}/confidence-rulesets/dry-runs/:dryRunId`,
  summary: 'A confidence dry-run: its state and the counts per level before → after',
  tags,
  params: DryRunParamsSchema,
  responses: { 200: RulesetDryRunSchema },
  access: edit('confidence'),
});

export const listConfidenceDryRunChanges = defineEndpoint({
  method: 'POST',
  path: `${base}/confidence-rulesets/dry-runs/:dryRunId/changes`,
  summary: 'A page of the suppliers whose match changes in a confidence dry-run',
  tags,
  params: DryRunParamsSchema,
  body: RulesetDryRunChangesRequestSchema,
  readsOnly: true,
  responses: { 200: pagedResponseSchema(RulesetChangedSupplierSchema) },
  access: edit('confidence'),
});

export const rerunJobsWithConfidenceRuleset = defineEndpoint({
  method: 'POST',
  path: `${base}/confidence-rulesets/:versionNumber/rerun-jobs`,
  summary: 'Match chosen completed jobs again with this version (then score and aggregate)',
  tags,
  params: VersionNumberParamsSchema,
  body: RerunJobsWithRulesetSchema,
  responses: { 200: RerunJobsResultSchema },
  access: { permissions: [...edit('confidence').permissions, 'JobEdit'] },
});

/* --------------------------------------- Scoring --------------------------------------- */

export const createScoringDraft = defineEndpoint({
  method: 'POST',
  path: `${base}/scoring-rulesets/drafts`,
  summary: 'A draft of a new scoring ruleset version, copied from a stored version',
  tags,
  body: CreateRulesetDraftSchema,
  responses: { 200: ScoringRulesetVersionSchema },
  access: edit('scoring'),
});

export const saveScoringDraft = defineEndpoint({
  method: 'PUT',
  path: `${base}/scoring-rulesets/:versionNumber`,
  summary: 'Save a scoring ruleset draft (validated; a version that is not a draft is 409)',
  tags,
  params: VersionNumberParamsSchema,
  body: SaveScoringDraftSchema,
  responses: { 200: ScoringRulesetVersionSchema },
  access: edit('scoring'),
});

export const deleteScoringDraft = defineEndpoint({
  method: 'DELETE',
  path: `${base}/scoring-rulesets/:versionNumber`,
  summary: 'Discard a scoring ruleset draft',
  tags,
  params: VersionNumberParamsSchema,
  responses: { 200: z.object({ deleted: z.literal(true) }) },
  access: edit('scoring'),
});

export const activateScoringRuleset = defineEndpoint({
  method: 'POST',
  path: `${base}/scoring-rulesets/:versionNumber/activate`,
  summary: 'Validate a draft, make it an immutable version and the active one',
  tags,
  params: VersionNumberParamsSchema,
  responses: { 200: ScoringRulesetVersionSchema },
  access: edit('scoring'),
});

export const startScoringDryRun = defineEndpoint({
  method: 'POST',
  path: `${base}/scoring-rulesets/:versionNumber/dry-runs`,
  summary: 'Score a completed job again with this version without storing results (ProQ)',
  tags,
  params: VersionNumberParamsSchema,
  body: StartRulesetDryRunSchema,
  responses: { 200: RulesetDryRunSchema },
  access: edit('scoring'),
});

export const getScoringDryRun = defineEndpoint({
  method: 'GET',
  path: `${base}/scoring-rulesets/dry-runs/:dryRunId`,
  summary: 'A scoring dry-run: its state and the counts per product and level before → after',
  tags,
  params: DryRunParamsSchema,
  responses: { 200: RulesetDryRunSchema },
  access: edit('scoring'),
});

export const listScoringDryRunChanges = defineEndpoint({
  method: 'POST',
  path: `${base}/scoring-rulesets/dry-runs/:dryRunId/changes`,
  summary: 'A page of the suppliers whose product scores or levels change in a scoring dry-run',
  tags,
  params: DryRunParamsSchema,
  body: RulesetDryRunChangesRequestSchema,
  readsOnly: true,
  responses: { 200: pagedResponseSchema(RulesetChangedSupplierSchema) },
  access: edit('scoring'),
});

export const rerunJobsWithScoringRuleset = defineEndpoint({
  method: 'POST',
  path: `${base}/scoring-rulesets/:versionNumber/rerun-jobs`,
  summary: 'Score chosen completed jobs again with this version (then aggregate)',
  tags,
  params: VersionNumberParamsSchema,
  body: RerunJobsWithRulesetSchema,
  responses: { 200: RerunJobsResultSchema },
  access: { permissions: [...edit('scoring').permissions, 'JobEdit'] },
});
