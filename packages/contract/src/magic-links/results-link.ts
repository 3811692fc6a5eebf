import { getJobInsightChart, getJobInsightSlicers, getJobSummary } from '../insights/endpoints.js';
import { getJob, getJobSupplier, listJobSuppliers } from '../jobs/endpoints.js';
import type { AnyPermission } from '../permissions.js';

/**
 * SPEC §3 MagicLinkUser: the only endpoints a results link's session may call, each for the link's
 * job alone; every other endpoint answers 403. A reader's results screens: the job header, the
 * summary and insights tabs, and the suppliers tab with one supplier's detail (levels, not score
 * numbers: the session holds no SupplierScores_VIEW). Downloads, logs, files and chat are left out:
 * the link shares what the results screens show, not the job's data.
 */
export const RESULTS_LINK_ENDPOINTS = [
  getJob,
  getJobSummary,
  getJobInsightSlicers,
  getJobInsightChart,
  listJobSuppliers,
  getJobSupplier,
] as const;

/**
 * What a results link's session holds: exactly the permissions RESULTS_LINK_ENDPOINTS declare
 * (magic-links.policy.test.ts checks they agree). Written out, not computed: a computed constant
 * would pull every listed endpoint's schemas into each page that imports the contract.
 */
export const RESULTS_LINK_PERMISSIONS: readonly AnyPermission[] = [
  'JobRead',
  'JobTab_Summary_VIEW',
  'JobTab_Insights_VIEW',
  'Insights_VIEW',
  'JobTab_Suppliers_VIEW',
];

/**
 * The 403 a results link's session (MagicLinkUser) gets from any other endpoint. Not in MESSAGES:
 * only the server says it, and every page that imports the contract carries MESSAGES.
 */
export const RESULTS_LINK_ONLY_MESSAGE =
  'A results link only opens the results of the job it was sent for.';
