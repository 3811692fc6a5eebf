import path from 'node:path';
import { PROQ_COMMAND_TYPES, type PublicBranding } from '@b2b/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';
import type { DatabaseHandle } from './db/client.js';
import { registerAuthCommands } from './modules/auth/auth.commands.js';
import { createAiPromptsService } from './modules/ai-prompts/ai-prompts.service.js';
import { AI_PROMPT_PURPOSES } from './modules/ai-prompts/default-prompts.js';
import { createAuthService } from './modules/auth/auth.service.js';
import { createAuthorizationService } from './modules/authorization/authorization.service.js';
import { createBrandingsService } from './modules/brandings/brandings.service.js';
import { createChatDocumentsService } from './modules/chat/chat-documents.service.js';
import { registerChatCommands } from './modules/chat/chat.commands.js';
import { createChatService } from './modules/chat/chat.service.js';
import { createLlmClient } from './modules/chat/llm-client.js';
import { createIssuersService } from './modules/issuers/issuers.service.js';
import { createTranslationsService } from './modules/translations/translations.service.js';
import { createInsightsService } from './modules/insights/insights.service.js';
import { createGlobalInsightsService } from './modules/insights/global-insights.service.js';
import { createJobsService } from './modules/jobs/jobs.service.js';
import { createRulesetsService } from './modules/rulesets/rulesets.service.js';
import { createRulesetDryRunsService } from './modules/rulesets/ruleset-dry-runs.service.js';
import { registerRulesetsCommands } from './modules/rulesets/rulesets.commands.js';
import { createFileStorage } from './storage/create-file-storage.js';
import { createStoredFolders } from './storage/stored-folders.js';
import { REFERENCE_MANIFEST } from './engine/reference-data/reference-version.js';
import type { FileStorage } from './storage/file-storage.js';
import { createMailService } from './modules/mail/mail.service.js';
import { createCommandRegistry } from './modules/proq/command-registry.js';
import { registerProqCommands } from './modules/proq/proq.commands.js';
import { createProqService } from './modules/proq/proq.service.js';
import { registerReferenceDataCommands } from './modules/reference-data/reference-data.commands.js';
import { createReferenceDataService } from './modules/reference-data/reference-data.service.js';
import { registerSystemAuditCommands } from './modules/system-audit/system-audit.commands.js';
import { createSystemAuditService } from './modules/system-audit/system-audit.service.js';
import { createSystemService } from './modules/system/system.service.js';
import { createAugmentedTextService } from './modules/augmented-text/augmented-text.service.js';
import { createDebugLoggingService } from './modules/dev-tools/debug-logging.service.js';
import { createResetAllJobsService } from './modules/dev-tools/reset-all-jobs.service.js';
import { createDatabaseAnonymizerService } from './modules/dev-tools/database-anonymizer.service.js';
import { hashPassword } from './modules/auth/password.js';
import type { RecentLogLines } from './lib/recent-log-lines.js';
import { createRuntimeService } from './modules/runtime/runtime.service.js';
import { createEndToEndTestService } from './modules/end-to-end-test/end-to-end-test.service.js';
import { createUsersService } from './modules/users/users.service.js';
import { createServiceTokensService } from './modules/endpoint-comparison/service-tokens.service.js';
import { createEndpointComparisonService } from './modules/endpoint-comparison/endpoint-comparison.service.js';
import { createVendorsService } from './modules/vendors/vendors.service.js';
import { createConcurrencyService } from './modules/concurrency/concurrency.service.js';
import { createSystemLogsService } from './modules/system-logs/system-logs.service.js';
import { createIssuerAdminService, ISSUER_ENTITY } from './modules/issuers/issuer-admin.service.js';
import { issuerScope } from './modules/issuers/issuers.policy.js';
import { createBuyersService } from './modules/issuers/buyers.service.js';
import { createSupplierListsService } from './modules/issuers/supplier-lists.service.js';
import { createDatapointProfilesService } from './modules/datapoint-profiles/datapoint-profiles.service.js';
import { createUserAdminService, USER_ENTITY } from './modules/users/user-admin.service.js';
import { createUseCasesService } from './modules/use-cases/use-cases.service.js';
import { createBusinessCaseService } from './modules/business-case/business-case.service.js';
import { registerCampaignCommands } from './modules/campaigns/campaigns.commands.js';
import { createCampaignServices } from './modules/campaigns/campaign-services.js';
import { createCampaignLookup } from './modules/campaigns/campaign-lookup.js';
import { createCampaignsRepo } from './modules/campaigns/campaigns.repo.js';
import { DEFAULT_OUTREACH_OPTIONS } from './modules/campaigns/outreach.service.js';
import { createResponseLinkService } from './modules/campaigns/response-link.service.js';
import { createReportsService } from './modules/reports/reports.service.js';
import { reportDownloadProducers } from './modules/reports/report-downloads.js';
import { createDownloadsService } from './modules/downloads/downloads.service.js';
import { createDashboardService } from './modules/dashboard/dashboard.service.js';
import { createNotificationsService } from './modules/notifications/notifications.service.js';
import { createAnalyticsService } from './modules/analytics/analytics.service.js';
import { registerAnalyticsCommands } from './modules/analytics/analytics.commands.js';
import { createReleaseNotesService } from './modules/release-notes/release-notes.service.js';
import { registerDownloadCommands } from './modules/downloads/downloads.commands.js';
import { createAddressToolsService } from './modules/tools/address-tools.service.js';
import { registerToolsCommands } from './modules/tools/tools.commands.js';
import { createSendEmailService } from './modules/tools/send-email.service.js';
import { registerSftpInboxesCommands } from './modules/sftp-inboxes/sftp-inboxes.commands.js';
import { createCompaniesHouseClient } from './modules/companies-house/companies-house-client.js';
import { registerCompaniesHouseCommands } from './modules/companies-house/companies-house.commands.js';
import { createCompaniesHouseService } from './modules/companies-house/companies-house.service.js';
import { createSftpInboxesService } from './modules/sftp-inboxes/sftp-inboxes.service.js';
import { createVideoResourcesService } from './modules/video-resources/video-resources.service.js';
import { createMagicLinksService } from './modules/magic-links/magic-links.service.js';
import { registerMergeLinksCommands } from './modules/merge-links/merge-links.commands.js';
import { createMergeLinksService } from './modules/merge-links/merge-links.service.js';
import { createMlPredictionService } from './modules/ml-prediction/ml-prediction.service.js';
import { registerMlPredictionCommands } from './modules/ml-prediction/ml-prediction.commands.js';
import { createResourceGuardService } from './modules/resource-guard/resource-guard.service.js';
import { createSsoService } from './modules/sso/sso.service.js';
import { createDevToolsService } from './modules/dev-tools/dev-tools.service.js';
import { useProductValidationMessages } from './lib/validation-messages.js';

