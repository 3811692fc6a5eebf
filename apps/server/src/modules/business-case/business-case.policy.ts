import type { Actor } from '../../lib/actor.js';
import { actorCan } from '../../lib/actor.js';
import { AppError } from '../../lib/app-error.js';
import { seesIssuer } from '../issuers/issuers.policy.js';

/**
 * Record rules of the business case. Seeing a scenario follows its job (jobs.policy: a job the
 * actor may not see answers 404, and with it its scenarios); the routes check the permissions.
 * Changing and deleting a scenario are its creator's own: a colleague copies it. An issuer's
 * defaults are changed by holders of IssuerUpdate (SPEC §6 issuer edit) who see that issuer.
 */
export type ScenarioAction = 'view' | 'copy' | 'change' | 'delete';

export function canActOnScenario(
  actor: Actor,
  action: ScenarioAction,
  scenario: { createdBy: string | null },
): boolean {
  if (action === 'view' || action === 'copy') return true;
  return scenario.createdBy !== null && scenario.createdBy === actor.userId;
}

export function canEditIssuerDefaults(actor: Actor, issuerId: string): boolean {
  return actorCan(actor, 'IssuerUpdate') && seesIssuer(actor, issuerId);
}

/** Refuses (403) what `canActOnScenario` does not allow; the job's visibility was checked first. */
export function authorize(
  actor: Actor,
  action: ScenarioAction,
  scenario: { createdBy: string | null },
): void {
  if (!canActOnScenario(actor, action, scenario)) {
    throw AppError.forbidden(
      `Only the person who created this scenario can ${action === 'delete' ? 'delete' : 'change'} it; copy it to make your own.`,
    );
  }
}
