import { z } from 'zod';
import {
  CommandStateSchema,
  DocumentTypeSchema,
  JobTypeSchema,
  LevelSchema,
  MatchStatusSchema,
} from '../analysis/enums.js';
import {
  ColumnMappingSchema,
  ColumnMappingSuggestionSchema,
  FileSniffSchema,
  IngestOptionsSchema,
  IngestSummarySchema,
  PreviewRowSchema,
} from '../analysis/ingestion.js';
import {
  ConfidenceRulesetSchema,
  MatchEvidenceSchema,
  ScoreContributionSchema,
  ScoringRulesetSchema,
} from '../analysis/rulesets.js';
import { IssuerInputDataOptionSchema } from '../issuers/schemas.js';

export const JobConnectionSchema = z.enum([
  'Owner',
  'IssuerManager',
  'DirectAssignment',
  'MagicLinkUser',
]);

/** Job artifact admin view (SPEC.md section 3). */
export const JobArtifactAdminSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  isPublished: z.boolean(),
  owner: z.object({ id: z.uuid(), username: z.string(), role: z.string() }),
  issuerId: z.uuid(),
  issuerName: z.string(),
  issuerEmailDomains: z.array(z.string()),
  authorizedEndUsers: z.array(z.object({ username: z.string(), connection: JobConnectionSchema })),
});

export const AssignableJobArtifactSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  buyerName: z.string(),
  createdOn: z.string(),
});
export const AuthMappedJobArtifactSchema = AssignableJobArtifactSchema.extend({
  isPublished: z.boolean(),
  isDirectAssignment: z.boolean(),
});
export const JobOwnerFilterItemSchema = z.object({
  id: z.uuid(),
  ownerName: z.string(),
  displayName: z.string(),
});
export const JobArtifactUserAssignmentSchema = z.strictObject({
  jobArtifactId: z.uuid(),
  userId: z.uuid(),
  isAssigned: z.boolean(),
});

/* ------------------------------------------------------------------------------------------ */
/* Jobs: lifecycle, workflow steps, files                                                      */
/* ------------------------------------------------------------------------------------------ */

/**
 * A job's lifecycle. Draft: the wizard is editable (files, mappings); Processing: submitted, the
 * pipeline runs; Completed: every step done; Error: a step failed (retry it; the wizard stays
 * closed). A Draft job can be left and resumed at any time.
 */
export const JOB_STATUSES = ['Draft', 'Processing', 'Completed', 'Error'] as const;
export const JobStatusSchema = z.enum(JOB_STATUSES);
export type JobStatus = z.infer<typeof JobStatusSchema>;

/**
 * The pipeline steps in order. Matched Data Only Upload jobs have Ingest and Match only.
 * Aggregate stores the job's summary totals (`JobSummaryTotals`).
 */
export const WORKFLOW_STEPS = ['Ingest', 'Match', 'Score', 'Aggregate'] as const;
export const WorkflowStepKindSchema = z.enum(WORKFLOW_STEPS);
export type WorkflowStepKind = z.infer<typeof WorkflowStepKindSchema>;
export const WORKFLOW_STEP_LABELS = {
  Ingest: 'Read and check the files',
  Match: 'Match suppliers to card acceptors',
  Score: 'Score card products',
  Aggregate: 'Summarise the results',
} as const satisfies Record<WorkflowStepKind, string>;

/** One workflow step; `status` uses the six states of SPEC.md section 4. */
export const WorkflowStepSchema = z.object({
  step: WorkflowStepKindSchema,
  label: z.string(),
  status: CommandStateSchema,
  /** Progress 0–100 while InProgress. */
  progress: z.number().int().min(0).max(100),
  /** What happened (the error message when status is Error). */
  message: z.string().nullable(),
  startedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  /** The ProQ command that runs the step (null before submit). */
  commandId: z.uuid().nullable(),
});
export type WorkflowStep = z.infer<typeof WorkflowStepSchema>;

/** What a file is in the job: the supplier list (Summary, Matched Data Only) or a document file. */
export const JobFileRoleSchema = z.enum(['Suppliers', 'PurchaseOrder', 'Invoice', 'Payment']);
export type JobFileRole = z.infer<typeof JobFileRoleSchema>;
/** The file roles each job type takes (Consultant Upload: one or more document files). */
export const JOB_FILE_ROLES = {
  base: ['Suppliers'],
  'matched-data-only': ['Suppliers'],
  advanced: ['PurchaseOrder', 'Invoice', 'Payment'],
} as const satisfies Record<z.infer<typeof JobTypeSchema>, readonly JobFileRole[]>;

