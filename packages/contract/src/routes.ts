import type { AnyPermission, Permission, TabbedViewRole } from './permissions.js';
import { PUBLIC_WEB_ROUTES } from './public-routes.js';

/** Which frame a page renders in (SPEC.md section 2). */
export type Frame = 'public' | 'standard' | 'printable' | 'bare';

export type WebRoute = {
  /** React Router path; `*` and optional segments as React Router writes them. */
  path: string;
  title: string;
  frame: Frame;
  /** Every permission a user must hold: the group's joined with the route's own. */
  permissions: readonly AnyPermission[];
  /** Reachable signed out. */
  public?: boolean;
  group?: string;
};

type RouteSpec = { path: string; title: string; permissions?: Permission[]; frame?: Frame };

function group(name: string, groupPermissions: Permission[], routes: RouteSpec[]): WebRoute[] {
  return routes.map((r) => ({
    path: r.path,
    title: r.title,
    frame: r.frame ?? 'standard',
    permissions: [...new Set([...groupPermissions, ...(r.permissions ?? [])])],
    group: name,
  }));
}

const MAIN = group(
  'Main',
  [],
  [
    { path: '/', title: 'Home' },
    { path: '/dashboard', title: 'Dashboard', permissions: ['Dashboard_VIEW'] },
    { path: '/analysis', title: 'Analysis', permissions: ['AnalysisJobList_VIEW'] },
    {
      path: '/global-insights/loading',
      title: 'Global Insights',
      permissions: ['GlobalInsightsView'],
    },
    {
      path: '/global-insights/insights',
      title: 'Global Insights',
      permissions: ['GlobalInsightsView'],
    },
    {
      path: '/global-insights/organizations',
      title: 'Global Insights: Organizations',
      permissions: ['GlobalInsightsView'],
    },
    {
      path: '/campaign-workflows',
      title: 'Campaign Workflows',
      permissions: ['CampaignManager_Feature_VIEW'],
    },
    { path: '/resource-hub', title: 'Resource Hub', permissions: ['ResourceHubView'] },
    { path: '/vendors', title: 'Vendors', permissions: ['VendorsSearchView'] },
    { path: '/vendors/:vendorId', title: 'Vendor', permissions: ['VendorsSearchView'] },
    { path: '/profile', title: 'Profile' },
    { path: '/release-notes', title: 'Release Notes', permissions: ['SystemUpdates_VIEW'] },
  ],
);

/** Job tabs: label, path below /jobs/:jobId, phase group and accessor role (SPEC.md sections 2, 6). */
export const JOB_TAB_GROUPS = [
  'Creation',
  'Analysis',
  'Enablement',
  'Output',
  'Admin',
  'Business Case',
] as const;
export type JobTabGroup = (typeof JOB_TAB_GROUPS)[number];
/** Creation and Analysis are expanded by default; the others are collapsed. */
export const JOB_TAB_GROUPS_EXPANDED: readonly JobTabGroup[] = ['Creation', 'Analysis'];

