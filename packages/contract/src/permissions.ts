import { z } from 'zod';

/**
 * The role and permission catalogue of SPEC.md section 6, as data.
 * docs/permissions.md is the human-readable table of the same map; a test keeps them in step.
 */

/** Standard ("System Roles") roles, SPEC.md section 6. */
export const STANDARD_ROLES = [
  'issuer',
  'client',
  'issuerPlus',
  'accountManager',
  'ptcoJobManager',
  'sysAdmin',
  'tester',
  'developer',
  'selfServeJobCreator',
  'matchedDataOnlyJobCreator',
  'campaignManager',
  'UserAdministrator',
] as const;

/** Per-tab accessor ("Analysis Roles", tabbedView) roles, SPEC.md section 6. */
export const TABBED_VIEW_ROLES = [
  'GlobalInsightsAccessor',
  'JobSummaryUploadAccessor',
  'JobMatchedDataOnlyUploadAccessor',
  'JobConsultantUploadAccessor',
  'JobSummaryAccessor',
  'JobInsightsAccessor',
  'JobSuppliersAccessor',
  'JobReportAccessor',
  'JobPresentationAccessor',
  'JobUseCasesAccessor',
  'JobCampaignsAccessor',
  'JobUseCasesReportAccessor',
  'JobBusinessCaseCalculatorAccessor',
  'JobBusinessCaseDownloadAccessor',
  'JobDataDownloadAccessor',
  'JobMatchedDataOnlyDownloadAccessor',
  'JobUsersAccessor',
  'JobDetailsAccessor',
  'JobLogsAccessor',
  'LegacyJobViewAccessor',
  'JobTypeTabSwitcherAccessor',
] as const;

export const StandardRoleSchema = z.enum(STANDARD_ROLES);
export type StandardRole = z.infer<typeof StandardRoleSchema>;
export const TabbedViewRoleSchema = z.enum(TABBED_VIEW_ROLES);
export type TabbedViewRole = z.infer<typeof TabbedViewRoleSchema>;
export const ALL_ROLES = [...STANDARD_ROLES, ...TABBED_VIEW_ROLES] as const;
/** Role lists accept only the known role names (SPEC.md section 5). */
export const RoleSchema = z.enum(ALL_ROLES);
export type Role = z.infer<typeof RoleSchema>;

/** Issuer membership roles. */
export const IssuerMembershipRoleSchema = z.enum(['Manager', 'Member']);
export type IssuerMembershipRole = z.infer<typeof IssuerMembershipRoleSchema>;

