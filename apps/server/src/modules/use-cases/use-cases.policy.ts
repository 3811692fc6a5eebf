import type { Actor } from '../../lib/actor.js';
import { AppError } from '../../lib/app-error.js';

/**
 * Record rules of use cases. Seeing one follows its job (jobs.policy: a job the actor may not
 * see answers 404, and with it its use cases); the routes check the permissions (UseCases_VIEW,
 * CampaignCreate, CampaignUpdate). Changing and deleting are the creator's own: a colleague
 * who wants a variant copies it (the copy is theirs).
 */
export type UseCaseAction = 'view' | 'copy' | 'change' | 'delete';

/** What the rules read of a use case. */
export type UseCaseFacts = { createdBy: string | null };

export function canActOnUseCase(actor: Actor, action: UseCaseAction, useCase: UseCaseFacts) {
  if (action === 'view' || action === 'copy') return true;
  return useCase.createdBy !== null && useCase.createdBy === actor.userId;
}

/** Refuses (403) what `canActOnUseCase` does not allow; the job's visibility was checked first. */
export function authorize(actor: Actor, action: UseCaseAction, useCase: UseCaseFacts): void {
  if (!canActOnUseCase(actor, action, useCase)) {
    throw AppError.forbidden(
      action === 'delete'
        ? 'Only the person who created this use case can delete it; copy it to make your own.'
        : 'Only the person who created this use case can change it; copy it to make your own.',
    );
  }
}