/**
 * Rows that became one supplier (SPEC §3 validation): supplier-list rows with the same supplier
 * id, or the same name after normalisation (case, accents, punctuation) with the same postcode
 * and country; documents of one supplier written with different name spellings.
 */
export const SupplierMergeSchema = z.object({
  /** The name the supplier takes (its first row's). */
  supplierName: z.string().nullable(),
  /** The name after normalisation, the key the rows share when they have no supplier id. */
  normalisedName: z.string().nullable(),
  supplierId: z.string().nullable(),
  rowCount: z.number().int(),
  /** The distinct spellings that went into it with their row counts, most rows first (≤ 10). */
  spellings: z.array(z.object({ name: z.string(), rowCount: z.number().int() })),
  /** How many distinct spellings there were in all. */
  spellingCount: z.number().int(),
});
export type SupplierMerge = z.infer<typeof SupplierMergeSchema>;

/** How the accepted rows of a file became suppliers, and the merges among them. */
export const SupplierMergesSchema = z.object({
  /** 'rows' for a supplier list (each row a supplier unless merged), 'documents' otherwise. */
  kind: z.enum(['rows', 'documents']),
  rowCount: z.number().int(),
  supplierCount: z.number().int(),
  /** Suppliers made of more than one row (a supplier list) or spelling (documents). */
  mergedSupplierCount: z.number().int(),
  /** The largest merges, most rows first (at most `SUPPLIER_MERGES_LISTED`). */
  merges: z.array(SupplierMergeSchema),
});
export type SupplierMerges = z.infer<typeof SupplierMergesSchema>;
/** How many merges a validation lists (the count covers all of them). */
export const SUPPLIER_MERGES_LISTED = 200;

/**
 * A file's validation: the ingestion summary and how its rows became suppliers (absent in
 * validations stored before merges were counted).
 */
export const FileValidationSchema = IngestSummarySchema.extend({
  suppliers: SupplierMergesSchema.optional(),
});
export type FileValidation = z.infer<typeof FileValidationSchema>;

/** A file uploaded for a job, with what the wizard learnt and decided about it. */
export const JobFileSchema = z.object({
  id: z.uuid(),
  role: JobFileRoleSchema,
  /** The document type of a Consultant Upload file, null for a supplier list. */
  documentType: DocumentTypeSchema.nullable(),
  fileName: z.string(),
  sizeBytes: z.number().int().nonnegative(),
  uploadedAt: z.string(),
  sniff: FileSniffSchema,
  /** The suggestion made from the header names at upload. */
  suggestion: ColumnMappingSuggestionSchema,
  /** The mapping in force (starts as the suggestion's mapping; the wizard edits it). */
  mapping: ColumnMappingSchema,
  options: IngestOptionsSchema,
  /** The latest validation of the current mapping; null until validated or after a change. */
  validation: FileValidationSchema.nullable(),
});
export type JobFile = z.infer<typeof JobFileSchema>;

/** Per-job totals stored by the Aggregate step (real figures, computed in DuckDB). */
export const JobSummaryTotalsSchema = z.object({
  suppliers: z.number().int(),
  spend: z.number(),
  annualSpend: z.number(),
  pos: z.number().int(),
  invoices: z.number().int(),
  payments: z.number().int(),
  matched: z.number().int(),
  unmatched: z.number().int(),
  confidence: z.record(LevelSchema, z.number().int()),
  /** Per card product: suppliers per level, and the annual spend of those at High or Medium. */
  spendByProduct: z.record(
    z.string(),
    z.object({ suppliers: z.record(LevelSchema, z.number().int()), spend: z.number() }),
  ),
});
export type JobSummaryTotals = z.infer<typeof JobSummaryTotalsSchema>;

/** A job row of the /analysis list. */
export const JobListItemSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  type: JobTypeSchema,
  status: JobStatusSchema,
  isPublished: z.boolean(),
  issuerId: z.uuid(),
  issuerName: z.string(),
  buyerId: z.uuid(),
  buyerName: z.string(),
  ownerId: z.uuid(),
  ownerName: z.string(),
  currency: z.string(),
  supplierCount: z.number().int().nullable(),
  createdOn: z.string(),
  updatedOn: z.string(),
});
export type JobListItem = z.infer<typeof JobListItemSchema>;
/**
 * Properties the job list filters and sorts on (paged-list `propertyName`, `orderBy`).
 * @public Named in its endpoint's description, the API's documented vocabulary (SPEC §7).
 */