/** Every permission named anywhere in SPEC.md, plus the fine-grained server permissions. */
export const PERMISSIONS = [
  // Route permissions, SPEC.md section 2
  'Dashboard_VIEW',
  'AnalysisJobList_VIEW',
  'GlobalInsightsView',
  'CampaignManager_Feature_VIEW',
  'ResourceHubView',
  'VendorsSearchView',
  'SystemUpdates_VIEW',
  'ViewJobTabs',
  'IssuerArea_VIEW',
  'IssuerArea_CRUD',
  'BuyerManagement_VIEW',
  'BuyerManagement_CRUD',
  'User_CRUD',
  'UserManagement_VIEW',
  'SystemLogs_VIEW',
  'AnalyticsQuery_VIEW',
  'Analysis_Admin_Area_VIEW',
  'Analysis_Admin_Confidence_VIEW',
  'Analysis_Admin_Scoring_VIEW',
  'Analysis_Admin_AiPrompts_CRUD',
  'Translations_CRUD',
  'MagicLinks_CRUD',
  'DatapointProfiles_CRUD',
  'VideoResources_CRUD',
  'MergeLinkedAccounts_VIEW',
  'MlPrediction_VIEW',
  'ChatbotDocumentManagement_CRUD',
  'DevOps_Area_VIEW',
  'DevOps_JobMaintenance_VIEW',
  'Tools_Area_VIEW',
  'Address_Validator_VIEW',
  'DevArea_CRUD',
  'InaccessibleArea_ALL',
  'JobCreate',
  // "Other permissions seen", SPEC.md section 6
  'QuickView_ProQ_VIEW',
  'ActiveUsers_VIEW',
  'StandardLayoutNavbar_VIEW',
  'Chatbot_VIEW',
  'Chatbot_ErrorState_VIEW',
  'SystemNotificationsDetailed_VIEW',
  'UserNotification_VIEW',
  'Concurrency_Take_Entity_Lock',
  'Toolbar_Theme_Switcher_VIEW',
  'ListCellCopyIcon_VIEW',
  'Autocomplete_Options_Focus_VIEW',
  'SystemMaintenanceMode_IGNORE',
  // The hierarchy's rights, SPEC.md section 6, named in the same style
  'AnalysisLanding_VIEW',
  'Insights_VIEW',
  'UseCases_VIEW',
  'MatchedDataOnlyWorkflow_VIEW',
  'Buyer_CREATE',
  'CapabilitySelection_VIEW',
  'SupplierScores_VIEW',
  'AllBuyers_VIEW',
  'JobEdit',
  'JobDirectUserAssignment',
  'Workflow_VIEW',
  'JobDetails_VIEW',
  'StoryVideo_VIEW',
  'ExtendedJobList_VIEW',
  'AnalysisPublish',
  'JobOwnerUpdate',
  'JobNameUpdate',
  'JobDelete',
  'EndToEndTest_RUN',
  'HiddenJobsCount_VIEW',
  'DevOps_JobMaintenance_UPDATE',
  'IntegrationConfiguration_CHECK',
  'AppTimestamp_UPDATE',
  'BackgroundService_TOGGLE',
  'Workflow_PauseCommands',
  'Campaign_VIEW',
  'Campaign_UPLOAD',
  'Translations_VIEW',
  'CardNetworkSms_Integration',
  'AppConfig_VIEW',
  'MemoryHog_TRIGGER',
  // Fine-grained server permissions (SPEC.md: "about 150 ... returned per user")
  'AnalysisAdmin',
  'IssuerCreate',
  'IssuerUpdate',
  'IssuerDelete',
  'IssuerRead',
  'IssuerUsersUpdate',
  'BuyerRead',
  'BuyerUpdate',
  'UsersRead',
  'UsersUpdateAll',
  'UsersInvite',
  'UsersDeactivate',
  'UserRolesUpdate',
  /** "A privileged user may force" an entity write lock (SPEC.md section 4). */
  'Concurrency_Force_Entity_Lock',
  'JobRead',
  'JobPublish',
  'CampaignCreate',
  'CampaignUpdate',
  'SystemModeUpdate',
  'SystemAudit_VIEW',
  'SystemHealthCheck_RUN',
  'ProQ_VIEW',
  'ProQ_MANAGE',
  'ChatbotDocuments_READ',
  'ReferenceData_IMPORT',
] as const;

export const PermissionSchema = z.enum(PERMISSIONS);
export type Permission = z.infer<typeof PermissionSchema>;

type PermissionSet = readonly Permission[];

/** issuer: the base permissions every analysis user has. */
const ISSUER: PermissionSet = [
  'AnalysisLanding_VIEW',
  'Insights_VIEW',
  'UseCases_VIEW',
  'Concurrency_Take_Entity_Lock',
  'MatchedDataOnlyWorkflow_VIEW',
  'SystemUpdates_VIEW',
  'UserNotification_VIEW',
  'ActiveUsers_VIEW',
  'StandardLayoutNavbar_VIEW',
  'AnalysisJobList_VIEW',
  'Buyer_CREATE',
  'CapabilitySelection_VIEW',
  'Chatbot_VIEW',
  // Route permissions the analysis screens need, consistent with "analysis landing, insights, job lists"
  'ViewJobTabs',
  'JobCreate',
  'JobRead',
  'BuyerRead',
  'GlobalInsightsView',
  'VendorsSearchView',
  'ResourceHubView',
];

const CAMPAIGN: PermissionSet = [
  'CampaignManager_Feature_VIEW',
  'Campaign_VIEW',
  'Campaign_UPLOAD',
  'CampaignCreate',
  'CampaignUpdate',
];

const PTCO_JOB_MANAGER_ADDS: PermissionSet = [
  ...CAMPAIGN,
  'AnalyticsQuery_VIEW',
  'SupplierScores_VIEW',
  'AllBuyers_VIEW',
  'IssuerArea_VIEW',
  'IssuerRead',
  'JobEdit',
  'JobDirectUserAssignment',
  'Workflow_VIEW',
  'JobDetails_VIEW',
  'StoryVideo_VIEW',
  'SystemLogs_VIEW',
  'BuyerManagement_VIEW',
  'BuyerManagement_CRUD',
  'BuyerUpdate',
  'Toolbar_Theme_Switcher_VIEW',
  'ExtendedJobList_VIEW',
  'UsersRead',
  // Not placed by SPEC's hierarchy (only "Read-only gets ... a card-network SMS integration"):
  // internal staff send the network's supplier matching service its files and import answers.
  'CardNetworkSms_Integration',
];

