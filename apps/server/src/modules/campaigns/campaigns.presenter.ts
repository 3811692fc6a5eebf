import type {
  Campaign,
  CampaignCounters,
  CampaignDetails,
  CampaignEventType,
  CampaignOutcome,
  CampaignStatus,
  CampaignSupplier,
  CampaignWorkflowRoute,
  CardProduct,
} from '@b2b/contract';
import type { CampaignRow } from './campaigns.repo.js';
import type { CampaignEventRow, CampaignSupplierRow } from './tracker.repo.js';

const ZERO: CampaignCounters = { total: 0, pending: 0, active: 0, failed: 0, succeeded: 0 };
const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function presentCampaign(
  row: CampaignRow,
  jobName: string,
  counters: CampaignCounters | undefined,
  exclusions: Record<string, number> | undefined,
): Campaign {
  return {
    id: row.id,
    jobId: row.jobId,
    jobName,
    issuerId: row.issuerId,
    name: row.name,
    route: row.route as CampaignWorkflowRoute,
    cardProduct: row.cardProduct as CardProduct,
    language: row.language,
    status: row.status as CampaignStatus,
    useCaseIds: row.useCaseIds,
    cadence: { followUpDays: row.followUpDays, closeDay: row.closeDay },
    declinePeriodDays: row.declinePeriodDays,
    virtualLockbox: (row.virtualLockbox as Campaign['virtualLockbox']) ?? null,
    counters: counters ?? ZERO,
    excludedCount: Object.values(exclusions ?? {}).reduce((a, b) => a + b, 0),
    createdBy: row.createdByName,
    createdOn: row.createdAt.toISOString(),
    startedOn: iso(row.startedAt),
    completedOn: iso(row.completedAt),
  };
}

export function presentCampaignDetails(
  row: CampaignRow,
  jobName: string,
  counters: CampaignCounters | undefined,
  exclusions: Record<string, number> | undefined,
  bouncesReadAutomatically: boolean,
): CampaignDetails {
  return {
    ...presentCampaign(row, jobName, counters, exclusions),
    template: {
      subject: row.subject,
      body: row.body,
      followUpSubject: row.followUpSubject,
      followUpBody: row.followUpBody,
    },
    exclusionsByReason: exclusions ?? {},
    bouncesReadAutomatically,
  };
}

export function presentSupplier(row: CampaignSupplierRow): CampaignSupplier {
  return {
    supplierKey: row.supplierKey,
    supplierName: row.supplierName,
    spend: row.spend,
    useCaseId: row.useCaseId,
    contactEmail: row.contactEmail,
    contactName: row.contactName,
    contactPhone: row.contactPhone,
    sendable: row.sendable,
    status: row.status as CampaignStatus,
    outcome: (row.outcome as CampaignOutcome | null) ?? null,
    outcomeReason: row.outcomeReason,
    isVlbAutoEnrolled: row.isVlbAutoEnrolled,
    lastEventOn: iso(row.lastEventAt),
  };
}

export function presentEvent(row: CampaignEventRow) {
  return {
    id: row.id,
    type: row.type as CampaignEventType,
    step: row.step,
    detail: row.detail,
    at: row.at.toISOString(),
  };
}