export const JOB_LIST_PROPERTIES = [
  'name',
  'type',
  'status',
  'isPublished',
  'issuerId',
  'issuerName',
  'buyerId',
  'buyerName',
  'ownerId',
  'ownerName',
  'currency',
  'createdOn',
  'updatedOn',
] as const;

/** Everything the job frame, wizard and details tab show. */
export const JobDetailsSchema = JobListItemSchema.extend({
  steps: z.array(WorkflowStepSchema),
  files: z.array(JobFileSchema),
  /** The card-acceptance reference version the job matched (or will match) against. */
  referenceVersionId: z.string().nullable(),
  confidenceRulesetVersion: z.number().int().nullable(),
  scoringRulesetVersion: z.number().int().nullable(),
  /** Date the scores are computed as of (months since a merchant's last card transaction). */
  analysisDate: z.string(),
  submittedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  summary: JobSummaryTotalsSchema.nullable(),
  /** What the signed-in user may do with this job (the server checks again). */
  can: z.object({
    editWizard: z.boolean(),
    retry: z.boolean(),
    publish: z.boolean(),
    overrideMatches: z.boolean(),
    rescore: z.boolean(),
    rename: z.boolean(),
    delete: z.boolean(),
  }),
});
export type JobDetails = z.infer<typeof JobDetailsSchema>;

export const CreateJobQuerySchema = z.strictObject({
  type: JobTypeSchema,
  issuerId: z.uuid(),
  buyerId: z.uuid(),
  name: z.string().trim().min(1).max(200),
  currency: z
    .string()
    .regex(/^[A-Za-z]{3}$/, 'must be a 3-letter currency code')
    .transform((c) => c.toUpperCase()),
});

export const UpdateJobWizardSchema = z.strictObject({
  name: z.string().trim().min(1).max(200).optional(),
  currency: z
    .string()
    .regex(/^[A-Za-z]{3}$/, 'must be a 3-letter currency code')
    .transform((c) => c.toUpperCase())
    .optional(),
  buyerId: z.uuid().optional(),
});

/** Wizard choices: the issuers the user may create jobs for, each with its buyers. */
export const WizardIssuerSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  currency: z.string(),
  fallbackCountryIso3: z.string(),
  /** How the issuer takes input data (SPEC §3): the wizard uploads files only with CsvFileUpload. */
  inputDataOptions: z.array(IssuerInputDataOptionSchema),
  buyers: z.array(z.object({ id: z.uuid(), name: z.string(), countryIso3: z.string().nullable() })),
});
export const CreateWizardBuyerSchema = z.strictObject({
  issuerId: z.uuid(),
  name: z.string().trim().min(1).max(200),
  countryIso3: z
    .string()
    .regex(/^[A-Za-z]{3}$/, 'must be a 3-letter country code')
    .transform((c) => c.toUpperCase())
    .optional(),
});
export const WizardBuyerSchema = z.object({
  id: z.uuid(),
  issuerId: z.uuid(),
  name: z.string(),
  countryIso3: z.string().nullable(),
});

export const UploadJobFileQuerySchema = z.strictObject({
  role: JobFileRoleSchema,
  /** XLSX only: which sheet to read (default: the first). */
  sheetName: z.string().max(200).optional(),
});

export const SaveMappingSchema = z.strictObject({
  mapping: ColumnMappingSchema,
  options: IngestOptionsSchema.optional(),
});

export const PreviewQuerySchema = z.strictObject({
  rows: z.coerce.number().int().min(1).max(200).default(20),
});
export const PreviewResponseSchema = z.object({
  headers: z.array(z.string()),
  rows: z.array(PreviewRowSchema),
});

export const PublishJobSchema = z.strictObject({ isPublished: z.boolean() });
export const ChangeJobOwnerSchema = z.strictObject({ ownerId: z.uuid() });
/** A new name for a job at any stage (the wizard renames only a Draft). */
export const RenameJobSchema = z.strictObject({ name: z.string().trim().min(1).max(200) });

/* ------------------------------------------------------------------------------------------ */
/* Job logs                                                                                    */
/* ------------------------------------------------------------------------------------------ */

