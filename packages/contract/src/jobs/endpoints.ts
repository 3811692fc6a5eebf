/**
 * Analysis jobs: the Job artifacts calls of SPEC §7, the job list, the
 * creation wizard (files, mapping, preview, validation, submit), the pipeline's steps and logs,
 * supplier results with match decisions, re-scoring, and the read-only rulesets.
 *
 * Visibility (SPEC §3 job connections): a job's owner, the managers of its issuer, users assigned
 * to it directly or by magic link, and holders of AllBuyers_VIEW (internal staff) see it; the
 * other members of its issuer see it once it is published. Any other job id answers 404, never
 * 403 (the server's jobs.policy.ts).
 *
 * Permissions: reading needs JobRead (plus the tab permission for logs and suppliers); wizard
 * actions need JobCreate and the upload tab of the job type (JobTab_SummaryUpload_VIEW,
 * JobTab_MatchedDataOnlyUpload_VIEW, JobTab_ConsultantUpload_VIEW) and are the owner's (or a
 * JobEdit holder's); match decisions and re-scoring need JobEdit; publishing AnalysisPublish and JobPublish;
 * deleting JobDelete. `JobDetails.can` tells the screens what the signed-in user may do.
 *
 * Wizard flow (web): create (POST /job-artifacts) → upload each file (multipart, one file per
 * call, `role` in the query; the answer carries the sniff and the suggested mapping) → save the
 * mapping (PUT …/mapping) → preview (GET …/preview) → validate (POST …/validate; rejected rows
 * inline, all of them as CSV from GET …/rejects.csv) → submit (POST …/submit). Until submit the
 * job is Draft and every step can be redone; the job detail (`files`, `steps`) resumes it.
 * After submit, poll GET /job-artifacts/:id (steps) and GET …/logs?afterId= for the live view.
 */
import { z } from 'zod';
import { defineEndpoint } from '../common/endpoint.js';
import { IdParamsSchema } from '../common/ids.js';
import { PagedListRequestSchema, pagedResponseSchema } from '../common/paged-list.js';
import {
  SupplierListQuerySchema,
  SupplierMatchDecisionsResultSchema,
  SupplierMatchDecisionsSchema,
} from './match-review.js';
import {
  AssignableJobArtifactSchema,
  ChangeJobOwnerSchema,
  RenameJobSchema,
  ConfidenceRulesetVersionSchema,
  CreateJobQuerySchema,
  CreateWizardBuyerSchema,
  FileValidationSchema,
  JobArtifactAdminSchema,
  JobArtifactUserAssignmentSchema,
  JobDetailsSchema,
  JobFileParamsSchema,
  JobFileSchema,
  JobListItemSchema,
  JobLogsQuerySchema,
  JobLogsResponseSchema,
  JobOwnerFilterItemSchema,
  MatchDecisionSchema,
  PreviewQuerySchema,
  PreviewResponseSchema,
  PublishJobSchema,
  RescoreJobSchema,
  RetryStepParamsSchema,
  RulesetVersionSummarySchema,
  SaveMappingSchema,
  ScoringRulesetVersionSchema,
  SupplierParamsSchema,
  SupplierResultDetailSchema,
  SupplierResultSchema,
  UpdateJobWizardSchema,
  UploadJobFileQuerySchema,
  VersionNumberParamsSchema,
  WizardBuyerSchema,
  WizardIssuerSchema,
} from './schemas.js';

const tags = ['Job artifacts'];
const base = '/api/v1/job-artifacts';
const read = { permissions: ['JobRead'] } as const;
/** Wizard actions: the job's owner (or a JobEdit holder) while the job is Draft. */
const create = { permissions: ['JobCreate'] } as const;

/* ---------------------------------- SPEC.md section 7 ---------------------------------- */

export const getJobArtifactAdmin = defineEndpoint({
  method: 'GET',
  path: `${base}/:id/admin`,
  summary:
    'Job artifact admin view: owner, issuer, and every authorised end user with their connection (Owner, IssuerManager, DirectAssignment, MagicLinkUser)',
  tags,
  params: IdParamsSchema,
  responses: { 200: JobArtifactAdminSchema },
  access: read,
});

export const getAssignableJobArtifacts = defineEndpoint({
  method: 'GET',
  path: `${base}/:id/assignable-job-artifacts`,
  summary:
    'Jobs the user {id} could be directly assigned to: jobs the caller sees, of the user’s issuers, not yet assigned to them',
  tags,
  params: IdParamsSchema,
  responses: { 200: z.array(AssignableJobArtifactSchema) },
  access: { permissions: ['JobDirectUserAssignment'] },
});

