import {
  JOB_FILE_ROLES,
  WORKFLOW_STEP_LABELS,
  type CommandState,
  type DocumentType,
  type JobDetails,
  type JobFile,
  type JobListItem,
  type JobStatus,
  type JobType,
  type Level,
  type SupplierResult,
  type SupplierResultDetail,
  type WorkflowStepKind,
  type JobSummaryTotals,
  roundMoney,
} from '@b2b/contract';
import type { JobFileRow } from './job-files.repo.js';
import type { JobListRow } from './job-list.read.js';
import type { MatchOverrideRow, SupplierResultRow } from './job-results.repo.js';
import type { JobStepRow } from './job-steps.repo.js';
import type { JobRow } from './jobs.repo.js';

export function presentListItem(row: JobListRow): JobListItem {
  return {
    id: row.id,
    name: row.name,
    type: row.type as JobType,
    status: row.status as JobStatus,
    isPublished: row.isPublished,
    issuerId: row.issuerId,
    issuerName: row.issuerName,
    buyerId: row.buyerId,
    buyerName: row.buyerName,
    ownerId: row.ownerId,
    ownerName: row.ownerName,
    currency: row.currency,
    supplierCount: row.supplierCount,
    createdOn: row.createdOn.toISOString(),
    updatedOn: row.updatedOn.toISOString(),
  };
}

export function presentFile(row: JobFileRow): JobFile {
  return {
    id: row.id,
    role: row.role as JobFile['role'],
    documentType: row.role === 'Suppliers' ? null : (row.role as DocumentType),
    fileName: row.fileName,
    sizeBytes: row.sizeBytes,
    uploadedAt: row.uploadedAt.toISOString(),
    sniff: row.sniff,
    suggestion: row.suggestion,
    mapping: row.mapping,
    options: {
      dateOrder: row.options.dateOrder ?? 'auto',
      decimalSeparator: row.options.decimalSeparator ?? 'auto',
      ...(row.options.redactedNames ? { redactedNames: row.options.redactedNames } : {}),
      ...(row.options.splitAddress ? { splitAddress: true } : {}),
    },
    validation: row.validation ?? null,
  };
}

export function presentStep(row: JobStepRow) {
  const step = row.step as WorkflowStepKind;
  return {
    step,
    label: WORKFLOW_STEP_LABELS[step],
    status: row.status as CommandState,
    progress: row.progress,
    message: row.message,
    startedAt: row.startedAt?.toISOString() ?? null,
    completedAt: row.completedAt?.toISOString() ?? null,
    commandId: row.commandId,
  };
}

export function presentDetails(
  job: JobRow,
  list: JobListRow,
  steps: JobStepRow[],
  files: JobFileRow[],
  can: JobDetails['can'],
): JobDetails {
  const roles: readonly string[] = JOB_FILE_ROLES[job.type as JobType];
  return {
    ...presentListItem(list),
    steps: steps.map(presentStep),
    files: files.filter((f) => roles.includes(f.role)).map(presentFile),
    referenceVersionId: job.referenceVersionId,
    confidenceRulesetVersion: job.confidenceRulesetVersion,
    scoringRulesetVersion: job.scoringRulesetVersion,
    analysisDate: job.analysisDate,
    submittedAt: job.submittedAt?.toISOString() ?? null,
    completedAt: job.completedAt?.toISOString() ?? null,
    summary: job.summary ? presentTotals(job.summary, job.currency) : null,
    can,
  };
}

/** A job's stored totals with its amounts in the currency's minor unit (ISO 4217). */
function presentTotals(totals: JobSummaryTotals, currency: string): JobSummaryTotals {
  return {
    ...totals,
    spend: roundMoney(totals.spend, currency),
    annualSpend: roundMoney(totals.annualSpend, currency),
    spendByProduct: Object.fromEntries(
      Object.entries(totals.spendByProduct).map(([product, figures]) => [
        product,
        { ...figures, spend: roundMoney(figures.spend, currency) },
      ]),
    ),
  };
}

