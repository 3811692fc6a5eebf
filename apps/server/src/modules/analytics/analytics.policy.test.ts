import { ROLE_PERMISSIONS } from '@b2b/contract';
import { describe, expect, it } from 'vitest';
import { ROLES, actorWithRole, rolesThatCan } from '../../../test/policy-actors.js';
import {
  authorize,
  authorizeColumns,
  canEditReport,
  canOpenReport,
  canQueryDataset,
  canReceiveReport,
  hiddenColumns,
} from './analytics.policy.js';

const report = { ownerId: 'owner', sharedWithUserIds: ['reader'] };

describe('analytics policy', () => {
  it.each(ROLES)('%s opens and edits only its own reports, opens shared ones', (role) => {
    const owner = actorWithRole(role, 'owner');
    const reader = actorWithRole(role, 'reader');
    const stranger = actorWithRole(role, 'stranger');
    expect([canOpenReport(owner, report), canEditReport(owner, report)]).toEqual([true, true]);
    expect([canOpenReport(reader, report), canEditReport(reader, report)]).toEqual([true, false]);
    expect([canOpenReport(stranger, report), canEditReport(stranger, report)]).toEqual([
      false,
      false,
    ]);
  });

  it('refuses a stranger with 404 and a reader who changes with 403', () => {
    const reader = actorWithRole('ptcoJobManager', 'reader');
    const stranger = actorWithRole('ptcoJobManager', 'stranger');
    expect(() => authorize(stranger, 'open', report)).toThrow(
      expect.objectContaining({ statusCode: 404 }),
    );
    expect(() => authorize(reader, 'open', report)).not.toThrow();
    expect(() => authorize(reader, 'edit', report)).toThrow(
      expect.objectContaining({ statusCode: 403 }),
    );
  });

  it.each(ROLES)('%s may query the users dataset only with UsersRead', (role) => {
    const actor = actorWithRole(role);
    expect(canQueryDataset(actor, 'users')).toBe(rolesThatCan('UsersRead').includes(role));
    expect(canQueryDataset(actor, 'suppliers')).toBe(true);
  });

  it.each(ROLES)(
    'a report may be shared with a %s only if the role holds AnalyticsQuery_VIEW',
    (role) => {
      const user = {
        standardRoles: [role],
        tabbedViewRoles: [],
        explicitPermissions: [],
        isDeactivated: false,
      };
      const holds = (ROLE_PERMISSIONS[role] as readonly string[]).includes('AnalyticsQuery_VIEW');
      expect(canReceiveReport(user)).toBe(holds);
      expect(canReceiveReport({ ...user, isDeactivated: true })).toBe(false);
      expect(canReceiveReport({ ...user, explicitPermissions: ['AnalyticsQuery_VIEW'] })).toBe(
        true,
      );
    },
  );

  it.each(ROLES)('%s uses the score column only with SupplierScores_VIEW', (role) => {
    const actor = actorWithRole(role);
    const sees = rolesThatCan('SupplierScores_VIEW').includes(role);
    expect(hiddenColumns(actor, 'suppliers')).toEqual(sees ? [] : ['optimaScore']);
    expect(hiddenColumns(actor, 'jobs')).toEqual([]);
    const query = {
      dataset: 'suppliers' as const,
      columns: ['supplierName'],
      filters: [],
      groupBy: [],
      aggregates: [{ column: 'optimaScore' }],
    };
    if (sees) expect(() => authorizeColumns(actor, query)).not.toThrow();
    else expect(() => authorizeColumns(actor, query)).toThrow(/optimaScore/);
  });
});
