import { CARD_PRODUCT_INFO, type JobDetails, type PagedListRequest } from '@b2b/contract';
import { type SQL, and, eq, inArray, or, sql } from 'drizzle-orm';
import { type Actor, actorCan } from '../../lib/actor.js';
import { AppError } from '../../lib/app-error.js';
import { seesAllBuyers } from '../issuers/buyers.policy.js';
import { jobUserAssignments, jobs } from './job.schema.js';

/**
 * Who may see a job and what they may do with it: the one place these rules are written. The
 * visibility rule comes in two forms that must agree, a predicate over one job and its
 * assignments (`canSeeJob`) and the SQL filter every read of job tables uses (`visibleJobsWhere`).
 */

/** Who is looking, as the visibility rule needs them. */
export type JobViewer = {
  userId: string;
  /** Issuers the user belongs to, as Manager or Member. */
  issuerIds: readonly string[];
  /** The issuers the user manages: they are an IssuerManager of those issuers' jobs. */
  managedIssuerIds: readonly string[];
  /** AllBuyers_VIEW: internal staff see every issuer's jobs. */
  seesAllJobs: boolean;
  /** A MagicLinkUser (SPEC §3, a Results link) sees this one job, while it is published. */
  resultsJobId?: string;
};

export function jobViewer(actor: Actor): JobViewer {
  return {
    userId: actor.userId,
    issuerIds: actor.issuerIds,
    managedIssuerIds: actor.managedIssuerIds,
    seesAllJobs: seesAllBuyers(actor),
    ...(actor.resultsLink ? { resultsJobId: actor.resultsLink.jobId } : {}),
  };
}

/** What the visibility rule reads of a job. */
export type JobVisibilityFacts = {
  id: string;
  ownerId: string;
  issuerId: string;
  isPublished: boolean;
};

/**
 * SPEC §3 job connections: a job's authorized end users are its Owner, the Managers of its
 * issuer (IssuerManager) and the users assigned to it (DirectAssignment, MagicLinkUser: rows of
 * job_user_assignments). A plain Member of the issuer sees the job once it is published (the
 * user guide: until then only the job team sees it). AllBuyers_VIEW sees every job. Anyone else
 * gets 404, never 403, so a job's existence is not revealed.
 */
export function canSeeJob(
  viewer: JobViewer,
  job: JobVisibilityFacts,
  assignedUserIds: readonly string[],
): boolean {
  // A results link's holder sees its job's results while they are published, and nothing else.
  if (viewer.resultsJobId !== undefined) return job.id === viewer.resultsJobId && job.isPublished;
  return (
    viewer.seesAllJobs ||
    job.ownerId === viewer.userId ||
    viewer.managedIssuerIds.includes(job.issuerId) ||
    assignedUserIds.includes(viewer.userId) ||
    (job.isPublished && viewer.issuerIds.includes(job.issuerId))
  );
}

/** `canSeeJob` as a filter on the `jobs` table, for every read that lists or joins jobs. */
export function visibleJobsWhere(viewer: JobViewer): SQL {
  if (viewer.resultsJobId !== undefined)
    return and(eq(jobs.id, viewer.resultsJobId), eq(jobs.isPublished, true))!;
  if (viewer.seesAllJobs) return sql`true`;
  const ofIssuers = (ids: readonly string[]) =>
    ids.length > 0 ? inArray(jobs.issuerId, [...ids]) : sql`false`;
  return or(
    eq(jobs.ownerId, viewer.userId),
    ofIssuers(viewer.managedIssuerIds),
    sql`exists (select 1 from ${jobUserAssignments} a where a.job_id = ${jobs.id} and a.user_id = ${viewer.userId})`,
    and(eq(jobs.isPublished, true), ofIssuers(viewer.issuerIds)),
  )!;
}

/** The forms `visibleJobsWhere` takes, one per kind of viewer. */
export type JobViewerKind = 'resultsLink' | 'allJobs' | 'connections';

export function jobViewerKind(viewer: JobViewer): JobViewerKind {
  if (viewer.resultsJobId !== undefined) return 'resultsLink';
  return viewer.seesAllJobs ? 'allJobs' : 'connections';
}

/** A PostgreSQL array literal of ids, one parameter whatever their number. */
const idArray = (ids: readonly string[]) => `{${ids.join(',')}}`;

/**
 * `visibleJobsWhere` for a statement prepared once per kind of viewer (db/prepared-queries.ts):
 * the same rule, its values as placeholders that `visibilityValues` fills. A test checks that
 * the two forms and `canSeeJob` agree.
 */