const level = (v: string | null) => (v as Level | null) ?? null;
/** An amount of the job's currency as answered: in its minor unit (ISO 4217). */
const money = (v: number | null, currency: string) => (v === null ? null : roundMoney(v, currency));

export function presentSupplier(
  row: SupplierResultRow,
  override: MatchOverrideRow | undefined,
  currency: string,
): SupplierResult {
  return {
    supplierKey: row.supplierKey,
    supplierId: row.supplierId,
    supplierName: row.supplierName,
    country: row.country,
    city: row.city,
    postcode: row.postcode,
    spend: money(row.spend, currency),
    annualSpend: money(row.annualSpend, currency),
    poCount: row.poCount,
    invoiceCount: row.invoiceCount,
    paymentCount: row.paymentCount,
    mainPaymentMethod: row.mainPaymentMethod,
    paymentFrequency: row.paymentFrequency,
    paymentTermsDays: row.paymentTermsDays,
    actualDaysToPay: row.actualDaysToPay,
    matchStatus: row.matchStatus as SupplierResult['matchStatus'],
    confidence: row.confidence as Level,
    matchSource: row.matchSource as SupplierResult['matchSource'],
    ruleId: row.ruleId,
    merchantId: row.merchantId,
    merchantName: row.merchantName,
    merchantDbaName: row.merchantDbaName,
    candidateMerchantId: row.candidateMerchantId,
    candidateMerchantName: row.candidateMerchantName,
    matchScore: row.matchScore,
    matchWeight: row.matchWeight,
    matchProbability: row.matchProbability,
    entityId: row.entityId,
    mcc: row.mcc,
    acceptsCard: row.acceptsCard,
    acceptsVirtualCard: row.acceptsVirtualCard,
    stpEnrolled: row.stpEnrolled,
    dataLevel: row.dataLevel,
    predictedCardAcceptance: row.predictedCardAcceptance,
    optimaScore: row.optimaScore,
    optimaLevel: level(row.optimaLevel),
    optimaProduct: row.optimaProduct,
    stpScore: row.stpScore,
    stpLevel: level(row.stpLevel),
    vcardScore: row.vcardScore,
    vcardLevel: level(row.vcardLevel),
    pcardScore: row.pcardScore,
    pcardLevel: level(row.pcardLevel),
    tandEcardScore: row.tandEcardScore,
    tandEcardLevel: level(row.tandEcardLevel),
    scfScore: row.scfScore,
    scfLevel: level(row.scfLevel),
    instantPayScore: row.instantPayScore,
    instantPayLevel: level(row.instantPayLevel),
    boostScore: row.boostScore,
    boostLevel: level(row.boostLevel),
    cardAccepting: row.cardAccepting as SupplierResult['cardAccepting'],
    vcAccepting: row.vcAccepting as SupplierResult['vcAccepting'],
    detailLevel: row.detailLevel as SupplierResult['detailLevel'],
    stpCapable: row.stpCapable as SupplierResult['stpCapable'],
    cardCapability: row.cardCapability as SupplierResult['cardCapability'],
    override: override
      ? {
          decision: override.decision as 'confirmed' | 'rejected' | 'merchant',
          merchantId: override.merchantId,
          byUsername: override.username,
          at: override.createdAt.toISOString(),
        }
      : null,
  };
}

export function presentSupplierDetail(
  row: SupplierResultRow,
  override: MatchOverrideRow | undefined,
  currency: string,
  explanation: {
    evidence: SupplierResultDetail['evidence'];
    scoreDrivers: SupplierResultDetail['scoreDrivers'];
  },
): SupplierResultDetail {
  return {
    ...presentSupplier(row, override, currency),
    evidence: explanation.evidence,
    scoreDrivers: explanation.scoreDrivers,
    paymentMethods: Array.isArray(row.paymentMethods)
      ? (row.paymentMethods as { method: string; count: number; amount: number }[]).map((m) => ({
          method: String(m.method),
          count: Number(m.count),
          amount: roundMoney(Number(m.amount), currency),
        }))
      : null,
  };
}