export const JobLogLineSchema = z.object({
  /** Increasing: pass the last one seen as `afterId` to get only newer lines. */
  id: z.number().int(),
  at: z.string(),
  level: z.enum(['info', 'warn', 'error']),
  step: WorkflowStepKindSchema.nullable(),
  message: z.string(),
});
export type JobLogLine = z.infer<typeof JobLogLineSchema>;
export const JobLogsQuerySchema = z.strictObject({
  /** Live view: only lines after this id, oldest first. Without it: the first page. */
  afterId: z.coerce.number().int().min(0).optional(),
  limit: z.coerce.number().int().min(1).max(1000).default(200),
});
export const JobLogsResponseSchema = z.object({
  lines: z.array(JobLogLineSchema),
  /** The id to pass as `afterId` next (the last line's, or the one sent). */
  lastId: z.number().int(),
  /** False while steps are still queued or running: keep polling. */
  finished: z.boolean(),
});

/* ------------------------------------------------------------------------------------------ */
/* Supplier results (match, confidence, evidence, eight scores, slicers)                       */
/* ------------------------------------------------------------------------------------------ */

const score = z.number().int().min(0).max(100).nullable();
const level = LevelSchema.nullable();

export const MatchOverrideInfoSchema = z.object({
  decision: z.enum(['confirmed', 'rejected', 'merchant']),
  merchantId: z.string().nullable(),
  byUsername: z.string(),
  at: z.string(),
});

/** One supplier of a job: aggregates, match and scores. Scores are null for Matched Data Only. */
export const SupplierResultSchema = z.object({
  supplierKey: z.string(),
  supplierId: z.string().nullable(),
  supplierName: z.string(),
  country: z.string().nullable(),
  city: z.string().nullable(),
  postcode: z.string().nullable(),
  spend: z.number().nullable(),
  annualSpend: z.number().nullable(),
  poCount: z.number().int().nullable(),
  invoiceCount: z.number().int().nullable(),
  paymentCount: z.number().int().nullable(),
  mainPaymentMethod: z.string().nullable(),
  paymentFrequency: z.string().nullable(),
  paymentTermsDays: z.number().nullable(),
  actualDaysToPay: z.number().nullable(),
  matchStatus: MatchStatusSchema,
  confidence: LevelSchema,
  matchSource: z.enum(['computed', 'override', 'rejected']),
  ruleId: z.string().nullable(),
  merchantId: z.string().nullable(),
  merchantName: z.string().nullable(),
  merchantDbaName: z.string().nullable(),
  /**
   * The best reference merchant found, also when the supplier is UNMATCHED (the merchant fields
   * above are the matched merchant's only): what a reviewer confirms or rejects.
   */
  candidateMerchantId: z.string().nullable(),
  candidateMerchantName: z.string().nullable(),
  /** The candidate's name similarity (0–1) the rules decided on. */
  matchScore: z.number().nullable(),
  /** The match model's log2 odds for the candidate and its probability; null without a model. */
  matchWeight: z.number().nullable(),
  matchProbability: z.number().min(0).max(1).nullable(),
  /** The merchant entity (one business, several reference records) of the candidate. */
  entityId: z.string().nullable(),
  mcc: z.string().nullable(),
  acceptsCard: z.boolean().nullable(),
  acceptsVirtualCard: z.boolean().nullable(),
  stpEnrolled: z.boolean().nullable(),
  dataLevel: z.number().int().nullable(),
  /**
   * The active card acceptance model's probability that an UNMATCHED supplier accepts card (ML
   * prediction, SPEC §2); null for matched suppliers and until the job is scored by a model.
   */
  predictedCardAcceptance: z.number().min(0).max(1).nullable(),
  optimaScore: score,
  optimaLevel: level,
  optimaProduct: z.string().nullable(),
  stpScore: score,
  stpLevel: level,
  vcardScore: score,
  vcardLevel: level,
  pcardScore: score,
  pcardLevel: level,
  tandEcardScore: score,
  tandEcardLevel: level,
  scfScore: score,
  scfLevel: level,
  instantPayScore: score,
  instantPayLevel: level,
  boostScore: score,
  boostLevel: level,
  /** Slicers (SPEC.md section 3). */
  cardAccepting: z.enum(['MATCHED', 'UNMATCHED']),
  vcAccepting: z.enum(['YES', 'NO', 'UNMATCHED']),
  detailLevel: z.enum(['3', '2', '1', 'none']),
  stpCapable: z.enum(['TRUE', 'FALSE']),
  cardCapability: z.enum(['STP', 'VC', 'L3', 'Card Acceptor', 'Unmatched']),
  override: MatchOverrideInfoSchema.nullable(),
});
export type SupplierResult = z.infer<typeof SupplierResultSchema>;
/**
 * Properties the supplier list filters and sorts on.
 * @public Named in its endpoint's description, the API's documented vocabulary (SPEC §7).
 */
