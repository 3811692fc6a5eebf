import { tKey } from '../lib/i18n';

/**
 * Which product area a not-yet-built screen belongs to, and the issue that brings it. Areas and
 * issue titles are keys, shown with `t` (an area named after an unknown path's segment is not).
 */
export type RouteArea = { area: string; issue?: { number: number; title: string } };

const ADMINISTRATION = {
  number: 4,
  title: tKey('Administration: issuers, buyers, users, role assignment'),
};
const PROQ = {
  number: 5,
  title: tKey('ProQ: the command queue, DevOps monitoring and health checks'),
};
const JOBS = {
  number: 6,
  title: tKey('Analysis jobs: creation wizard, ingestion, matching and scoring'),
};
const INSIGHTS = {
  number: 7,
  title: tKey('Job summary, insights, suppliers, global insights and vendors'),
};
const CHAT = {
  number: 8,
  title: tKey('Document-based chat assistant and its document management'),
};

/** Most specific first: the first pattern that matches a route path wins. */
const AREAS: readonly [RegExp, RouteArea][] = [
  [
    /^\/admin\/(issuer-manager|buyer-manager|users|system-logs)/,
    { area: tKey('Administration'), issue: ADMINISTRATION },
  ],
  [
    /^\/admin\/analysis-admin\/(confidence|scoring)-rulesets/,
    { area: tKey('Analysis admin'), issue: JOBS },
  ],
  [
    /^\/admin\/analysis-admin\/chatbot-document-management/,
    { area: tKey('Chat assistant'), issue: CHAT },
  ],
  [/^\/admin\/analysis-admin/, { area: tKey('Analysis admin') }],
  [/^\/(admin\/analytics-query|reports)/, { area: tKey('Analytics query and reports') }],
  [
    /^\/devops(\/(proq-monitoring|system-health-check|workflow-management|job-maintenance))?$/,
    { area: tKey('DevOps'), issue: PROQ },
  ],
  [/^\/devops/, { area: tKey('DevOps') }],
  [
    /^\/jobs\/:jobId\/(summary|insights|suppliers)/,
    { area: tKey('Job insights and suppliers'), issue: INSIGHTS },
  ],
  [
    /^\/jobs\/(create|loading|:jobId\/(workflow|details|logs|users|no-access))/,
    { area: tKey('Analysis jobs'), issue: JOBS },
  ],
  [/^\/jobs\//, { area: tKey('Use cases, campaigns, business case, reports and downloads') }],
  [/^\/analysis$/, { area: tKey('Analysis jobs'), issue: JOBS }],
  [
    /^\/(global-insights|vendors)/,
    { area: tKey('Global insights and vendor search'), issue: INSIGHTS },
  ],
  [/^\/tools/, { area: tKey('Tools') }],
  [/^\/dev/, { area: tKey('Developer area') }],
];

/** The area of a route path of WEB_ROUTES (its own first segment when no rule names it). */
export function routeAreaOf(path: string): RouteArea {
  const found = AREAS.find(([pattern]) => pattern.test(path));
  if (found) return found[1];
  const first = path.split('/')[1] ?? '';
  const words = first.replace(/-/g, ' ');
  return { area: words.charAt(0).toUpperCase() + words.slice(1) };
}