const USER_MANAGEMENT: PermissionSet = [
  'UserManagement_VIEW',
  'User_CRUD',
  'UsersUpdateAll',
  'UsersInvite',
  'UsersDeactivate',
  'UserRolesUpdate',
  'IssuerUsersUpdate',
];

const SYS_ADMIN_ADDS: PermissionSet = [
  'AnalysisPublish',
  'JobPublish',
  'AnalysisAdmin',
  'Analysis_Admin_Area_VIEW',
  'Analysis_Admin_Confidence_VIEW',
  'Analysis_Admin_Scoring_VIEW',
  'Analysis_Admin_AiPrompts_CRUD',
  'Translations_CRUD',
  'Translations_VIEW',
  'MagicLinks_CRUD',
  'DatapointProfiles_CRUD',
  'VideoResources_CRUD',
  'MergeLinkedAccounts_VIEW',
  'MlPrediction_VIEW',
  'ChatbotDocumentManagement_CRUD',
  'ChatbotDocuments_READ',
  'DevOps_Area_VIEW',
  'QuickView_ProQ_VIEW',
  'ProQ_VIEW',
  'ProQ_MANAGE',
  'SystemAudit_VIEW',
  'SystemHealthCheck_RUN',
  'SystemModeUpdate',
  'ReferenceData_IMPORT',
  'IssuerArea_CRUD',
  'IssuerCreate',
  'IssuerUpdate',
  'IssuerDelete',
  'Concurrency_Force_Entity_Lock',
  'JobOwnerUpdate',
  'JobNameUpdate',
  'JobDelete',
  'Tools_Area_VIEW',
  ...USER_MANAGEMENT,
  'Dashboard_VIEW',
  'Address_Validator_VIEW',
];

const TESTER_ADDS: PermissionSet = [
  'DevOps_JobMaintenance_VIEW',
  'EndToEndTest_RUN',
  'SystemNotificationsDetailed_VIEW',
];

const DEVELOPER_ADDS: PermissionSet = [
  'DevArea_CRUD',
  'HiddenJobsCount_VIEW',
  'DevOps_JobMaintenance_UPDATE',
  'IntegrationConfiguration_CHECK',
  'AppTimestamp_UPDATE',
  'BackgroundService_TOGGLE',
  'ListCellCopyIcon_VIEW',
  'Chatbot_ErrorState_VIEW',
  'SystemMaintenanceMode_IGNORE',
  'Workflow_PauseCommands',
  'Autocomplete_Options_Focus_VIEW',
];

const PTCO_JOB_MANAGER: PermissionSet = [...ISSUER, ...PTCO_JOB_MANAGER_ADDS];
const SYS_ADMIN: PermissionSet = [...PTCO_JOB_MANAGER, ...SYS_ADMIN_ADDS];
const TESTER: PermissionSet = [...SYS_ADMIN, ...TESTER_ADDS];

/** Per-tab accessor roles each grant the permission of their tab. */
export const TAB_PERMISSIONS = {
  GlobalInsightsAccessor: 'GlobalInsightsView',
  JobSummaryUploadAccessor: 'JobTab_SummaryUpload_VIEW',
  JobMatchedDataOnlyUploadAccessor: 'JobTab_MatchedDataOnlyUpload_VIEW',
  JobConsultantUploadAccessor: 'JobTab_ConsultantUpload_VIEW',
  JobSummaryAccessor: 'JobTab_Summary_VIEW',
  JobInsightsAccessor: 'JobTab_Insights_VIEW',
  JobSuppliersAccessor: 'JobTab_Suppliers_VIEW',
  JobReportAccessor: 'JobTab_InsightsReport_VIEW',
  JobPresentationAccessor: 'JobTab_InsightsPresentation_VIEW',
  JobUseCasesAccessor: 'JobTab_UseCases_VIEW',
  JobCampaignsAccessor: 'JobTab_Campaigns_VIEW',
  JobUseCasesReportAccessor: 'JobTab_UseCasesReport_VIEW',
  JobBusinessCaseCalculatorAccessor: 'JobTab_BusinessCaseCalculator_VIEW',
  JobBusinessCaseDownloadAccessor: 'JobTab_BusinessCaseDownload_VIEW',
  JobDataDownloadAccessor: 'JobTab_AnalysisData_VIEW',
  JobMatchedDataOnlyDownloadAccessor: 'JobTab_MatchedDataOnly_VIEW',
  JobUsersAccessor: 'JobTab_Users_VIEW',
  JobDetailsAccessor: 'JobTab_Details_VIEW',
  JobLogsAccessor: 'JobTab_Logs_VIEW',
  LegacyJobViewAccessor: 'JobTab_LegacyView_VIEW',
  JobTypeTabSwitcherAccessor: 'JobTab_TypeSwitcher_VIEW',
} as const satisfies Record<TabbedViewRole, string>;