export const SUPPLIER_RESULT_PROPERTIES = [
  'supplierKey',
  'supplierId',
  'supplierName',
  'country',
  'spend',
  'annualSpend',
  'paymentCount',
  'mainPaymentMethod',
  'paymentTermsDays',
  'actualDaysToPay',
  'matchStatus',
  'confidence',
  'matchSource',
  'merchantName',
  'candidateMerchantName',
  'matchScore',
  'matchWeight',
  'matchProbability',
  'mcc',
  'predictedCardAcceptance',
  'optimaScore',
  'stpScore',
  'vcardScore',
  'pcardScore',
  'tandEcardScore',
  'scfScore',
  'instantPayScore',
  'boostScore',
  'optimaLevel',
  'stpLevel',
  'vcardLevel',
  'pcardLevel',
  'tandEcardLevel',
  'scfLevel',
  'instantPayLevel',
  'boostLevel',
  'cardAccepting',
  'vcAccepting',
  'detailLevel',
  'stpCapable',
  'cardCapability',
] as const;

export const ProductExplanationSchema = z.object({
  score: z.number(),
  level: LevelSchema,
  applies: z.boolean(),
  drivers: z.array(ScoreContributionSchema),
});
/** The supplier screen: the row plus the match evidence and what drove each score. */
export const SupplierResultDetailSchema = SupplierResultSchema.extend({
  evidence: MatchEvidenceSchema.nullable(),
  scoreDrivers: z.record(z.string(), ProductExplanationSchema).nullable(),
  paymentMethods: z
    .array(z.object({ method: z.string(), count: z.number(), amount: z.number() }))
    .nullable(),
});
export type SupplierResultDetail = z.infer<typeof SupplierResultDetailSchema>;

/**
 * A person's decision on a supplier's match: confirm the computed match, reject it (the
 * supplier counts as UNMATCHED), or point it at another merchant. Survives re-runs.
 */
export const MatchDecisionSchema = z.discriminatedUnion('decision', [
  z.strictObject({ decision: z.literal('confirmed') }),
  z.strictObject({ decision: z.literal('rejected') }),
  z.strictObject({ decision: z.literal('merchant'), merchantId: z.string().min(1).max(100) }),
]);
export type MatchDecision = z.infer<typeof MatchDecisionSchema>;

export const RescoreJobSchema = z.strictObject({
  /** A stored scoring ruleset version; omit for the active one. */
  scoringRulesetVersion: z.number().int().positive().optional(),
});

export const RetryStepParamsSchema = z.strictObject({
  id: z.uuid(),
  step: WorkflowStepKindSchema,
});
export const JobFileParamsSchema = z.strictObject({ id: z.uuid(), fileId: z.uuid() });
export const SupplierParamsSchema = z.strictObject({
  id: z.uuid(),
  supplierKey: z.string().min(1).max(100),
});

/* ------------------------------------------------------------------------------------------ */
/* Rulesets (read-only views in analysis admin)                                                */
/* ------------------------------------------------------------------------------------------ */

export const RulesetVersionSummarySchema = z.object({
  versionNumber: z.number().int(),
  name: z.string(),
  description: z.string(),
  isActive: z.boolean(),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
  /** A draft may still change; every other version is immutable. */
  isDraft: z.boolean(),
  basedOnVersion: z.number().int().nullable(),
  updatedAt: z.string().nullable(),
  updatedBy: z.string().nullable(),
  activatedAt: z.string().nullable(),
});
export const ConfidenceRulesetVersionSchema = RulesetVersionSummarySchema.extend({
  ruleset: ConfidenceRulesetSchema,
});
export const ScoringRulesetVersionSchema = RulesetVersionSummarySchema.extend({
  ruleset: ScoringRulesetSchema,
});
export const VersionNumberParamsSchema = z.strictObject({
  versionNumber: z.coerce.number().int().positive(),
});