export const JOB_TABS: readonly {
  label: string;
  path: string;
  group: JobTabGroup;
  accessorRole: TabbedViewRole;
  /** Needed beyond the accessor role's tab permission (SPEC §6 hierarchy). */
  permissions?: readonly AnyPermission[];
}[] = [
  { label: 'Summary', path: 'summary', group: 'Analysis', accessorRole: 'JobSummaryAccessor' },
  {
    label: 'Insights',
    path: 'insights',
    group: 'Analysis',
    accessorRole: 'JobInsightsAccessor',
    permissions: ['Insights_VIEW'],
  },
  {
    label: 'Suppliers',
    path: 'suppliers',
    group: 'Analysis',
    accessorRole: 'JobSuppliersAccessor',
  },
  {
    label: 'Insights Report',
    path: 'report/insights',
    group: 'Output',
    accessorRole: 'JobReportAccessor',
  },
  {
    label: 'Insights Presentation',
    path: 'presentation',
    group: 'Output',
    accessorRole: 'JobPresentationAccessor',
  },
  {
    label: 'Use Cases Report',
    path: 'report/use-cases',
    group: 'Output',
    accessorRole: 'JobUseCasesReportAccessor',
  },
  {
    label: 'Use Cases',
    path: 'use-cases',
    group: 'Enablement',
    accessorRole: 'JobUseCasesAccessor',
  },
  {
    label: 'Campaigns',
    path: 'campaign-workflows',
    group: 'Enablement',
    accessorRole: 'JobCampaignsAccessor',
    // Its list and screens read campaigns (SPEC §6 Campaign_VIEW), which not every accessor may.
    permissions: ['Campaign_VIEW'],
  },
  {
    label: 'Business Case Calculator',
    path: 'business-case-calculator',
    group: 'Business Case',
    accessorRole: 'JobBusinessCaseCalculatorAccessor',
  },
  {
    label: 'Business Case Download',
    path: 'business-case-download',
    group: 'Business Case',
    accessorRole: 'JobBusinessCaseDownloadAccessor',
  },
  {
    label: 'Analysis Data',
    path: 'analysis-data-download',
    group: 'Output',
    accessorRole: 'JobDataDownloadAccessor',
  },
  {
    label: 'Matched Data Only',
    path: 'matched-data-only-download',
    group: 'Output',
    accessorRole: 'JobMatchedDataOnlyDownloadAccessor',
  },
  { label: 'Users', path: 'users', group: 'Admin', accessorRole: 'JobUsersAccessor' },
  { label: 'Details', path: 'details', group: 'Creation', accessorRole: 'JobDetailsAccessor' },
  { label: 'Logs', path: 'logs', group: 'Admin', accessorRole: 'JobLogsAccessor' },
];

const JOBS = group(
  'Jobs',
  ['ViewJobTabs'],
  [
    { path: '/jobs/create/:type', title: 'New Job' },
    { path: '/jobs/:jobId/workflow/:type', title: 'Job Workflow' },
    { path: '/jobs/loading/*', title: 'Loading job' },
    { path: '/jobs/:jobId/details', title: 'Details' },
    { path: '/jobs/:jobId/logs', title: 'Logs' },
    { path: '/jobs/:jobId/users', title: 'Users' },
    { path: '/jobs/:jobId/users/assigned', title: 'Assigned Users' },
    { path: '/jobs/:jobId/summary', title: 'Summary' },
    { path: '/jobs/:jobId/insights', title: 'Insights' },
    { path: '/jobs/:jobId/suppliers', title: 'Suppliers' },
    { path: '/jobs/:jobId/suppliers/:supplierKey', title: 'Supplier Details' },
    { path: '/jobs/:jobId/report/insights', title: 'Insights Report' },
    { path: '/jobs/:jobId/presentation', title: 'Insights Presentation' },
    { path: '/jobs/:jobId/report/use-cases', title: 'Use Cases Report' },
    { path: '/jobs/:jobId/use-cases', title: 'Job Campaigns' },
    { path: '/jobs/:jobId/use-cases/:useCaseId', title: 'Use Case' },
    { path: '/jobs/:jobId/use-cases/:useCaseId/:supplierKey', title: 'Use Case Supplier' },
    { path: '/jobs/:jobId/campaign-workflows', title: 'Campaigns' },
    { path: '/jobs/:jobId/campaign-workflows/:campaignWorkflowId', title: 'Campaign' },
    {
      path: '/jobs/:jobId/campaign-workflows/:campaignWorkflowId/suppliers/:supplierKey',
      title: 'Campaign Supplier',
    },
    {
      path: '/jobs/:jobId/campaign-workflows/:campaignWorkflowId/create',
      title: 'Create Campaign',
    },
    { path: '/jobs/:jobId/analysis-data-download', title: 'Analysis Data' },
    { path: '/jobs/:jobId/matched-data-only-download', title: 'Matched Data Only' },
    { path: '/jobs/:jobId/business-case-calculator', title: 'Business Case Calculator' },
    { path: '/jobs/:jobId/business-case-download', title: 'Business Case Download' },
    { path: '/jobs/:jobId/no-access', title: 'No Access' },
    {
      path: '/jobs/:jobId/printable/:analysisReportType/*',
      title: 'Printable Report',
      frame: 'printable',
    },
  ],
);

