/*
 * Where pages live (one rule, so the next page has one obvious home):
 * - A page that belongs to one module lives in `modules/<module>/pages/<name>-page.tsx`; the
 *   module's other pieces go in its `components/`, `hooks/` and `api/` (one file per endpoint).
 *   A module page may use other modules only through their `api/` (lint: local/web-layers).
 * - `app/routes/**` holds only the app's own pages, which belong to no module or compose
 *   several: sign-in, lobby, home, profile, error pages, "not available yet", dev examples.
 * - This file maps every signed-in route to its page, loaded lazily (one chunk per page);
 *   public-route-pages.ts maps the public ones.
 */
import { loadNotAvailablePage, type PageLoader } from './page-route';

/**
 * Route path (exactly as in WEB_ROUTES) → the page built for it, for every route that is not
 * public (public pages are in public-route-pages.ts, part of the entry). This table is part of
 * the signed-in routes' chunk (signed-in-routes.tsx), loaded with the first signed-in page: Vite writes beside each import the list of
 * files that page needs (to preload them together), and the lists of every signed-in page came
 * to 35 KB the sign-in page had no use for. A route of the table that is not listed here shows
 * the "not available yet" page in its frame; a test checks every key here is a signed-in route
 * of the table, so a renamed route cannot silently lose its page.
 */
