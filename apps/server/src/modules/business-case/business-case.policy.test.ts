import { describe, expect, it } from 'vitest';
import { ISSUER, ROLES, actorWithRole, rolesThatCan } from '../../../test/policy-actors.js';
import { authorize, canActOnScenario, canEditIssuerDefaults } from './business-case.policy.js';

const creator = actorWithRole('issuer', 'creator');
const colleague = actorWithRole('ptcoJobManager', 'colleague');
const mine = { createdBy: 'creator' };
const orphan = { createdBy: null };

describe('business case record rules', () => {
  it('lets everyone who sees the job view and copy a scenario', () => {
    for (const actor of [creator, colleague]) {
      expect(canActOnScenario(actor, 'view', mine)).toBe(true);
      expect(canActOnScenario(actor, 'copy', orphan)).toBe(true);
    }
  });

  it('lets only the creator change or delete a scenario, with a 403 saying to copy it', () => {
    expect(canActOnScenario(creator, 'change', mine)).toBe(true);
    expect(canActOnScenario(creator, 'delete', mine)).toBe(true);
    expect(canActOnScenario(colleague, 'change', mine)).toBe(false);
    expect(canActOnScenario(creator, 'change', orphan)).toBe(false);
    expect(() => authorize(colleague, 'delete', mine)).toThrowError(
      expect.objectContaining({ statusCode: 403, message: expect.stringMatching(/copy it/) }),
    );
  });

  it('lets exactly the IssuerUpdate roles edit the defaults of an issuer they see', () => {
    const editors = rolesThatCan('IssuerUpdate');
    expect(editors.length).toBeGreaterThan(0);
    for (const role of ROLES) {
      const actor = actorWithRole(role);
      expect(canEditIssuerDefaults(actor, ISSUER.own), role).toBe(editors.includes(role));
    }
    // An editor who does not see the issuer (no issuer area) may not edit it.
    const outsider = { ...actorWithRole('sysAdmin'), permissions: ['IssuerUpdate' as const] };
    expect(canEditIssuerDefaults(outsider, ISSUER.other)).toBe(false);
  });
});