export const createJobArtifact = defineEndpoint({
  method: 'POST',
  path: base,
  summary:
    'Create a Draft job (query parameters type, issuerId, buyerId, name, currency). The caller becomes its owner; the issuer must be one of theirs (or AllBuyers_VIEW).',
  tags,
  query: CreateJobQuerySchema,
  responses: { 201: JobDetailsSchema },
  access: create,
});

export const changeJobArtifactOwner = defineEndpoint({
  method: 'PATCH',
  path: `${base}/:id/owner`,
  summary: 'Give the job to another user (who must be able to see the job’s issuer)',
  tags,
  params: IdParamsSchema,
  body: ChangeJobOwnerSchema,
  responses: { 200: JobArtifactAdminSchema },
  access: { permissions: ['JobOwnerUpdate'] },
});

export const updateJobArtifactUserAssignment = defineEndpoint({
  method: 'PUT',
  path: `${base}/update-job-artifact-user-assignment`,
  summary: 'Assign a user to a job directly (DirectAssignment), or remove the assignment',
  tags,
  body: JobArtifactUserAssignmentSchema,
  responses: { 200: JobArtifactAdminSchema },
  access: { permissions: ['JobDirectUserAssignment'] },
});

export const getJobOwnersFilterItems = defineEndpoint({
  method: 'GET',
  path: '/api/v1/authorization/job-owners-filter-items',
  summary: 'Owners of the jobs the caller sees, for the job list’s owner filter',
  tags,
  responses: { 200: z.array(JobOwnerFilterItemSchema) },
  access: { permissions: ['AnalysisJobList_VIEW'] },
});

/* ---------------------------------- Job list and detail ---------------------------------- */

export const listJobs = defineEndpoint({
  method: 'POST',
  path: `${base}/get`,
  summary:
    'The /analysis job list: paged; filters and orderBy on JOB_LIST_PROPERTIES (ownerId, issuerId, buyerId, type, status, isPublished, name…). Default order: updatedOn desc.',
  tags,
  body: PagedListRequestSchema,
  readsOnly: true,
  responses: { 200: pagedResponseSchema(JobListItemSchema) },
  access: { permissions: ['AnalysisJobList_VIEW'] },
});

export const getJob = defineEndpoint({
  method: 'GET',
  path: `${base}/:id`,
  summary:
    'A job: details, workflow steps with statuses, files with mappings and validation, ruleset and reference versions, summary totals, and what the caller may do',
  tags,
  params: IdParamsSchema,
  responses: { 200: JobDetailsSchema },
  access: read,
});

export const updateJobWizard = defineEndpoint({
  method: 'PATCH',
  path: `${base}/:id`,
  summary: 'Change a Draft job’s name, currency or buyer (wizard)',
  tags,
  params: IdParamsSchema,
  body: UpdateJobWizardSchema,
  responses: { 200: JobDetailsSchema },
  access: create,
});

export const renameJob = defineEndpoint({
  method: 'PATCH',
  path: `${base}/:id/name`,
  summary: 'Rename a job at any stage (SPEC §6: job name update)',
  tags,
  params: IdParamsSchema,
  body: RenameJobSchema,
  responses: { 200: JobDetailsSchema },
  access: { permissions: ['JobNameUpdate'] },
});

export const deleteJob = defineEndpoint({
  method: 'DELETE',
  path: `${base}/:id`,
  summary:
    'Delete a job, its files and results (not while its steps are running or a campaign of it is Active)',
  tags,
  params: IdParamsSchema,
  responses: { 200: z.object({ deleted: z.literal(true) }) },
  access: { permissions: ['JobDelete'] },
});

/* ---------------------------------- Wizard: issuers and buyers ---------------------------------- */

export const listWizardIssuers = defineEndpoint({
  method: 'GET',
  path: `${base}/wizard/issuers`,
  summary: 'Issuers the caller may create jobs for, each with its buyers',
  tags,
  responses: { 200: z.array(WizardIssuerSchema) },
  access: create,
});

export const createWizardBuyer = defineEndpoint({
  method: 'POST',
  path: `${base}/wizard/buyers`,
  summary: 'Create a buyer inline in the wizard, for one of the caller’s issuers',
  tags,
  body: CreateWizardBuyerSchema,
  responses: { 201: WizardBuyerSchema },
  access: { permissions: ['Buyer_CREATE'] },
});

/* ---------------------------------- Wizard: files ---------------------------------- */

export const uploadJobFile = defineEndpoint({
  method: 'POST',
  path: `${base}/:id/files`,
  summary:
    'Upload one file (multipart field "file") for a Draft job: Suppliers for Summary and Matched Data Only, PurchaseOrder/Invoice/Payment for Consultant Upload (replaces the file of that role). Checked (size, content against extension, XLSX limits) and sniffed; 400 names the problem and the job stays editable.',
  tags,
  params: IdParamsSchema,
  query: UploadJobFileQuerySchema,
  multipart: true,
  responses: { 201: JobFileSchema },
  access: create,
});

