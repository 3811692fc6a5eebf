import {
  type Permission,
  DEFAULT_TABBED_VIEW_ROLES,
  PERMISSIONS,
  LIVE_ONLY_PERMISSIONS,
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
 * What the permissions that open no route of their own change on screen or in the API (SPEC §6
 * "other permissions seen"). Route permissions are in the routes table below.
 */
const WHAT_IT_OPENS: [Permission, string][] = [
  ['StandardLayoutNavbar_VIEW', 'The navigation bar beside every page, and its toggle.'],
  ['Toolbar_Theme_Switcher_VIEW', 'The toolbar’s switcher that previews another theme.'],
  [
    'ExtendedJobList_VIEW',
    'The job list’s Published, Owner, Currency and Created columns and its Owner and Published filters.',
  ],
  ['HiddenJobsCount_VIEW', 'The job list says how many jobs its filters hide.'],
  [
    'ListCellCopyIcon_VIEW',
    'A copy icon beside every text cell of the server-paged lists; a copy says “Copied to clipboard”.',
  ],
  ['Autocomplete_Options_Focus_VIEW', 'Every autocomplete opens its options as it takes focus.'],
  ['JobNameUpdate', 'Rename a job at any stage (Details tab, Manage job).'],
  [
    'JobDelete',
    'Delete a job after a confirmation (Details tab, Manage job); refused while a campaign of the job is Active.',
  ],
  [
    'EndToEndTest_RUN',
    'Run the end-to-end test (System Health Check): a canned ten-supplier job created, filled and submitted for an issuer, each step reported and its pipeline followed.',
  ],
  [
    'AppConfig_VIEW',
    'The running configuration on the System Health Check page: every setting, its source, secrets masked.',
  ],
  [
    'BackgroundService_TOGGLE',
    'Pause and resume this server process’s ProQ workers (ProQ Monitoring); running commands finish.',
  ],
  [
    'MemoryHog_TRIGGER',
    'Hold up to 1,024 MB for up to 120 s (System Health Check), one at a time, to see memory alerts react.',
  ],
  [
    'BuyerUpdate',
    'Save a buyer’s changes (with BuyerManagement_CRUD): the buyer form is read-only without it.',
  ],
  [
    'JobPublish',
    'Publish and unpublish a job (with AnalysisPublish): the job header’s Published switch.',
  ],
  [
    'AnalysisAdmin',
    'Change confidence and scoring rulesets (with the area’s view permission): drafts, dry-runs on a job, activation and re-running chosen jobs.',
  ],
  [
    'AnalysisLanding_VIEW',
    'The analysis landing on the home page: the five jobs the user sees that changed last, with their state (with AnalysisJobList_VIEW).',
  ],
  [
    'Insights_VIEW',
    'A job’s Insights tab and its chart and slicer calls (with the tab’s accessor role).',
  ],
  [
    'MatchedDataOnlyWorkflow_VIEW',
    'Create Matched Data Only Upload jobs (with JobCreate and the upload tab’s accessor role): the New Job menus offer the type only with it.',
  ],
  [
    'SupplierScores_VIEW',
    'The eight product score numbers and the points behind them, and sorting or filtering suppliers by them; without it a supplier shows each product’s level only, in the suppliers tab, use cases, the report’s top suppliers, data downloads (score columns left out) and analytics queries.',
  ],
  [
    'Workflow_VIEW',
    'The job’s workflow steps table (status, progress, times, message of each step); without it the Details tab shows one progress bar.',
  ],
  [
    'JobDetails_VIEW',
    'The Details tab’s technical details: job id, reference data and ruleset versions, and (with QuickView_ProQ_VIEW) the job’s own ProQ commands, refreshed every 4 s.',
  ],
  [
    'UserNotification_VIEW',
    'The toolbar’s notifications: the user’s own jobs that completed or stopped and downloads that are ready or failed, in the last 30 days, with a count of what is new.',
  ],
  [
    'CapabilitySelection_VIEW',
    'Choose which card products (issuer capabilities) the suppliers tab shows as columns, kept in the browser; without it all eight show.',
  ],
  [
    'StoryVideo_VIEW',
    'Play a job’s story: the Insights Presentation advances by itself, a slide every 8 s (the resource hub has no recorded videos yet).',
  ],
  [
    'Translations_VIEW',
    'Read the UI translation catalogue: every language with its missing and overridden strings, and each string’s shipped text and override (the Translations screen itself, which changes them, needs Translations_CRUD).',
  ],
  [
    'CardNetworkSms_Integration',
    'The card network supplier matching service files of the Analysis Data tab: the vendor file export and the answer file import (docs/network-files.md).',
  ],
];

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
  const opens = WHAT_IT_OPENS.map(([permission, what]) => `| ${permission} | ${what} |`);
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
    '## What the permissions without a route of their own open',
    '',
    '| permission | what it opens |',
    '|---|---|',
    ...opens,
    '',
    '## Granted by system state, not by role',
    '',
    'SPEC §6 says “Read-only gets …” and “campaignManager and live get …”, “Developer and live get …”.',
    'Read-only and live are read here as the ReadOnly and Live system modes of SPEC §1 and §4:',
    '',
    `- ReadOnly mode: every eligible user also holds ${READ_ONLY_MODE_PERMISSIONS.join(', ')} — views that only read and stay useful while changes are refused.`,
    `- Live only: ${LIVE_ONLY_PERMISSIONS.join(', ')} are withheld in ReadOnly mode — they change state, which that mode refuses, so their screens hide them rather than offer an action that fails. Campaign view and the app config view only read and stay.`,
    '- Developer with `ENABLE_APP_CONFIG_VIEW=true`: AppConfig_VIEW; with `ENABLE_MEMORY_HOG=true`: MemoryHog_TRIGGER.',
    '- Maintenance changes no permission: the server answers only those holding SystemMaintenanceMode_IGNORE.',
    '',
    '## Service tokens and endpoint comparison',
    '',
    'A personal service token (issue 21) is created, listed and revoked by a holder of DevOps_Area_VIEW,',
    'the permission of the DevOps area the endpoint comparison screens are in; no new permission. A request',
    'with `Authorization: Bearer <token>` holds exactly the permissions and issuers of the token’s user as',
    'a session with no role switched would, and only reads: any call that changes state answers 403.',
    'Comparing a job also needs what its compared endpoints need (JobRead, JobTab_Summary_VIEW,',
    'JobTab_Suppliers_VIEW, JobTab_Insights_VIEW, Insights_VIEW); comparing the users needs UsersRead.',
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
