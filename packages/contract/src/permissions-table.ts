import {
  DEFAULT_TABBED_VIEW_ROLES,
  PERMISSIONS,
  READ_ONLY_MODE_PERMISSIONS,
  ROLE_PERMISSIONS,
  STANDARD_ROLES,
  TAB_PERMISSIONS,
  TABBED_VIEW_ROLES,
} from './permissions.js';
import { WEB_ROUTES } from './routes.js';

const SHORT: Record<string, string> = {
  issuer: 'iss',
  client: 'cli',
  issuerPlus: 'iss+',
  accountManager: 'am',
  ptcoJobManager: 'ptco',
  sysAdmin: 'sys',
  tester: 'test',
  developer: 'dev',
  selfServeJobCreator: 'ssjc',
  matchedDataOnlyJobCreator: 'mdo',
  campaignManager: 'cm',
  UserAdministrator: 'ua',
};

/**
 * Renders docs/permissions.md from the catalogue, so the document can never drift from the
 * code: `npm run docs:permissions` writes it and a contract test compares.
 */
export function renderPermissionsDoc(): string {
  const header = `| permission | ${STANDARD_ROLES.map((r) => SHORT[r]).join(' | ')} |`;
  const rule = `|---|${STANDARD_ROLES.map(() => ':-:').join('|')}|`;
  const rows = PERMISSIONS.map((p) => {
    const cells = STANDARD_ROLES.map((r) =>
      (ROLE_PERMISSIONS[r] as readonly string[]).includes(p) ? '✓' : '',
    );
    return `| ${p} | ${cells.join(' | ')} |`;
  });
  const legend = STANDARD_ROLES.map((r) => `\`${SHORT[r]}\` ${r}`).join(', ');
  const tabs = TABBED_VIEW_ROLES.map((r) => `| ${r} | ${TAB_PERMISSIONS[r]} |`);
  const defaults = STANDARD_ROLES.map(
    (r) => `| ${r} | ${DEFAULT_TABBED_VIEW_ROLES[r].join(', ')} |`,
  );
  const routes = WEB_ROUTES.filter((r) => !r.public).map(
    (r) => `| \`${r.path}\` | ${r.permissions.join(', ') || '(signed in)'} |`,
  );
  return [
    '# Roles and permissions',
    '',
    'Generated from `packages/contract/src/permissions.ts` by `npm run docs:permissions`; a test',
    'fails when this file and the code disagree. SPEC.md section 6 defines the roles and the cumulative',
    'hierarchy; where it does not say which role grants a route permission, the assignment below follows',
    'the hierarchy: analysis screens with the issuer base, buyer and issuer views with ptcoJobManager,',
    'administration, analysis admin, DevOps and tools with sysAdmin, job maintenance with tester, the dev',
    'area and maintenance bypass with developer. `InaccessibleArea_ALL` is held by no role (its route',
    'exists to prove that a route nobody holds is refused).',
    '',
    'A user holds the union of the permissions of their roles (standard and tabbed-view) and their',
    'explicit permissions. A user who is not eligible (not approved, pending or deactivated) holds none.',
    '',
    '## Standard roles',
    '',
    legend + '.',
    '',
    header,
    rule,
    ...rows,
    '',
    '## Granted by system state, not by role',
    '',
    `- Read-only: ${READ_ONLY_MODE_PERMISSIONS.join(', ')}.`,
    '- Developer with `ENABLE_APP_CONFIG_VIEW=true`: AppConfig_VIEW; with `ENABLE_MEMORY_HOG=true`: MemoryHog_TRIGGER.',
    '',
    '## Tabbed-view (per-tab accessor) roles',
    '',
    '| role | grants |',
    '|---|---|',
    ...tabs,
    '',
    '### Tabbed-view roles a new user of each standard role starts with',
    '',
    '| standard role | tabbed-view roles |',
    '|---|---|',
    ...defaults,
    '',
    '## Web routes and the permissions they need',
    '',
    '| route | permissions |',
    '|---|---|',
    ...routes,
    '',
  ].join('\n');
}
