import { describe, expect, it } from 'vitest';
import { ROLES, actorWithRole, rolesThatCan } from '../../../test/policy-actors.js';
import { authorize, canEnrichJob } from './companies-house.policy.js';

/** Holders of JobEdit work on any job they see, as on its results (jobs.policy). */
const EDITORS = rolesThatCan('JobEdit');

describe('companies-house.policy', () => {
  it('names the roles the contract gives JobEdit', () => {
    expect(EDITORS).toEqual([
      'ptcoJobManager',
      'sysAdmin',
      'tester',
      'developer',
      'UserAdministrator',
    ]);
  });

  describe.each(ROLES)('%s', (role) => {
    const actor = actorWithRole(role);
    const own = { ownerId: actor.userId, status: 'Completed', type: 'base', isPublished: false };
    const others = { ...own, ownerId: 'someone-else' };
    const editor = EDITORS.includes(role);

    it('enriches its own Completed job, but not one still processing', () => {
      expect(canEnrichJob(actor, own)).toBe(true);
      expect(() => authorize(actor, 'start', own)).not.toThrow();
      expect(() => authorize(actor, 'start', { ...own, status: 'Processing' })).toThrow(
        expect.objectContaining({ statusCode: 409 }),
      );
    });

    it(`${editor ? 'enriches' : 'gets 403 for'} another user's job it can see`, () => {
      expect(canEnrichJob(actor, others)).toBe(editor);
      if (editor) expect(() => authorize(actor, 'start', others)).not.toThrow();
      else
        expect(() => authorize(actor, 'start', others)).toThrow(
          expect.objectContaining({ statusCode: 403 }),
        );
      // Looking at the outcome is for whoever sees the job (the jobs policy decides that).
      expect(() => authorize(actor, 'view', others)).not.toThrow();
    });
  });
});