export function preparedVisibleJobsWhere(kind: JobViewerKind): SQL {
  const p = (name: string) => sql.placeholder(name);
  if (kind === 'resultsLink')
    return sql`(${jobs.id} = ${p('viewerResultsJobId')} and ${jobs.isPublished})`;
  if (kind === 'allJobs') return sql`true`;
  return sql`(${jobs.ownerId} = ${p('viewerUserId')}
    or ${jobs.issuerId} = any(${p('viewerManagedIssuerIds')}::uuid[])
    or exists (select 1 from ${jobUserAssignments} a where a.job_id = ${jobs.id} and a.user_id = ${p('viewerUserId')})
    or (${jobs.isPublished} and ${jobs.issuerId} = any(${p('viewerIssuerIds')}::uuid[])))`;
}

/** The placeholders' values of `preparedVisibleJobsWhere` for this viewer. */
export function visibilityValues(viewer: JobViewer): Record<string, unknown> {
  const kind = jobViewerKind(viewer);
  if (kind === 'resultsLink') return { viewerResultsJobId: viewer.resultsJobId };
  if (kind === 'allJobs') return {};
  return {
    viewerUserId: viewer.userId,
    viewerManagedIssuerIds: idArray(viewer.managedIssuerIds),
    viewerIssuerIds: idArray(viewer.issuerIds),
  };
}

/* ------------------------------- abilities ------------------------------- */

/** What the abilities read of a job. */
export type JobAbilityFacts = {
  ownerId: string;
  status: string;
  type: string;
  isPublished: boolean;
};

/** The job's owner, or anyone holding JobEdit, works on it as its team does. */
export const isOwnerOrEditor = (actor: Actor, job: JobAbilityFacts) =>
  job.ownerId === actor.userId || actorCan(actor, 'JobEdit');

const onTeam = (actor: Actor, job: JobAbilityFacts) =>
  isOwnerOrEditor(actor, job) && actorCan(actor, 'JobCreate');

export const canEditWizard = (actor: Actor, job: JobAbilityFacts) =>
  onTeam(actor, job) && job.status === 'Draft';

export const canRetry = (actor: Actor, job: JobAbilityFacts) =>
  onTeam(actor, job) && job.status === 'Error';

/**
 * SPEC §6: sysAdmin's "analysis publish" is the area permission AnalysisPublish together with
 * the server's fine-grained JobPublish; publishing needs both, as issuer edits need
 * IssuerArea_CRUD and IssuerUpdate.
 */
const canPublishAnalyses = (actor: Actor) =>
  actorCan(actor, 'AnalysisPublish') && actorCan(actor, 'JobPublish');

/** Publish a Completed job, or take back one already published. */
export const canPublish = (actor: Actor, job: JobAbilityFacts) =>
  canPublishAnalyses(actor) && (job.status === 'Completed' || job.isPublished);

export const canOverrideMatches = (actor: Actor, job: JobAbilityFacts) =>
  actorCan(actor, 'JobEdit') && job.status === 'Completed';

/** Matched Data Only jobs are never scored. */
export const canRescore = (actor: Actor, job: JobAbilityFacts) =>
  canOverrideMatches(actor, job) && job.type !== 'matched-data-only';

/** Renaming after submission is an administrator's (SPEC §6: job name update). */
export const canRename = (actor: Actor, _job: JobAbilityFacts) => actorCan(actor, 'JobNameUpdate');

export const canDelete = (actor: Actor, job: JobAbilityFacts) =>
  actorCan(actor, 'JobDelete') && job.status !== 'Processing';

/** What the job screen offers the actor (`JobDetails['can']`). */
export function jobAbilities(actor: Actor, job: JobAbilityFacts): JobDetails['can'] {
  return {
    editWizard: canEditWizard(actor, job),
    retry: canRetry(actor, job),
    publish: canPublish(actor, job),
    overrideMatches: canOverrideMatches(actor, job),
    rescore: canRescore(actor, job),
    rename: canRename(actor, job),
    delete: canDelete(actor, job),
  };
}

/* ------------------------------- authorize ------------------------------- */

export type JobAction =
  | 'editWizard'
  | 'retry'
  | 'reset'
  | 'publish'
  | 'unpublish'
  | 'overrideMatches'
  | 'rescore'
  | 'rename'
  | 'delete';

/**
 * Refuses an action on a job the actor can see: 403 when the actor may not do it at all, 409
 * (or 400) saying why when the job's state does not allow it now. Route permissions are checked
 * before the service runs; the checks here are the record-level rest.
 */