export const deleteJobFile = defineEndpoint({
  method: 'DELETE',
  path: `${base}/:id/files/:fileId`,
  summary: 'Remove an uploaded file from a Draft job',
  tags,
  params: JobFileParamsSchema,
  responses: { 200: z.object({ deleted: z.literal(true) }) },
  access: create,
});

export const saveJobFileMapping = defineEndpoint({
  method: 'PUT',
  path: `${base}/:id/files/:fileId/mapping`,
  summary:
    'Save the column mapping (field → 0-based column) and parse options; 400 names an unknown column or a missing required field. Clears the validation.',
  tags,
  params: JobFileParamsSchema,
  body: SaveMappingSchema,
  responses: { 200: JobFileSchema },
  access: create,
});

export const previewJobFile = defineEndpoint({
  method: 'GET',
  path: `${base}/:id/files/:fileId/preview`,
  summary: 'The first rows as parsed with the saved mapping, each with its rejection reason',
  tags,
  params: JobFileParamsSchema,
  query: PreviewQuerySchema,
  responses: { 200: PreviewResponseSchema },
  access: read,
});

export const validateJobFile = defineEndpoint({
  method: 'POST',
  path: `${base}/:id/files/:fileId/validate`,
  summary:
    'Read the whole file with the saved mapping: row counts, warnings and the first 1000 rejected rows with reasons (all of them in rejects.csv)',
  tags,
  params: JobFileParamsSchema,
  responses: { 200: FileValidationSchema },
  access: create,
});

/** text/csv; cells starting with = + - @ tab or CR are prefixed with ' (formula-injection safe). */
export const downloadJobFileRejects = defineEndpoint({
  method: 'GET',
  path: `${base}/:id/files/:fileId/rejects.csv`,
  summary: 'Every rejected row of the latest validation as CSV (row number, reason, raw values)',
  tags,
  params: JobFileParamsSchema,
  responses: { 200: z.string() },
  access: read,
});

export const submitJob = defineEndpoint({
  method: 'POST',
  path: `${base}/:id/submit`,
  summary:
    'Submit a Draft job: every file mapped; enqueues the pipeline (Ingest → Match → Score → Aggregate; Matched Data Only stops after Match)',
  tags,
  params: IdParamsSchema,
  responses: { 200: JobDetailsSchema },
  access: create,
});

export const retryJobStep = defineEndpoint({
  method: 'POST',
  path: `${base}/:id/steps/:step/retry`,
  summary: 'Run a failed (Error or Canceled) step again, and the steps after it',
  tags,
  params: RetryStepParamsSchema,
  responses: { 200: JobDetailsSchema },
  access: create,
});

/** DevOps job maintenance: start a submitted job over, whatever state its steps are in. */
export const resetJob = defineEndpoint({
  method: 'POST',
  path: `${base}/:id/reset`,
  summary:
    'Reset a submitted job: cancel what it has queued and run its whole pipeline again from Ingest (running commands finish, their results are superseded)',
  tags,
  params: IdParamsSchema,
  responses: { 200: JobDetailsSchema },
  access: { permissions: ['DevOps_JobMaintenance_UPDATE'] },
});

export const publishJob = defineEndpoint({
  method: 'PUT',
  path: `${base}/:id/publish`,
  summary: 'Publish or unpublish a job (only a Completed job can be published)',
  tags,
  params: IdParamsSchema,
  body: PublishJobSchema,
  responses: { 200: JobDetailsSchema },
  access: { permissions: ['AnalysisPublish', 'JobPublish'] },
});

export const getJobLogs = defineEndpoint({
  method: 'GET',
  path: `${base}/:id/logs`,
  summary: 'The job’s log lines, oldest first; pass afterId for the lines written since',
  tags,
  params: IdParamsSchema,
  query: JobLogsQuerySchema,
  responses: { 200: JobLogsResponseSchema },
  access: { permissions: ['JobRead', 'JobTab_Logs_VIEW'] },
});

/* ---------------------------------- Results ---------------------------------- */

export const listJobSuppliers = defineEndpoint({
  method: 'POST',
  path: `${base}/:id/suppliers`,
  summary:
    'Per-supplier results: paged; filters and orderBy on SUPPLIER_RESULT_PROPERTIES. Default order: annualSpend desc. `review=candidates`: undecided Low/Medium candidates, default order matchWeight desc, matchScore desc.',
  tags,
  params: IdParamsSchema,
  query: SupplierListQuerySchema,
  body: PagedListRequestSchema,
  readsOnly: true,
  responses: { 200: pagedResponseSchema(SupplierResultSchema) },
  access: { permissions: ['JobRead', 'JobTab_Suppliers_VIEW'] },
});

