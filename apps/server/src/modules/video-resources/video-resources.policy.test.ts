import { ROLE_PERMISSIONS, STANDARD_ROLES, can } from '@b2b/contract';
import { describe, expect, it } from 'vitest';
import { actorWithRole } from '../../../test/policy-actors.js';
import { parseRange } from './byte-range.js';
import { isInAudience, maySee } from './video-resources.policy.js';

const forIssuers = { audienceRoles: ['issuer'] };

describe('who may see a video resource', () => {
  it.each(STANDARD_ROLES)(
    '%s sees a resource shared with its role, or any when it manages them',
    (role) => {
      const actor = actorWithRole(role);
      const manages = can({ permissions: ROLE_PERMISSIONS[role] }, 'VideoResources_CRUD');
      const hub = can({ permissions: ROLE_PERMISSIONS[role] }, 'ResourceHubView');
      expect(maySee(actor, [role], { audienceRoles: [role] })).toBe(manages || hub);
      expect(maySee(actor, [role], { audienceRoles: ['JobLogsAccessor'] })).toBe(manages);
    },
  );

  it('counts per-tab roles and ignores unknown audience names', () => {
    expect(
      isInAudience(['client', 'JobLogsAccessor'], { audienceRoles: ['JobLogsAccessor'] }),
    ).toBe(true);
    expect(isInAudience([], forIssuers)).toBe(false);
    expect(isInAudience(['client'], { audienceRoles: ['king'] })).toBe(false);
  });
});

describe('HTTP Range of a 1,000-byte file', () => {
  it.each([
    ['bytes=0-99', { start: 0, end: 99 }],
    ['bytes=990-2000', { start: 990, end: 999 }],
    ['bytes=100-', { start: 100, end: 999 }],
    ['bytes=-50', { start: 950, end: 999 }],
    ['bytes=-5000', { start: 0, end: 999 }],
    ['bytes=1000-', 'unsatisfiable'],
    ['bytes=-0', 'unsatisfiable'],
    ['bytes=5-1', undefined],
    ['bytes=0-1,5-9', undefined],
    ['items=0-1', undefined],
    ['bytes=-', undefined],
  ] as const)('%s', (header, expected) => {
    expect(parseRange(header, 1000)).toEqual(expected);
  });
});
