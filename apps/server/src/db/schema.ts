/**
 * Every table of the product, gathered for drizzle-kit only (drizzle.config.ts generates the
 * migrations from it). No source file imports it: `Database` carries no schema, so `db/` depends
 * on no module.
 */
export * from '../modules/brandings/branding.schema.js';
export * from '../modules/users/user.schema.js';
export * from '../modules/issuers/issuer.schema.js';
export * from '../modules/auth/session.schema.js';
export * from '../modules/mail/outbox.schema.js';
export * from '../modules/system/system-setting.schema.js';
export * from '../modules/proq/proq-command.schema.js';
export * from '../modules/proq/proq-worker.schema.js';
export * from '../modules/ai-prompts/ai-prompt.schema.js';
export * from '../modules/chat/chat-document.schema.js';
export * from '../modules/chat/chat-log.schema.js';
export * from '../modules/concurrency/entity-lock.schema.js';
export * from '../modules/system-logs/system-log.schema.js';
export * from '../modules/jobs/job.schema.js';
export * from '../modules/rulesets/ruleset.schema.js';
export * from '../modules/insights/insight.schema.js';
export * from '../modules/datapoint-profiles/datapoint-profile.schema.js';
export * from '../modules/use-cases/use-cases.schema.js';
export * from '../modules/campaigns/campaign.schema.js';
export * from '../modules/downloads/download.schema.js';
export * from '../modules/business-case/business-case.schema.js';
export * from '../modules/sftp-inboxes/sftp-inbox.schema.js';
export * from '../modules/video-resources/video-resource.schema.js';
export * from '../modules/magic-links/magic-link.schema.js';
export * from '../modules/resource-guard/resource-limit.schema.js';
export * from '../modules/analytics/analytics-report.schema.js';
export * from '../modules/sso/sso.schema.js';
export * from '../modules/companies-house/companies-house.schema.js';
export * from '../modules/merge-links/merge-linked-account.schema.js';
export * from '../modules/ml-prediction/ml-model.schema.js';
export * from '../modules/translations/translation.schema.js';
export * from '../modules/endpoint-comparison/endpoint-comparison.schema.js';
export * from '../modules/tools/address-file-run.schema.js';
