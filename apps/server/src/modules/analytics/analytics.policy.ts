import { ANALYTICS_DATASETS, type AnalyticsDatasetKey, permissionsOf } from '@b2b/contract';
import { type Actor, actorCan } from '../../lib/actor.js';
import { AppError } from '../../lib/app-error.js';
import { jobViewer, seesSupplierScores } from '../jobs/jobs.policy.js';
import type { AnalyticsViewer } from './analytics-query.read.js';

/**
 * Who may do what with the analytics query builder and saved reports (SPEC §2, §6
 * AnalyticsQuery_VIEW). Rows are never filtered here: every dataset's SQL carries the jobs
 * module's visibility rule (analytics-query.read.ts); this file decides datasets and reports.
 */

/** The datasets a user may query: the users dataset needs UsersRead (SPEC §6 user reads). */
export function canQueryDataset(actor: Actor, dataset: AnalyticsDatasetKey): boolean {
  return dataset !== 'users' || actorCan(actor, 'UsersRead');
}

export function queryableDatasets(actor: Actor): AnalyticsDatasetKey[] {
  return (Object.keys(ANALYTICS_DATASETS) as AnalyticsDatasetKey[]).filter((d) =>
    canQueryDataset(actor, d),
  );
}

/**
 * Columns of a dataset the actor may not use: a supplier's score number needs
 * SupplierScores_VIEW (SPEC §6, as in the suppliers tab; its level stays queryable).
 */
export function hiddenColumns(actor: Actor, dataset: AnalyticsDatasetKey): readonly string[] {
  return dataset === 'suppliers' && !seesSupplierScores(actor) ? ['optimaScore'] : [];
}

/** 403 naming the first column of a definition the actor may not use. */
export function authorizeColumns(
  actor: Actor,
  definition: {
    dataset: AnalyticsDatasetKey;
    columns: readonly string[];
    filters: readonly { column: string }[];
    groupBy: readonly string[];
    aggregates: readonly { column?: string | undefined }[];
  },
): void {
  const hidden = hiddenColumns(actor, definition.dataset);
  if (hidden.length === 0) return;
  const named = [
    ...definition.columns,
    ...definition.filters.map((f) => f.column),
    ...definition.groupBy,
    ...definition.aggregates.flatMap((a) => (a.column ? [a.column] : [])),
  ];
  const column = named.find((name) => hidden.includes(name));
  if (column)
    throw AppError.forbidden(
      `The ${column} column needs the supplier scores permission (SupplierScores_VIEW).`,
    );
}

/** The viewer a query runs as: the job rule, and whether every ProQ command shows. */
export function analyticsViewer(actor: Actor): AnalyticsViewer {
  return { ...jobViewer(actor), seesAllCommands: actorCan(actor, 'ProQ_VIEW') };
}

/** What the report rules read of a saved report. */
export type ReportFacts = { ownerId: string; sharedWithUserIds: readonly string[] };

/** Its owner, and the users it is shared with, open a report. */
export const canOpenReport = (actor: Actor, report: ReportFacts) =>
  report.ownerId === actor.userId || report.sharedWithUserIds.includes(actor.userId);

/** Only its owner changes, shares, schedules or deletes a report. */
export const canEditReport = (actor: Actor, report: ReportFacts) => report.ownerId === actor.userId;

/** A report may be shared with a user holding AnalyticsQuery_VIEW through their roles. */
export function canReceiveReport(user: {
  standardRoles: readonly string[];
  tabbedViewRoles: readonly string[];
  explicitPermissions: readonly string[];
  isDeactivated: boolean;
}): boolean {
  return (
    !user.isDeactivated &&
    permissionsOf(
      [...user.standardRoles, ...user.tabbedViewRoles],
      user.explicitPermissions,
    ).includes('AnalyticsQuery_VIEW')
  );
}

export type ReportAction = 'open' | 'edit';

/**
 * A report the actor may not open is a 404 (its existence is not revealed, as for jobs); one
 * they may open but not change is a 403.
 */
export function authorize(actor: Actor, action: ReportAction, report: ReportFacts): void {
  if (!canOpenReport(actor, report)) throw AppError.notFound('Report not found.');
  if (action === 'edit' && !canEditReport(actor, report))
    throw AppError.forbidden('Only the owner of this report may change it.');
}