export const getJobSupplier = defineEndpoint({
  method: 'GET',
  path: `${base}/:id/suppliers/:supplierKey`,
  summary: 'One supplier: the row, the match evidence and what drove each score',
  tags,
  params: SupplierParamsSchema,
  responses: { 200: SupplierResultDetailSchema },
  access: { permissions: ['JobRead', 'JobTab_Suppliers_VIEW'] },
});

export const decideSupplierMatch = defineEndpoint({
  method: 'PUT',
  path: `${base}/:id/suppliers/:supplierKey/match`,
  summary:
    'Confirm, reject or override a supplier’s match (kept across re-runs). Re-scores the supplier at once.',
  tags,
  params: SupplierParamsSchema,
  body: MatchDecisionSchema,
  responses: { 200: SupplierResultDetailSchema },
  access: { permissions: ['JobEdit'] },
});

export const clearSupplierMatchDecision = defineEndpoint({
  method: 'DELETE',
  path: `${base}/:id/suppliers/:supplierKey/match`,
  summary: 'Remove a person’s match decision; the computed match applies from the next run',
  tags,
  params: SupplierParamsSchema,
  responses: { 200: SupplierResultDetailSchema },
  access: { permissions: ['JobEdit'] },
});

export const rescoreJob = defineEndpoint({
  method: 'POST',
  path: `${base}/:id/rescore`,
  summary:
    'Score a Completed job again with a scoring ruleset version (default: the active one); enqueues Score and Aggregate',
  tags,
  params: IdParamsSchema,
  body: RescoreJobSchema,
  responses: { 200: JobDetailsSchema },
  access: { permissions: ['JobEdit'] },
});

/* ---------------------------------- Rulesets (read-only) ---------------------------------- */

const rulesetsBase = '/api/v1/analysis-admin';
const confidence = { permissions: ['Analysis_Admin_Confidence_VIEW'] } as const;
const scoring = { permissions: ['Analysis_Admin_Scoring_VIEW'] } as const;

export const listConfidenceRulesets = defineEndpoint({
  method: 'GET',
  path: `${rulesetsBase}/confidence-rulesets`,
  summary: 'Confidence ruleset versions, newest first; isActive marks the one new jobs use',
  tags: ['Analysis admin'],
  responses: { 200: z.array(RulesetVersionSummarySchema) },
  access: confidence,
});

export const getActiveConfidenceRuleset = defineEndpoint({
  method: 'GET',
  path: `${rulesetsBase}/confidence-rulesets/active`,
  summary: 'The active confidence ruleset',
  tags: ['Analysis admin'],
  responses: { 200: ConfidenceRulesetVersionSchema },
  access: confidence,
});

export const getConfidenceRuleset = defineEndpoint({
  method: 'GET',
  path: `${rulesetsBase}/confidence-rulesets/:versionNumber`,
  summary: 'One confidence ruleset version',
  tags: ['Analysis admin'],
  params: VersionNumberParamsSchema,
  responses: { 200: ConfidenceRulesetVersionSchema },
  access: confidence,
});

export const listScoringRulesets = defineEndpoint({
  method: 'GET',
  path: `${rulesetsBase}/scoring-rulesets`,
  summary: 'Scoring ruleset versions, newest first; isActive marks the one new jobs use',
  tags: ['Analysis admin'],
  responses: { 200: z.array(RulesetVersionSummarySchema) },
  access: scoring,
});

export const getActiveScoringRuleset = defineEndpoint({
  method: 'GET',
  path: `${rulesetsBase}/scoring-rulesets/active`,
  summary: 'The active scoring ruleset',
  tags: ['Analysis admin'],
  responses: { 200: ScoringRulesetVersionSchema },
  access: scoring,
});

export const getScoringRuleset = defineEndpoint({
  method: 'GET',
  path: `${rulesetsBase}/scoring-rulesets/:versionNumber`,
  summary: 'One scoring ruleset version',
  tags: ['Analysis admin'],
  params: VersionNumberParamsSchema,
  responses: { 200: ScoringRulesetVersionSchema },
  access: scoring,
});

/* ------------------------------------ Match review queue ------------------------------------ */

export const decideSupplierMatches = defineEndpoint({
  method: 'POST',
  path: `${base}/:id/supplier-match-decisions`,
  summary:
    'Up to 500 match decisions at once (merchant with the candidate id shown, or rejected), all or none; kept across re-runs. The job is matched again from Match.',
  tags,
  params: IdParamsSchema,
  body: SupplierMatchDecisionsSchema,
  responses: { 200: SupplierMatchDecisionsResultSchema },
  access: { permissions: ['JobEdit'] },
});
