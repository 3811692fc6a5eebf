import { RESULTS_LINK_ENDPOINTS } from '@b2b/contract';
import type { Actor } from '../../lib/actor.js';
import { AppError } from '../../lib/app-error.js';
import { issuerScope, seesIssuer } from '../issuers/issuers.policy.js';
import { type JobAbilityFacts, isOwnerOrEditor } from '../jobs/jobs.policy.js';

/**
 * Who may see and change which magic links (SPEC §2 magic links, MagicLinks_CRUD checked by the
 * route): a link belongs to its issuer, and users see only their own issuers' links (staff with
 * the issuer area see every issuer's). Others' links answer 404, as if they did not exist.
 */

/** The issuers whose links the actor sees; undefined: every issuer. */
export const linkScope = (actor: Actor): readonly string[] | undefined => issuerScope(actor);

export const seesLink = (actor: Actor, link: { issuerId: string }): boolean =>
  seesIssuer(actor, link.issuerId);

export type MagicLinkAction = 'view' | 'revoke' | 'create';

/**
 * Refuses (404) a link, or a job to make one for, of an issuer the actor does not see. Making a
 * link also needs the job to be visible, which the jobs policy decides before this is asked.
 */
export function authorize(
  actor: Actor,
  action: MagicLinkAction,
  record: { issuerId: string },
): void {
  if (!seesLink(actor, record))
    throw AppError.notFound(action === 'create' ? 'No such job.' : 'No such magic link.');
}

/**
 * SPEC §3 MagicLinkUser: a Results link shares a job's results, so it is made by someone who may
 * change the job (its owner, or JobEdit), and only of a published job: the results a reader sees.
 */
export function authorizeResultsLink(
  actor: Actor,
  job: JobAbilityFacts & { issuerId: string },
): void {
  authorize(actor, 'create', job);
  if (!isOwnerOrEditor(actor, job))
    throw AppError.forbidden(
      "Only the job's owner, or someone who may edit jobs (JobEdit), can share its results.",
    );
  if (!job.isPublished)
    throw AppError.conflict(
      `The job is not published (status ${job.status}): a results link shares a published job's results only. Publish it first.`,
    );
}

/** `METHOD path` of each endpoint a results link's session may call. */
const RESULTS_LINK_ROUTES = new Set(RESULTS_LINK_ENDPOINTS.map((e) => `${e.method} ${e.path}`));

/**
 * The one gate of a MagicLinkUser's session (SPEC §3: that job, read-only): true only for a route
 * listed in RESULTS_LINK_ENDPOINTS; the job the route names is the jobs policy's to check (any
 * other job is invisible, 404). Every other actor is not limited here.
 */
export function mayCallRoute(actor: Actor, method: string, routeUrl: string): boolean {
  return !actor.resultsLink || RESULTS_LINK_ROUTES.has(`${method} ${routeUrl}`);
}