export type TabPermission = (typeof TAB_PERMISSIONS)[TabbedViewRole];

/** Any permission a user may hold: the catalogue plus the tab permissions of the accessor roles. */
export type AnyPermission = Permission | TabPermission;
export const ANY_PERMISSIONS = [
  ...PERMISSIONS,
  ...new Set(Object.values(TAB_PERMISSIONS).filter((p) => !PERMISSIONS.includes(p as Permission))),
] as AnyPermission[];

/**
 * The cumulative hierarchy of SPEC.md section 6 as data:
 * issuer = client = issuerPlus = accountManager ⊂ ptcoJobManager ⊂ sysAdmin ⊂ tester ⊂ developer;
 * UserAdministrator = ptcoJobManager + user management.
 */
export const ROLE_PERMISSIONS = {
  issuer: ISSUER,
  client: ISSUER,
  issuerPlus: ISSUER,
  accountManager: ISSUER,
  ptcoJobManager: PTCO_JOB_MANAGER,
  sysAdmin: SYS_ADMIN,
  tester: TESTER,
  developer: [...TESTER, ...DEVELOPER_ADDS],
  // Not described by SPEC.md: job creators get the analysis base (they must see their jobs);
  // the matched-data-only creator is limited to that job type by its tabbed-view roles.
  selfServeJobCreator: ISSUER,
  matchedDataOnlyJobCreator: [
    'StandardLayoutNavbar_VIEW',
    'AnalysisLanding_VIEW',
    'AnalysisJobList_VIEW',
    'MatchedDataOnlyWorkflow_VIEW',
    'SystemUpdates_VIEW',
    'UserNotification_VIEW',
    'Chatbot_VIEW',
    'ViewJobTabs',
    'JobCreate',
    'JobRead',
    'BuyerRead',
    'Buyer_CREATE',
  ],
  campaignManager: [...ISSUER, ...CAMPAIGN],
  UserAdministrator: [...PTCO_JOB_MANAGER, ...USER_MANAGEMENT],
} as const satisfies Record<StandardRole, PermissionSet>;

/**
 * Permissions SPEC.md grants by system state rather than role ("Read-only gets ...",
 * "Developer and live get ... only when their environment flags are on").
 */
export const READ_ONLY_MODE_PERMISSIONS: PermissionSet = [
  'Translations_VIEW',
  'CapabilitySelection_VIEW',
  'CardNetworkSms_Integration',
  'Chatbot_VIEW',
];
/**
 * What SPEC.md's "live" grants hold only while the system is Live: campaign upload and the
 * memory-hog trigger change state, which ReadOnly mode refuses anyway, so their screens hide
 * them there instead of offering an action that would fail. (Campaign view and the app config
 * view only read, and stay.)
 */
export const LIVE_ONLY_PERMISSIONS: PermissionSet = ['Campaign_UPLOAD', 'MemoryHog_TRIGGER'];

/**
 * A user's permissions in a system mode: in ReadOnly every eligible user also holds the
 * Read-only grants, and loses the Live-only ones; Live and Maintenance change nothing (in
 * Maintenance the server answers only those who may ignore it).
 */
export function permissionsInSystemMode(
  granted: readonly AnyPermission[],
  mode: 'Live' | 'ReadOnly' | 'Maintenance',
): AnyPermission[] {
  if (mode !== 'ReadOnly') return [...granted];
  const held = new Set<AnyPermission>([...granted, ...READ_ONLY_MODE_PERMISSIONS]);
  for (const p of LIVE_ONLY_PERMISSIONS) held.delete(p);
  return [...held].sort();
}
export const ENVIRONMENT_FLAG_PERMISSIONS = {
  appConfigView: 'AppConfig_VIEW',
  memoryHog: 'MemoryHog_TRIGGER',
} as const satisfies Record<string, Permission>;