/** Wires every module's service to its dependencies: the one place modules meet. */
export function createServices(
  config: Config,
  database: DatabaseHandle,
  log: FastifyBaseLogger,
  recentLines?: RecentLogLines,
) {
  // Every process that runs the modules (the server, a standalone worker) words failed
  // validations the product's way: a worker's messages reach screens too (a sync's error).
  useProductValidationMessages();
  const { db } = database;
  const issuers = createIssuersService(db);
  const brandings = createBrandingsService(db, {
    issuerNameForBranding: issuers.issuerNameForBranding,
  });
  const mail = createMailService(db, { smtpUrl: config.smtpUrl, from: config.mailFrom, log });
  const system = createSystemService(db);
  const users = createUsersService(db, {
    brandings,
    issuers,
    environmentFlags: config.environmentFlags,
    systemMode: () => system.getMode(),
  });
  const auth = createAuthService(
    db,
    {
      absoluteMs: config.sessionAbsoluteMs,
      idleMs: config.sessionIdleMs,
      cacheMs: config.sessionCacheMs,
      idleAutoLogoutAvailable: config.idleAutoLogoutEnabled,
      loginMaxFailures: config.loginMaxFailures,
      loginWindowMs: config.loginWindowMs,
    },
    { users, mail },
  );
  const authorization = createAuthorizationService(db, { users });
  const runtime = createRuntimeService(config);

  // Administration: issuers, buyers, users, entity write locks and the audit trail.
  const systemLogs = createSystemLogsService(db);
  const concurrency = createConcurrencyService(db, { issuerScope });
  const datapointProfiles = createDatapointProfilesService(db);
  const issuerAdmin = createIssuerAdminService(db, {
    brandings,
    concurrency,
    systemLogs,
    datapointProfiles,
    findUser: users.findById,
  });
  const buyers = createBuyersService(db, { systemLogs });
  const supplierLists = createSupplierListsService(db, { concurrency, systemLogs });
  const userAdmin = createUserAdminService(db, {
    users,
    issuerAdmin,
    mail,
    systemLogs,
    concurrency,
    endUserSessions: auth.endUserSessions,
    createSignUpLink: auth.createSignUpLink,
  });
  concurrency.registerEntityType(ISSUER_ENTITY, {
    names: issuerAdmin.namesByIds,
    issuers: async (ids) => new Map(ids.map((id) => [id, [id]])),
    uuidIds: true,
  });
  concurrency.registerEntityType(USER_ENTITY, {
    names: userAdmin.usernamesByIds,
    issuers: issuerAdmin.issuerIdsOfUsers,
    uuidIds: true,
  });
  const proq = createProqService(db, {
    config: config.proq,
    registry: createCommandRegistry(),
    environment: config.env,
  });
  // Uploads, Parquet and exports: files in the storage STORAGE_URL names (DATA_DIR/files by
  // default; opened on first use).
  let fileStorage: FileStorage | undefined;
  const storage = () => (fileStorage ??= createFileStorage(config.storage, config.dataDir));
  // Card-acceptance reference data: version folders DuckDB reads locally, kept in the storage
  // (DATA_DIR/files/reference is both with the folder storage; a local copy with S3).
  const reference = createStoredFolders(storage, {
    prefix: 'reference',
    localRoot: path.join(config.dataDir, 'files', 'reference'),
    marker: REFERENCE_MANIFEST,
  });
  const systemAudit = createSystemAuditService(db, {
    database,
    storage,
    llmBaseUrl: config.llmBaseUrl,
    mail,
    proq,
  });

  const llm = config.chat.llm ? createLlmClient(config.chat.llm) : null;
  const aiPrompts = createAiPromptsService(db, { systemLogs, model: llm });
  const translations = createTranslationsService(db, { systemLogs, issuers });
  const chat = createChatService(db, {
    llm: llm ?? undefined,
    systemPrompt: () => aiPrompts.getActivePromptContent(AI_PROMPT_PURPOSES.chatSystem),
    retentionDays: config.chat.retentionDays,
    log,
  });
  const chatDocuments = createChatDocumentsService(db, {
    retriever: chat.retriever,
    maxFileBytes: config.chat.uploadMaxBytes,
    log,
  });

  // Resource guard: the limits the server enforces, set by DevOps (the jobs and reference data
  // uploads, job submission, the API rate hook and the engine read them through it).
  const resourceGuard = createResourceGuardService(db, { config: config.jobs, systemLogs, proq });

  const rulesets = createRulesetsService(db, { systemLogs });
  const jobs = createJobsService(db, {
    proq,
    rulesets,
    issuers,
    buyers,
    users,
    supplierLists: supplierLists.keysOf,
    config: config.jobs,
    dataDir: config.dataDir,
    storage,
    reference,
    guard: resourceGuard,
    log,
  });

  // Jobs and buyers are edited under entity write locks too (SPEC §9): named and scoped by
  // issuer in the active-users views.
  concurrency.registerEntityType('job', {
    names: jobs.namesByIds,
    issuers: jobs.issuerIdsOf,
    uuidIds: true,
  });
  concurrency.registerEntityType('buyer', {
    names: buyers.namesByIds,
    issuers: buyers.issuerIdsOf,
    uuidIds: true,
  });

  // Ruleset editing: dry-runs and re-runs of chosen jobs go through the jobs service.
  const rulesetDryRuns = createRulesetDryRunsService(db, {
    rulesets,
    jobs,
    proq,
    storage,
    systemLogs,
  });

  const insights = createInsightsService(db, {
    jobs: (actor, jobId) => jobs.visible(actor, jobId),
    rulesets,
    storage,
    engine: { dataDir: config.dataDir, settings: resourceGuard.engineSettings },
    // Called when insights are computed, long after both services exist.
    companySicCodes: (jobId) => companiesHouse.sicCodesOf(jobId),
  });
  // Companies House (SPEC §2 Tools): company search and the bulk enrichment of a job's UK
  // suppliers, whose SIC codes feed the industry charts (so insights are computed again).
  const companiesHouse = createCompaniesHouseService(db, {
    client: createCompaniesHouseClient(config.companiesHouse),
    jobs,
    proq,
    insights,
  });
  // Augmented text: the summary tab's narrative, by the model or the offline template.
  const augmentedText = createAugmentedTextService({ insights, aiPrompts, model: llm });

  // Use cases: named rules over a job's results, figures computed live from them.
  const endToEndTest = createEndToEndTestService({ jobs, buyers, issuers });
  const useCases = createUseCasesService(db, { results: jobs.results });
  // Business case: scenarios and issuer defaults; figures from the job's results (calculate.ts).
  const businessCase = createBusinessCaseService(db, {
    visibleJob: (actor, jobId) => jobs.get(actor, jobId),
    useCases,
  });

  // Campaigns: outreach from use cases; a campaign is visible with its job.
  const campaigns = createCampaignServices(db, {
    visibleJob: (actor, jobId) => jobs.get(actor, jobId),
    issuers,
    brandingOf: async (brandingId) => {
      const row = await brandings.get(brandingId);
      if (!row) return null;
      const { brandingKey, theme, displayName } = row;
      return {
        brandingKey,
        theme: theme as PublicBranding['theme'],
        brandingDisplayName: displayName,
      };
    },
    selectSuppliers: (actor, jobId, useCaseIds) =>
      useCases.selectSuppliers(actor, jobId, useCaseIds),
    mail,
    kickOutreach: async () => {
      await proq.enqueue([{ commandType: PROQ_COMMAND_TYPES.campaignOutreach }]);
    },
    outreach: { publicUrl: config.publicUrl ?? 'http://localhost:3000' },
    bounceMailboxConfigured: config.campaignBounceMailbox !== undefined,
  });
  // A fresh response link for a supplier whose e-mail was lost, valid as long as e-mailed ones.
  const campaignResponseLinks = createResponseLinkService(db, {
    visibleCampaign: createCampaignLookup(createCampaignsRepo(db), (actor, jobId) =>
      jobs.get(actor, jobId),
    ),
    publicUrl: config.publicUrl ?? 'http://localhost:3000',
    linkValidDays: DEFAULT_OUTREACH_OPTIONS.linkValidDays,
  });

  // Downloads: data downloads (streamed or prepared by ProQ) and each user's prepared files;
  // other modules' downloads plug in with downloads.registerDownloadProducer.
  const downloads = createDownloadsService(db, {
    proq,
    storage,
    visibleJob: (actor, jobId) => jobs.get(actor, jobId),
    results: jobs.results,
    issuers,
    profiles: datapointProfiles,
  });

  // Reports: PDFs of the printable routes (Chromium, as the user) and the PowerPoint deck.
  const reports = createReportsService({
    jobs,
    insights,
    issuers,
    brandings,
    auth,
    baseUrl: () => config.reportBaseUrl,
  });

  // Global insights: the stored job insights summed across the jobs each user may see.
  const globalInsights = createGlobalInsightsService(db);

  // Dashboard: job figures over the visible jobs; ProQ, campaigns and presence via services.
  const dashboard = createDashboardService(db, {
    proq,
    concurrency,
    campaigns: campaigns.campaigns,
  });

  // Analytics query and saved reports: one statement per query, inside the visible rows.
  const analytics = createAnalyticsService(database, {
    mail,
    queryTimeoutMs: config.analyticsQueryTimeoutMs,
  });

  // Release notes: the Markdown files of docs/release-notes (or RELEASE_NOTES_DIR).
  const releaseNotes = createReleaseNotesService({ dir: config.releaseNotesDir });

  // The user's notifications: derived from their own jobs and downloads.
  const notifications = createNotificationsService(db);

  // Vendor search: the reference data with DuckDB; matched suppliers only from visible jobs.
  const vendors = createVendorsService(db, {
    engine: resourceGuard.engineSettings,
    reference,
  });

  // Reference data imports (DevOps screen): versions under DATA_DIR/files/reference, as the CLI.
  const referenceData = createReferenceDataService(db, {
    proq,
    storage,
    reference,
    config: config.jobs,
    dataDir: config.dataDir,
    guard: resourceGuard,
  });

  // Tools: the address parser (the chat's configured model when set, else rules) and validator;
  // test e-mails through the mail module.
  const addressTools = createAddressToolsService(db, {
    model: config.chat.llm ? createLlmClient(config.chat.llm) : null,
    storage,
    proq,
    guard: resourceGuard,
  });
  const sendEmail = createSendEmailService({
    mail,
    systemLogs,
    from: config.mailFrom,
    smtpUrl: config.smtpUrl,
  });
  // Developer area: the CSV anonymizer.
  const devTools = createDevToolsService({
    anonymizeCsvSecret: config.anonymizeCsvSecret,
    sessionSecret: config.sessionSecret,
  });

  // Developer area: the server's log level for a time window, and this process's last lines.
  const debugLogging = createDebugLoggingService({
    system,
    systemLogs,
    defaultLevel: config.logLevel,
    recentLines,
  });
  const resetAllJobs = createResetAllJobsService({ env: config.env, jobs, systemLogs });
  const databaseAnonymizer = createDatabaseAnonymizerService({
    env: config.env,
    live: database,
    systemLogs,
    hashPassword,
  });

  // SFTP inboxes: remote folders whose new files become submitted jobs (DevOps).
  const sftpInboxes = createSftpInboxesService(db, {
    config: config.sftp,
    storage,
    issuers,
    buyers,
    jobs,
    proq,
  });

  // Endpoint comparison (DevOps): personal service tokens another environment calls this one
  // with, and the comparison of a job's or the users' endpoints with another environment.
  const serviceTokens = createServiceTokensService(db, { users });
  const endpointComparison = createEndpointComparisonService(db, {
    secretsKey: config.secretsKey,
    allowedOrigins: config.comparisonOrigins,
    users,
    userAdmin,
    jobs,
    insights,
  });

  // Video resources and the resource hub: videos and PDFs shared with chosen roles.
  const videoResources = createVideoResourcesService(db, {
    storage,
    systemLogs,
    authorization,
    maxBytes: config.videoResources.maxBytes,
  });

  // Accounting connections: a buyer's accounting system linked through the accounting API,
  // synced into submitted Consultant Upload jobs.
  const mergeLinks = createMergeLinksService(db, {
    config: config.merge,
    dataDir: config.dataDir,
    issuers,
    buyers,
    jobs,
    proq,
    systemLogs,
  });

  // Magic links: a person without an account uploads a Draft job's file, or connects the
  // buyer's accounting system, through a link.
  const magicLinks = createMagicLinksService(db, {
    jobs,
    issuers,
    brandings,
    mail,
    systemLogs,
    accounting: mergeLinks,
    publicUrl: config.publicUrl ?? 'http://localhost:3000',
  });

  // ML prediction: card acceptance model versions trained on every Completed job's suppliers
  // (server-side, aggregate figures only); the active one predicts for unmatched suppliers.
  const mlPrediction = createMlPredictionService(db, {
    jobs,
    proq,
    systemLogs,
    engine: { storage, dataDir: config.dataDir, settings: resourceGuard.engineSettings },
  });

  // Single sign-on: each issuer's OpenID provider, next to passwords.
  const sso = createSsoService(db, {
    secretsKey: config.secretsKey,
    issuers,
    issuerAdmin,
    brandings,
    users,
    auth,
    systemLogs,
  });

  // Background work: every command type a worker of this process can run, and the schedule.
  for (const handler of jobs.commandHandlers({
    referenceDemoMerchants: config.jobs.referenceDemoMerchants,
    // Charts, then the active card acceptance model's predictions for the unmatched suppliers.
    afterAggregate: async (job) =>
      `${await insights.computeForJob(job)}; ${await mlPrediction.predictAfterPipeline(job.id)}`,
    // Use cases' figures for the new results, so no request pays the scan (SPEC §2 use-cases).
    afterCompleted: (jobId) => useCases.storeFiguresAfterRun(jobId),
  }))
    proq.registry.register(handler);
  // Jobs waiting for a running slot (a queueing resource limit): checked every minute too, so a
  // raised limit or a crashed worker's slot is noticed without a job finishing.
  proq.registry.register(jobs.waitingJobsHandler());
  proq.registry.schedule({ commandType: PROQ_COMMAND_TYPES.startWaitingJobs, cron: '* * * * *' });
  registerSystemAuditCommands(proq.registry, { systemAudit });
  registerReferenceDataCommands(proq.registry, {
    referenceData,
    afterImport: () => vendors.prepare(),
  });
  registerAuthCommands(proq.registry, { auth, resultsLinks: magicLinks });
  registerChatCommands(proq.registry, { chat });
  registerProqCommands(proq.registry, { proq });
  registerCampaignCommands(proq.registry, campaigns, config.campaignBounceMailbox);
  registerDownloadCommands(proq.registry, { downloads });
  registerToolsCommands(proq.registry, { addressTools });
  registerAnalyticsCommands(proq.registry, { analytics });
  registerRulesetsCommands(proq.registry, { rulesetDryRuns });
  registerSftpInboxesCommands(proq.registry, { sftpInboxes });
  registerCompaniesHouseCommands(proq.registry, { companiesHouse });
  registerMergeLinksCommands(proq.registry, { mergeLinks });
  registerMlPredictionCommands(proq.registry, { mlPrediction });
  for (const producer of reportDownloadProducers(reports))
    downloads.registerDownloadProducer(producer);

  return {
    issuers,
    brandings,
    mail,
    users,
    auth,
    authorization,
    system,
    runtime,
    endToEndTest,
    proq,
    systemAudit,
    aiPrompts,
    translations,
    augmentedText,
    chat,
    chatDocuments,
    systemLogs,
    concurrency,
    issuerAdmin,
    supplierLists,
    datapointProfiles,
    buyers,
    userAdmin,
    rulesets,
    rulesetDryRuns,
    jobs,
    insights,
    reports,
    useCases,
    businessCase,
    campaigns,
    campaignResponseLinks,
    downloads,
    globalInsights,
    dashboard,
    analytics,
    releaseNotes,
    notifications,
    vendors,
    referenceData,
    storage,
    addressTools,
    sendEmail,
    companiesHouse,
    sftpInboxes,
    serviceTokens,
    endpointComparison,
    magicLinks,
    mergeLinks,
    mlPrediction,
    resourceGuard,
    sso,
    devTools,
    debugLogging,
    resetAllJobs,
    databaseAnonymizer,
    videoResources,
  };
}
export type Services = ReturnType<typeof createServices>;

export type AppContext = { config: Config; database: DatabaseHandle; services: Services };