const ADMIN = group(
  'Admin',
  [],
  [
    { path: '/admin/issuer-manager', title: 'Issuer Manager', permissions: ['IssuerArea_VIEW'] },
    {
      path: '/admin/issuer-manager/create',
      title: 'Create Issuer',
      permissions: ['IssuerArea_CRUD'],
    },
    { path: '/admin/issuer-manager/:issuerId', title: 'Issuer', permissions: ['IssuerArea_VIEW'] },
    {
      path: '/admin/issuer-manager/:issuerId/users',
      title: 'Issuer Users',
      permissions: ['IssuerArea_VIEW'],
    },
    { path: '/admin/buyer-manager', title: 'Buyer Manager', permissions: ['BuyerManagement_VIEW'] },
    {
      path: '/admin/buyer-manager/create',
      title: 'Create Buyer',
      permissions: ['BuyerManagement_CRUD'],
    },
    {
      path: '/admin/buyer-manager/:buyerId',
      title: 'Buyer',
      permissions: ['BuyerManagement_VIEW'],
    },
    { path: '/admin/users', title: 'User Management', permissions: ['User_CRUD'] },
    { path: '/admin/users/create', title: 'Create User', permissions: ['User_CRUD'] },
    { path: '/admin/users/:userId', title: 'User', permissions: ['User_CRUD'] },
    { path: '/admin/system-logs', title: 'System Logs', permissions: ['SystemLogs_VIEW'] },
    {
      path: '/admin/analytics-query',
      title: 'Analytics Query',
      permissions: ['AnalyticsQuery_VIEW'],
    },
    { path: '/reports/create', title: 'Create Report', permissions: ['AnalyticsQuery_VIEW'] },
    { path: '/reports/:reportId', title: 'Report', permissions: ['AnalyticsQuery_VIEW'] },
  ],
);

const AA = '/admin/analysis-admin';
const ANALYSIS_ADMIN = group(
  'Analysis Admin',
  ['Analysis_Admin_Area_VIEW'],
  [
    { path: AA, title: 'Analysis Admin' },
    {
      path: `${AA}/confidence-rulesets`,
      title: 'Confidence Rulesets',
      permissions: ['Analysis_Admin_Confidence_VIEW'],
    },
    {
      path: `${AA}/confidence-rulesets/:versionNumber`,
      title: 'Confidence Ruleset',
      permissions: ['Analysis_Admin_Confidence_VIEW'],
    },
    {
      path: `${AA}/scoring-rulesets`,
      title: 'Scoring Rulesets',
      permissions: ['Analysis_Admin_Scoring_VIEW'],
    },
    {
      path: `${AA}/scoring-rulesets/:versionNumber`,
      title: 'Scoring Ruleset',
      permissions: ['Analysis_Admin_Scoring_VIEW'],
    },
    {
      path: `${AA}/ai-prompts`,
      title: 'AI Prompts',
      permissions: ['Analysis_Admin_AiPrompts_CRUD'],
    },
    {
      path: `${AA}/ai-prompts/create`,
      title: 'Create AI Prompt',
      permissions: ['Analysis_Admin_AiPrompts_CRUD'],
    },
    {
      path: `${AA}/ai-prompts/:promptId`,
      title: 'AI Prompt',
      permissions: ['Analysis_Admin_AiPrompts_CRUD'],
    },
    { path: `${AA}/translations`, title: 'Translations', permissions: ['Translations_CRUD'] },
    { path: `${AA}/magic-links`, title: 'Magic Links', permissions: ['MagicLinks_CRUD'] },
    {
      path: `${AA}/datapoint-profiles`,
      title: 'Datapoint Profiles',
      permissions: ['DatapointProfiles_CRUD'],
    },
    {
      path: `${AA}/datapoint-profiles/create`,
      title: 'Create Datapoint Profile',
      permissions: ['DatapointProfiles_CRUD'],
    },
    {
      path: `${AA}/datapoint-profiles/:datapointProfileId`,
      title: 'Datapoint Profile',
      permissions: ['DatapointProfiles_CRUD'],
    },
    {
      path: `${AA}/video-resources`,
      title: 'Video Resources',
      permissions: ['VideoResources_CRUD'],
    },
    {
      path: `${AA}/video-resources/create`,
      title: 'Create Video Resource',
      permissions: ['VideoResources_CRUD'],
    },
    {
      path: `${AA}/video-resources/:videoResourceId`,
      title: 'Video Resource',
      permissions: ['VideoResources_CRUD'],
    },
    {
      path: `${AA}/merge-linked-accounts`,
      title: 'Merge Linked Accounts',
      permissions: ['MergeLinkedAccounts_VIEW'],
    },
    { path: `${AA}/ml-prediction`, title: 'ML Prediction', permissions: ['MlPrediction_VIEW'] },
    {
      path: `${AA}/chatbot-document-management`,
      title: 'Chatbot Document Management',
      permissions: ['ChatbotDocumentManagement_CRUD'],
    },
  ],
);