export const ROUTE_PAGES: Readonly<Record<string, PageLoader>> = {
  '/': async () => (await import('./routes/home/home-page')).HomePage,
  '/profile': async () => (await import('./routes/profile/profile-page')).ProfilePage,
  '/dev': async () => (await import('./routes/dev/dev-landing-page')).DevLandingPage,
  '/dev/examples/*': async () => (await import('./routes/dev/examples-page')).ExamplesPage,
  '/dev/layouts/*': async () => (await import('./routes/dev/layouts-page')).LayoutsPage,
  '/dev/inaccessible': async () =>
    (await import('./routes/dev/inaccessible-page')).InaccessiblePage,
  '/dev/exercise/debug-logging': async () =>
    (await import('../modules/dev-tools/pages/debug-logging-page')).DebugLoggingPage,
  '/dev/tools/database-anonymizer': async () =>
    (await import('../modules/dev-tools/pages/database-anonymizer-page')).DatabaseAnonymizerPage,
  '/dev/tools/reset-all-jobs': async () =>
    (await import('../modules/dev-tools/pages/reset-all-jobs-page')).ResetAllJobsPage,
  '/dev/tools/anonymize-csv': async () =>
    (await import('../modules/dev-tools/pages/anonymize-csv-page')).AnonymizeCsvPage,
  '/admin/analysis-admin': async () =>
    (await import('./routes/analysis-admin/analysis-admin-landing-page')).AnalysisAdminLandingPage,
  '/admin/analysis-admin/translations': async () =>
    (await import('../modules/translations/pages/translations-page')).TranslationsPage,
  '/admin/analysis-admin/ai-prompts': async () =>
    (await import('../modules/ai-prompts/pages/ai-prompts-page')).AiPromptsPage,
  '/admin/analysis-admin/ai-prompts/create': async () =>
    (await import('../modules/ai-prompts/pages/create-ai-prompt-page')).CreateAiPromptPage,
  '/admin/analysis-admin/ai-prompts/:promptId': async () =>
    (await import('../modules/ai-prompts/pages/ai-prompt-page')).AiPromptPage,
  '/admin/analysis-admin/chatbot-document-management': async () =>
    (await import('../modules/chat/pages/chatbot-document-management-page'))
      .ChatbotDocumentManagementPage,
  '/devops': async () =>
    (await import('../modules/devops/pages/devops-landing-page')).DevopsLandingPage,
  '/devops/proq-monitoring': async () =>
    (await import('../modules/devops/pages/proq-monitoring-page')).ProqMonitoringPage,
  '/devops/reference-data': async () =>
    (await import('../modules/devops/pages/reference-data-page')).ReferenceDataPage,
  '/devops/workflow-management': async () =>
    (await import('../modules/devops/pages/workflow-management-page')).WorkflowManagementPage,
  '/devops/job-maintenance': async () =>
    (await import('../modules/devops/pages/job-maintenance-page')).JobMaintenancePage,
  '/devops/system-health-check': async () =>
    (await import('../modules/devops/pages/system-health-check-page')).SystemHealthCheckPage,
  '/admin/analysis-admin/magic-links': async () =>
    (await import('../modules/magic-links/pages/magic-links-page')).MagicLinksPage,
  '/admin/analysis-admin/merge-linked-accounts': async () =>
    (await import('../modules/merge-links/pages/merge-linked-accounts-page'))
      .MergeLinkedAccountsPage,
  '/admin/analysis-admin/ml-prediction': async () =>
    (await import('../modules/ml-prediction/pages/ml-prediction-page')).MlPredictionPage,
  '/devops/endpoint-comparison/jobs': async () =>
    (await import('../modules/endpoint-comparison/pages/endpoint-comparison-jobs-page'))
      .EndpointComparisonJobsPage,
  '/devops/endpoint-comparison/jobs/:jobId': async () =>
    (await import('../modules/endpoint-comparison/pages/endpoint-comparison-job-page'))
      .EndpointComparisonJobPage,
  '/devops/endpoint-comparison/users': async () =>
    (await import('../modules/endpoint-comparison/pages/endpoint-comparison-users-page'))
      .EndpointComparisonUsersPage,
  '/devops/resource-guard': async () =>
    (await import('../modules/resource-guard/pages/resource-guard-page')).ResourceGuardPage,
  '/devops/sftp-configuration': async () =>
    (await import('../modules/sftp-inboxes/pages/sftp-inboxes-page')).SftpInboxesPage,
  '/devops/sftp-configuration/create': async () =>
    (await import('../modules/sftp-inboxes/pages/create-sftp-inbox-page')).CreateSftpInboxPage,
  '/devops/sftp-configuration/:configId': async () =>
    (await import('../modules/sftp-inboxes/pages/sftp-inbox-page')).SftpInboxPage,
  '/tools': async () =>
    (await import('../modules/tools/pages/tools-landing-page')).ToolsLandingPage,
  '/tools/companies-house': async () =>
    (await import('../modules/companies-house/pages/companies-house-page')).CompaniesHousePage,
  '/tools/ai-address-parser': async () =>
    (await import('../modules/tools/pages/address-parser-page')).AddressParserPage,
  '/tools/address-validator': async () =>
    (await import('../modules/tools/pages/address-validator-page')).AddressValidatorPage,
  '/tools/send-email': async () =>
    (await import('../modules/tools/pages/send-email-page')).SendEmailPage,
  '/analysis': async () => (await import('../modules/jobs/pages/job-list-page')).JobListPage,
  '/dashboard': async () =>
    (await import('../modules/dashboard/pages/dashboard-page')).DashboardPage,
  '/admin/analytics-query': async () =>
    (await import('../modules/analytics/pages/analytics-query-page')).AnalyticsQueryPage,
  '/reports/create': async () =>
    (await import('../modules/analytics/pages/create-report-page')).CreateReportPage,
  '/reports/:reportId': async () =>
    (await import('../modules/analytics/pages/report-page')).ReportPage,
  '/release-notes': async () =>
    (await import('../modules/release-notes/pages/release-notes-page')).ReleaseNotesPage,
  '/jobs/create/:type': async () =>
    (await import('../modules/jobs/pages/job-wizard-page')).JobWizardPage,
  '/jobs/:jobId/workflow/:type': async () =>
    (await import('../modules/jobs/pages/job-wizard-page')).JobWizardPage,
  '/jobs/loading/*': async () =>
    (await import('../modules/jobs/pages/job-loading-page')).JobLoadingPage,
  '/jobs/:jobId/details': async () =>
    (await import('../modules/jobs/pages/job-details-page')).JobDetailsPage,
  '/jobs/:jobId/logs': async () =>
    (await import('../modules/jobs/pages/job-logs-page')).JobLogsPage,
  '/jobs/:jobId/users': async () =>
    (await import('../modules/jobs/pages/job-users-page')).JobUsersPage,
  '/jobs/:jobId/users/assigned': async () =>
    (await import('../modules/jobs/pages/job-users-page')).JobUsersPage,
  '/jobs/:jobId/no-access': async () =>
    (await import('../modules/jobs/pages/job-no-access-page')).JobNoAccessPage,
  '/jobs/:jobId/summary': async () =>
    (await import('../modules/jobs/pages/summary-page')).SummaryPage,
  '/jobs/:jobId/insights': async () =>
    (await import('../modules/jobs/pages/insights-page')).InsightsPage,
  '/global-insights/loading': async () =>
    (await import('../modules/global-insights/pages/global-insights-loading-page'))
      .GlobalInsightsLoadingPage,
  '/global-insights/insights': async () =>
    (await import('../modules/global-insights/pages/global-insights-page')).GlobalInsightsPage,
  '/global-insights/organizations': async () =>
    (await import('../modules/global-insights/pages/organizations-page')).GlobalOrganizationsPage,
  '/vendors': async () =>
    (await import('../modules/vendors/pages/vendor-search-page')).VendorSearchPage,
  '/vendors/:vendorId': async () =>
    (await import('../modules/vendors/pages/vendor-detail-page')).VendorDetailPage,
  '/jobs/:jobId/suppliers': async () =>
    (await import('../modules/jobs/pages/suppliers-page')).SuppliersPage,
  '/jobs/:jobId/suppliers/:supplierKey': async () =>
    (await import('../modules/jobs/pages/supplier-detail-page')).SupplierDetailPage,
  '/jobs/:jobId/use-cases': async () =>
    (await import('./routes/jobs/use-case-pages')).UseCasesRoute,
  '/jobs/:jobId/use-cases/:useCaseId': async () =>
    (await import('./routes/jobs/use-case-pages')).UseCaseRoute,
  '/jobs/:jobId/use-cases/:useCaseId/:supplierKey': async () =>
    (await import('./routes/jobs/use-case-pages')).UseCaseSupplierRoute,
  '/jobs/:jobId/report/use-cases': async () =>
    (await import('./routes/jobs/use-case-pages')).UseCasesReportRoute,
  '/jobs/:jobId/report/insights': async () =>
    (await import('./routes/jobs/report-pages')).InsightsReportRoute,
  '/jobs/:jobId/presentation': async () =>
    (await import('./routes/jobs/report-pages')).InsightsPresentationRoute,
  '/jobs/:jobId/printable/:analysisReportType/*': async () =>
    (await import('./routes/jobs/report-pages')).PrintableReportRoute,
  '/jobs/:jobId/business-case-calculator': async () =>
    (await import('./routes/jobs/business-case-pages')).BusinessCaseCalculatorRoute,
  '/jobs/:jobId/business-case-download': async () =>
    (await import('./routes/jobs/business-case-pages')).BusinessCaseDownloadRoute,
  '/jobs/:jobId/analysis-data-download': async () =>
    (await import('./routes/jobs/download-pages')).AnalysisDataDownloadRoute,
  '/jobs/:jobId/matched-data-only-download': async () =>
    (await import('./routes/jobs/download-pages')).MatchedDataOnlyDownloadRoute,
  '/campaign-workflows': async () =>
    (await import('../modules/campaigns/pages/campaign-workflows-page')).CampaignWorkflowsPage,
  '/jobs/:jobId/campaign-workflows': async () =>
    (await import('./routes/jobs/campaign-pages')).JobCampaignsRoute,
  '/jobs/:jobId/campaign-workflows/:campaignWorkflowId': async () =>
    (await import('./routes/jobs/campaign-pages')).CampaignRoute,
  '/jobs/:jobId/campaign-workflows/:campaignWorkflowId/suppliers/:supplierKey': async () =>
    (await import('./routes/jobs/campaign-pages')).CampaignSupplierRoute,
  // The create route's campaignWorkflowId is `new` or a use case id to start from: see
  // CreateCampaignPage.
  '/jobs/:jobId/campaign-workflows/:campaignWorkflowId/create': async () =>
    (await import('./routes/jobs/campaign-pages')).CreateCampaignRoute,
  '/admin/analysis-admin/confidence-rulesets': async () =>
    (await import('../modules/jobs/pages/ruleset-pages')).ConfidenceRulesetsPage,
  '/admin/analysis-admin/confidence-rulesets/:versionNumber': async () =>
    (await import('../modules/jobs/pages/ruleset-pages')).ConfidenceRulesetsPage,
  '/admin/analysis-admin/scoring-rulesets': async () =>
    (await import('../modules/jobs/pages/ruleset-pages')).ScoringRulesetsPage,
  '/admin/analysis-admin/scoring-rulesets/:versionNumber': async () =>
    (await import('../modules/jobs/pages/ruleset-pages')).ScoringRulesetsPage,
  '/admin/analysis-admin/datapoint-profiles': async () =>
    (await import('../modules/admin/pages/datapoint-profiles-pages')).DatapointProfilesPage,
  '/admin/analysis-admin/datapoint-profiles/create': async () =>
    (await import('../modules/admin/pages/datapoint-profiles-pages')).DatapointProfileCreatePage,
  '/admin/analysis-admin/datapoint-profiles/:datapointProfileId': async () =>
    (await import('../modules/admin/pages/datapoint-profiles-pages')).DatapointProfileEditPage,
  '/admin/analysis-admin/video-resources': async () =>
    (await import('../modules/video-resources/pages/video-resources-page')).VideoResourcesPage,
  '/admin/analysis-admin/video-resources/create': async () =>
    (await import('../modules/video-resources/pages/create-video-resource-page'))
      .CreateVideoResourcePage,
  '/admin/analysis-admin/video-resources/:videoResourceId': async () =>
    (await import('../modules/video-resources/pages/video-resource-page')).VideoResourcePage,
  '/resource-hub': async () =>
    (await import('../modules/video-resources/pages/resource-hub-page')).ResourceHubPage,
  // Administration (SPEC §2, Admin)
  '/admin/issuer-manager': async () =>
    (await import('../modules/admin/pages/issuer-manager-page')).IssuerManagerPage,
  '/admin/issuer-manager/create': async () =>
    (await import('../modules/admin/pages/issuer-create-page')).IssuerCreatePage,
  '/admin/issuer-manager/:issuerId': async () =>
    (await import('../modules/admin/pages/issuer-detail-page')).IssuerDetailPage,
  '/admin/issuer-manager/:issuerId/users': async () =>
    (await import('../modules/admin/pages/issuer-users-page')).IssuerUsersPage,
  '/admin/buyer-manager': async () =>
    (await import('../modules/admin/pages/buyer-manager-page')).BuyerManagerPage,
  '/admin/buyer-manager/create': async () =>
    (await import('../modules/admin/pages/buyer-create-page')).BuyerCreatePage,
  '/admin/buyer-manager/:buyerId': async () =>
    (await import('../modules/admin/pages/buyer-detail-page')).BuyerDetailPage,
  '/admin/users': async () => (await import('../modules/admin/pages/users-page')).UsersPage,
  '/admin/users/create': async () =>
    (await import('../modules/admin/pages/user-create-page')).UserCreatePage,
  '/admin/users/:userId': async () =>
    (await import('../modules/admin/pages/user-detail-page')).UserDetailPage,
  '/admin/system-logs': async () =>
    (await import('../modules/admin/pages/system-logs-page')).SystemLogsPage,
};

/** The page of a route path: its own, or the "not available yet" page. */
export function pageLoaderFor(path: string): PageLoader {
  return ROUTE_PAGES[path] ?? loadNotAvailablePage;
}