export function authorize<J extends JobAbilityFacts>(
  actor: Actor,
  action: JobAction,
  job: J,
): asserts job is J {
  switch (action) {
    case 'editWizard':
      if (!isOwnerOrEditor(actor, job)) throw AppError.forbidden();
      if (job.status !== 'Draft') {
        throw AppError.conflict(
          `The job has been submitted (status ${job.status}); its files and mappings can no longer change.`,
        );
      }
      return;
    case 'retry':
      // Which step failed is the workflow's to check; the team may retry.
      if (!isOwnerOrEditor(actor, job)) throw AppError.forbidden();
      return;
    case 'reset':
      if (job.status === 'Draft') {
        throw AppError.conflict('The job has not been submitted yet; there is nothing to reset.');
      }
      return;
    case 'publish':
      if (!canPublishAnalyses(actor)) throw AppError.forbidden();
      if (job.status !== 'Completed')
        throw AppError.conflict('Only a Completed job can be published.');
      return;
    case 'unpublish':
      if (!canPublishAnalyses(actor)) throw AppError.forbidden();
      return;
    case 'overrideMatches':
      if (!actorCan(actor, 'JobEdit')) throw AppError.forbidden();
      if (job.status !== 'Completed') {
        throw AppError.conflict('Matches can be changed once the job has completed.');
      }
      return;
    case 'rescore':
      if (!actorCan(actor, 'JobEdit')) throw AppError.forbidden();
      if (job.type === 'matched-data-only') {
        throw AppError.badRequest('A Matched Data Only job is not scored.', 'id');
      }
      if (job.status !== 'Completed') {
        throw AppError.conflict('Only a Completed job can be scored again.');
      }
      return;
    case 'rename':
      if (!canRename(actor, job)) throw AppError.forbidden();
      return;
    case 'delete':
      if (!actorCan(actor, 'JobDelete')) throw AppError.forbidden();
      if (job.status === 'Processing') {
        throw AppError.conflict('The job is processing; delete it once its steps have finished.');
      }
      return;
  }
}

/** The eight product score fields of a supplier result (SPEC §9). */
const SCORE_FIELDS: readonly string[] = Object.values(CARD_PRODUCT_INFO).map((p) => p.scoreField);

/**
 * SPEC §6: ptcoJobManager adds "supplier scores". Without SupplierScores_VIEW a supplier shows
 * each product's level (High, Medium, Low — what use cases and insights work with) but not the
 * score numbers or the points behind them, and the list cannot be sorted or filtered by them.
 */
export function seesSupplierScores(actor: Actor): boolean {
  return actorCan(actor, 'SupplierScores_VIEW');
}

/** 403 for a supplier list request that sorts or filters by a score the actor may not see. */
export function authorizeScoreQuery(actor: Actor, request: PagedListRequest): void {
  if (seesSupplierScores(actor)) return;
  const named = [
    ...(request.filters ?? []).map((f) => f.propertyName),
    ...(request.orderBy ?? '').split(',').map((part) => part.trim().split(/\s+/)[0] ?? ''),
  ];
  const score = named.find((name) => SCORE_FIELDS.includes(name));
  if (score) {
    throw AppError.forbidden(
      `Sorting or filtering suppliers by ${score} needs the supplier scores permission (SupplierScores_VIEW).`,
    );
  }
}

/**
 * The columns of a supplier download an actor may have: without SupplierScores_VIEW the score
 * numbers and their drivers are left out, whatever the issuer's datapoint profile lists.
 */
export function visibleDatapoints<T extends string>(actor: Actor, names: readonly T[]): T[] {
  if (seesSupplierScores(actor)) return [...names];
  return names.filter((name) => !SCORE_FIELDS.includes(name) && name !== 'scoreDrivers');
}

/** The result as an actor without SupplierScores_VIEW sees it: levels kept, numbers blank. */
function withoutScores<T extends Record<string, unknown>>(result: T): T {
  const copy: Record<string, unknown> = { ...result };
  for (const field of SCORE_FIELDS) if (field in copy) copy[field] = null;
  if ('scoreDrivers' in copy) copy.scoreDrivers = null;
  return copy as T;
}

/** A supplier result as the actor may see it: whole, or with the score numbers blank. */
export function scoresAsSeenBy(actor: Actor): <T extends Record<string, unknown>>(result: T) => T {
  return seesSupplierScores(actor) ? (result) => result : withoutScores;
}