const DEVOPS = group(
  'DevOps',
  ['DevOps_Area_VIEW'],
  [
    { path: '/devops', title: 'DevOps' },
    {
      path: '/devops/job-maintenance',
      title: 'Job Maintenance',
      permissions: ['DevOps_JobMaintenance_VIEW'],
    },
    { path: '/devops/proq-monitoring', title: 'ProQ Monitoring' },
    {
      path: '/devops/reference-data',
      title: 'Reference Data',
      permissions: ['ReferenceData_IMPORT'],
    },
    { path: '/devops/workflow-management', title: 'Workflow Management' },
    { path: '/devops/endpoint-comparison/jobs', title: 'Endpoint Comparison: Jobs' },
    { path: '/devops/endpoint-comparison/jobs/:jobId', title: 'Endpoint Comparison: Job' },
    { path: '/devops/endpoint-comparison/users', title: 'Endpoint Comparison: Users' },
    { path: '/devops/resource-guard', title: 'Resource Guard' },
    { path: '/devops/sftp-configuration', title: 'SFTP Configuration' },
    { path: '/devops/sftp-configuration/create', title: 'Create SFTP Configuration' },
    { path: '/devops/sftp-configuration/:configId', title: 'SFTP Configuration' },
    { path: '/devops/system-health-check', title: 'System Health Check' },
  ],
);

const TOOLS = group(
  'Tools',
  ['Tools_Area_VIEW'],
  [
    { path: '/tools', title: 'Tools' },
    { path: '/tools/companies-house', title: 'Companies House' },
    { path: '/tools/send-email', title: 'Send Email' },
    { path: '/tools/ai-address-parser', title: 'AI Address Parser' },
    {
      path: '/tools/address-validator',
      title: 'Address Validator',
      permissions: ['Address_Validator_VIEW'],
    },
  ],
);

const DEV = group(
  'Dev',
  ['DevArea_CRUD'],
  [
    { path: '/dev', title: 'Dev' },
    { path: '/dev/examples/*', title: 'Examples' },
    { path: '/dev/exercise/debug-logging', title: 'Debug Logging' },
    { path: '/dev/layouts/*', title: 'Layouts' },
    { path: '/dev/tools/anonymize-csv', title: 'Anonymize CSV' },
    { path: '/dev/tools/reset-all-jobs', title: 'Reset All Jobs' },
    { path: '/dev/tools/database-anonymizer', title: 'Database Anonymizer' },
    { path: '/dev/inaccessible', title: 'Inaccessible', permissions: ['InaccessibleArea_ALL'] },
  ],
);

/** Every route of SPEC.md section 2 with the permissions it requires. */
export const WEB_ROUTES: readonly WebRoute[] = [
  ...PUBLIC_WEB_ROUTES,
  ...MAIN,
  ...JOBS,
  ...ADMIN,
  ...ANALYSIS_ADMIN,
  ...DEVOPS,
  ...TOOLS,
  ...DEV,
];