const ALL_TABS = TABBED_VIEW_ROLES.filter((r) => r !== 'LegacyJobViewAccessor');
const ISSUER_TABS = ALL_TABS.filter(
  (r) => r !== 'JobLogsAccessor' && r !== 'JobTypeTabSwitcherAccessor',
);

/** The tabbed-view roles a newly created user of each standard role starts with. */
export const DEFAULT_TABBED_VIEW_ROLES = {
  issuer: ISSUER_TABS,
  client: ISSUER_TABS,
  issuerPlus: ISSUER_TABS,
  accountManager: ISSUER_TABS,
  ptcoJobManager: ALL_TABS,
  sysAdmin: ALL_TABS,
  tester: ALL_TABS,
  developer: [...TABBED_VIEW_ROLES],
  selfServeJobCreator: ISSUER_TABS,
  matchedDataOnlyJobCreator: [
    'JobMatchedDataOnlyUploadAccessor',
    'JobMatchedDataOnlyDownloadAccessor',
    'JobDetailsAccessor',
  ],
  campaignManager: ISSUER_TABS,
  UserAdministrator: ALL_TABS,
} as const satisfies Record<StandardRole, readonly TabbedViewRole[]>;

/** Human labels and descriptions for the role lists (user-roles / all-roles calls). */
export const ROLE_DESCRIPTIONS: Record<Role, { displayName: string; description: string }> = {
  issuer: {
    displayName: 'Issuer',
    description: 'Card issuer user: analysis, insights and use cases',
  },
  client: { displayName: 'Client', description: 'Issuer client: same rights as Issuer' },
  issuerPlus: { displayName: 'Issuer Plus', description: 'Same rights as Issuer' },
  accountManager: { displayName: 'Account Manager', description: 'Same rights as Issuer Plus' },
  ptcoJobManager: {
    displayName: 'PTCO Job Manager',
    description: 'Internal job manager: campaigns, buyers, issuer area view, job editing',
  },
  sysAdmin: {
    displayName: 'System Administrator',
    description: 'Administration, analysis admin, DevOps, tools and user management',
  },
  tester: {
    displayName: 'Tester',
    description: 'System Administrator plus job maintenance and test runs',
  },
  developer: {
    displayName: 'Developer',
    description: 'Tester plus dev area and maintenance-mode bypass',
  },
  selfServeJobCreator: {
    displayName: 'Self-Serve Job Creator',
    description: 'Creates and reviews own jobs',
  },
  matchedDataOnlyJobCreator: {
    displayName: 'Matched Data Only Job Creator',
    description: 'Creates Matched Data Only jobs and downloads their results',
  },
  campaignManager: {
    displayName: 'Campaign Manager',
    description: 'Issuer rights plus campaign view and upload',
  },
  UserAdministrator: {
    displayName: 'User Administrator',
    description: 'PTCO Job Manager plus user management',
  },
  ...(Object.fromEntries(
    TABBED_VIEW_ROLES.map((role) => [
      role,
      {
        displayName: role.replace(/Accessor$/, '').replace(/([a-z])([A-Z])/g, '$1 $2'),
        description: `Grants ${TAB_PERMISSIONS[role]}`,
      },
    ]),
  ) as Record<TabbedViewRole, { displayName: string; description: string }>),
};

/** The union of the permissions granted by the roles and the explicit ones (SPEC.md section 6). */
export function permissionsOf(
  roles: readonly string[],
  explicit: readonly string[] = [],
): AnyPermission[] {
  const granted = new Set<AnyPermission>();
  for (const role of roles) {
    if (role in ROLE_PERMISSIONS) {
      for (const p of ROLE_PERMISSIONS[role as StandardRole]) granted.add(p);
    } else if (role in TAB_PERMISSIONS) {
      granted.add(TAB_PERMISSIONS[role as TabbedViewRole]);
    }
  }
  for (const p of explicit) {
    if ((ANY_PERMISSIONS as string[]).includes(p)) granted.add(p as AnyPermission);
  }
  return [...granted].sort();
}

/** Authorised only if every required permission is held. */
export function can(
  user: { permissions: readonly string[] } | null | undefined,
  required: readonly string[] | string,
): boolean {
  if (!user) return false;
  const needed = typeof required === 'string' ? [required] : required;
  return needed.every((p) => user.permissions.includes(p));
}
