import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  PERMISSIONS,
  ROLE_PERMISSIONS,
  can,
  permissionsOf,
  type StandardRole,
} from './permissions.js';
import { renderPermissionsDoc } from './permissions-table.js';
import { WEB_ROUTES } from './routes.js';

const has = (role: StandardRole, p: string) =>
  (ROLE_PERMISSIONS[role] as readonly string[]).includes(p);
const subset = (a: StandardRole, b: StandardRole) => ROLE_PERMISSIONS[a].every((p) => has(b, p));

describe('the cumulative hierarchy of SPEC.md section 6', () => {
  it('makes client, issuerPlus and accountManager equal to issuer', () => {
    for (const role of ['client', 'issuerPlus', 'accountManager'] as const) {
      expect([...ROLE_PERMISSIONS[role]].sort()).toEqual([...ROLE_PERMISSIONS.issuer].sort());
    }
  });

  it('nests issuer ⊂ ptcoJobManager ⊂ sysAdmin ⊂ tester ⊂ developer, each strictly', () => {
    const chain: StandardRole[] = ['issuer', 'ptcoJobManager', 'sysAdmin', 'tester', 'developer'];
    for (let i = 1; i < chain.length; i++) {
      expect(subset(chain[i - 1]!, chain[i]!)).toBe(true);
      expect(subset(chain[i]!, chain[i - 1]!)).toBe(false);
    }
  });

  it('makes UserAdministrator ptcoJobManager plus user management and user CRUD', () => {
    expect(subset('ptcoJobManager', 'UserAdministrator')).toBe(true);
    expect(has('UserAdministrator', 'User_CRUD')).toBe(true);
    expect(has('UserAdministrator', 'UserManagement_VIEW')).toBe(true);
    expect(has('ptcoJobManager', 'User_CRUD')).toBe(false);
  });

  it('places the named rights where SPEC.md puts them', () => {
    expect(has('issuer', 'Buyer_CREATE')).toBe(true);
    expect(has('issuer', 'Chatbot_VIEW')).toBe(true);
    expect(has('issuer', 'IssuerArea_CRUD')).toBe(false);
    expect(has('ptcoJobManager', 'IssuerArea_VIEW')).toBe(true);
    expect(has('sysAdmin', 'IssuerArea_CRUD')).toBe(true);
    expect(has('sysAdmin', 'JobDelete')).toBe(true);
    expect(has('tester', 'SystemNotificationsDetailed_VIEW')).toBe(true);
    expect(has('sysAdmin', 'SystemNotificationsDetailed_VIEW')).toBe(false);
    expect(has('developer', 'SystemMaintenanceMode_IGNORE')).toBe(true);
    expect(has('tester', 'SystemMaintenanceMode_IGNORE')).toBe(false);
    expect(has('campaignManager', 'CampaignManager_Feature_VIEW')).toBe(true);
  });

  it('gives InaccessibleArea_ALL to nobody', () => {
    for (const perms of Object.values(ROLE_PERMISSIONS))
      expect(perms).not.toContain('InaccessibleArea_ALL');
  });
});

describe('permissionsOf and can', () => {
  it('unites role and explicit permissions, ignoring unknown names', () => {
    const granted = permissionsOf(
      ['issuer', 'JobLogsAccessor', 'noSuchRole'],
      ['DevArea_CRUD', 'Bogus'],
    );
    expect(granted).toContain('Buyer_CREATE');
    expect(granted).toContain('JobTab_Logs_VIEW');
    expect(granted).toContain('DevArea_CRUD');
    expect(granted).not.toContain('Bogus');
  });

  it('requires every permission', () => {
    const user = { permissions: ['A', 'B'] };
    expect(can(user, ['A', 'B'])).toBe(true);
    expect(can(user, ['A', 'C'])).toBe(false);
    expect(can(user, [])).toBe(true);
    expect(can(null, [])).toBe(false);
  });
});

describe('the route table', () => {
  it('requires only catalogued permissions and has unique paths', () => {
    const paths = WEB_ROUTES.map((r) => r.path);
    expect(new Set(paths).size).toBe(paths.length);
    for (const route of WEB_ROUTES) {
      for (const p of route.permissions) expect(PERMISSIONS as readonly string[]).toContain(p);
    }
  });

  it("joins a group's permissions with the route's own", () => {
    const confidence = WEB_ROUTES.find(
      (r) => r.path === '/admin/analysis-admin/confidence-rulesets',
    )!;
    expect(confidence.permissions).toEqual([
      'Analysis_Admin_Area_VIEW',
      'Analysis_Admin_Confidence_VIEW',
    ]);
    const jobMaintenance = WEB_ROUTES.find((r) => r.path === '/devops/job-maintenance')!;
    expect(jobMaintenance.permissions).toEqual(['DevOps_Area_VIEW', 'DevOps_JobMaintenance_VIEW']);
  });
});

describe('docs/permissions.md', () => {
  it('is the rendering of the catalogue (run `npm run docs:permissions` after a change)', () => {
    const doc = fs.readFileSync(new URL('../../../docs/permissions.md', import.meta.url), 'utf8');
    expect(doc).toBe(renderPermissionsDoc());
  });
});
