import { describe, expect, it } from 'vitest';
import { ROLES, actorWithRole, rolesThatCan } from '../../../test/policy-actors.js';
import { authorize, authorizeCreate, isEmailRoute } from './campaigns.policy.js';

/** SPEC §6: campaign rights are campaignManager's and, through it, the internal job managers'. */
const CAMPAIGNERS = [
  'ptcoJobManager',
  'sysAdmin',
  'tester',
  'developer',
  'campaignManager',
  'UserAdministrator',
];

describe('campaigns.policy', () => {
  it('names the roles the contract gives the campaign permissions', () => {
    expect(rolesThatCan('CampaignCreate')).toEqual(CAMPAIGNERS);
    expect(rolesThatCan('CampaignUpdate')).toEqual(CAMPAIGNERS);
    expect(rolesThatCan('Campaign_UPLOAD')).toEqual(CAMPAIGNERS);
  });

  it('e-mails suppliers on every route but Virtual LB and External Campaign', () => {
    expect(['Buyer', 'Issuer', 'Other'].every((r) => isEmailRoute(r as never))).toBe(true);
    expect(isEmailRoute('IsVlbAutoEnrolled')).toBe(false);
    expect(isEmailRoute('ExternalCampaign')).toBe(false);
  });

  describe.each(ROLES)('%s', (role) => {
    const actor = actorWithRole(role);
    const may = CAMPAIGNERS.includes(role);
    const forbidden = expect.objectContaining({ statusCode: 403 });
    const conflict = expect.objectContaining({ statusCode: 409 });

    it(`${may ? 'creates' : 'may not create'} a campaign, on a Completed job only`, () => {
      if (!may) {
        expect(() => authorizeCreate(actor, { status: 'Completed' })).toThrow(forbidden);
        return;
      }
      expect(() => authorizeCreate(actor, { status: 'Completed' })).not.toThrow();
      for (const status of ['Draft', 'Processing', 'Error'])
        expect(() => authorizeCreate(actor, { status })).toThrow(conflict);
    });

    it.each([
      ['start', 'Pending', 'Active'],
      ['complete', 'Active', 'Completed'],
      ['edit', 'Active', 'Completed'],
    ] as const)(`%s: allowed when %s, 409 when %s (with the permission)`, (action, ok, not) => {
      if (!may) {
        expect(() => authorize(actor, action, { status: ok })).toThrow(forbidden);
        return;
      }
      expect(() => authorize(actor, action, { status: ok })).not.toThrow();
      expect(() => authorize(actor, action, { status: not })).toThrow(conflict);
    });

    it(`${may ? 'records' : 'may not record'} a bounce, also on a Completed campaign`, () => {
      const call = () => authorize(actor, 'recordBounce', { status: 'Completed' });
      if (may) expect(call).not.toThrow();
      else expect(call).toThrow(forbidden);
    });

    it(`${may ? 'uploads' : 'may not upload'} outcome files`, () => {
      const call = () => authorize(actor, 'uploadOutcomes', { status: 'Completed' });
      if (may) expect(call).not.toThrow();
      else expect(call).toThrow(forbidden);
    });
  });
});
