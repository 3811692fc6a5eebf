import {
  RESULTS_LINK_ENDPOINTS,
  RESULTS_LINK_ONLY_MESSAGE,
  RESULTS_LINK_PERMISSIONS,
} from '@b2b/contract';
import { describe, expect, it } from 'vitest';
import type { Actor } from '../../lib/actor.js';
import { ISSUER, ROLES, actorWithRole, rolesThatCan } from '../../../test/policy-actors.js';
import {
  authorize,
  authorizeResultsLink,
  linkScope,
  mayCallRoute,
  seesLink,
} from './magic-links.policy.js';

/** SPEC §2, §6: the magic links screen is the system administrator's (and testers' who copy it). */
const LINK_ADMINS = ['sysAdmin', 'tester', 'developer'];
/** Staff with the issuer area see every issuer, and so every issuer's links. */
const ALL_ISSUERS = rolesThatCan('IssuerArea_VIEW');

describe('magic-links.policy', () => {
  it('names the roles the contract gives MagicLinks_CRUD', () => {
    expect(rolesThatCan('MagicLinks_CRUD')).toEqual(LINK_ADMINS);
  });

  describe.each(ROLES)('%s', (role) => {
    const actor = actorWithRole(role);
    const seesAll = ALL_ISSUERS.includes(role);
    const notFound = expect.objectContaining({ statusCode: 404 });

    it('sees the links of its own issuer', () => {
      expect(seesLink(actor, { issuerId: ISSUER.own })).toBe(true);
      for (const action of ['view', 'revoke', 'create'] as const)
        expect(() => authorize(actor, action, { issuerId: ISSUER.own })).not.toThrow();
    });

    it(`${seesAll ? 'sees' : 'gets 404 for'} another issuer's links`, () => {
      const other = { issuerId: ISSUER.other };
      expect(seesLink(actor, other)).toBe(seesAll);
      expect(linkScope(actor)).toEqual(seesAll ? undefined : [ISSUER.own]);
      for (const action of ['view', 'revoke', 'create'] as const) {
        if (seesAll) expect(() => authorize(actor, action, other)).not.toThrow();
        else expect(() => authorize(actor, action, other)).toThrow(notFound);
      }
    });
  });
});

describe('results links (SPEC §3 MagicLinkUser)', () => {
  const job = (extra: { ownerId?: string; isPublished?: boolean; issuerId?: string } = {}) => ({
    ownerId: 'someone-else',
    status: 'Completed',
    type: 'base',
    isPublished: true,
    issuerId: ISSUER.own,
    ...extra,
  });
  const status = (fn: () => void) => {
    try {
      fn();
      return 'ok';
    } catch (error) {
      return (error as { statusCode: number }).statusCode;
    }
  };

  it.each(ROLES)(
    '%s: made by who may change the job (owner or JobEdit), of a published job',
    (role) => {
      const actor = actorWithRole(role);
      const editor = rolesThatCan('JobEdit').includes(role);
      expect(status(() => authorizeResultsLink(actor, job()))).toBe(editor ? 'ok' : 403);
      // The owner may share their own job's results without JobEdit.
      expect(status(() => authorizeResultsLink(actor, job({ ownerId: actor.userId })))).toBe('ok');
      expect(
        status(() =>
          authorizeResultsLink(actor, job({ ownerId: actor.userId, isPublished: false })),
        ),
      ).toBe(409);
      const seesAll = rolesThatCan('IssuerArea_VIEW').includes(role);
      expect(
        status(() =>
          authorizeResultsLink(actor, job({ ownerId: actor.userId, issuerId: ISSUER.other })),
        ),
      ).toBe(seesAll ? 'ok' : 404);
    },
  );

  const linkUser: Actor = {
    userId: 'link-1',
    username: 'reader@partner.example',
    sessionId: 's',
    permissions: RESULTS_LINK_PERMISSIONS,
    issuerIds: [],
    managedIssuerIds: [],
    eligible: true,
    resultsLink: { linkId: 'link-1', jobId: 'job-1' },
  };

  it('lets its session call the results screens’ endpoints and nothing else', () => {
    for (const e of RESULTS_LINK_ENDPOINTS)
      expect(mayCallRoute(linkUser, e.method, e.path)).toBe(true);
    expect(mayCallRoute(linkUser, 'GET', '/api/v1/job-artifacts/:id/admin')).toBe(false);
    expect(mayCallRoute(linkUser, 'PUT', '/api/v1/job-artifacts/:id/publish')).toBe(false);
    expect(mayCallRoute(linkUser, 'GET', '/api/auth/session')).toBe(false);
    // The same path with another method (a change) is not listed.
    expect(mayCallRoute(linkUser, 'DELETE', '/api/v1/job-artifacts/:id')).toBe(false);
    expect(RESULTS_LINK_ONLY_MESSAGE).toMatch(/results link/);
  });

  it('holds only reading permissions, and no supplier score numbers', () => {
    const declared = new Set(RESULTS_LINK_ENDPOINTS.flatMap((e) => e.access.permissions));
    expect([...RESULTS_LINK_PERMISSIONS].sort()).toEqual([...declared].sort());
    expect([...RESULTS_LINK_PERMISSIONS].sort()).toEqual([
      'Insights_VIEW',
      'JobRead',
      'JobTab_Insights_VIEW',
      'JobTab_Summary_VIEW',
      'JobTab_Suppliers_VIEW',
    ]);
    expect(RESULTS_LINK_ENDPOINTS.every((e) => e.method === 'GET' || e.readsOnly)).toBe(true);
  });

  it('does not limit any user', () => {
    for (const role of ROLES)
      expect(mayCallRoute(actorWithRole(role), 'GET', '/api/auth/session')).toBe(true);
  });
});
