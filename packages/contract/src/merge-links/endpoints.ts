import { defineEndpoint } from '../common/endpoint.js';
import { MagicLinkTokenParamsSchema } from '../magic-links/schemas.js';
import {
  AccountingJobParamsSchema,
  AccountingLinkPageSchema,
  CompleteAccountingLinkSchema,
  CompletePublicAccountingLinkSchema,
  CompletedAccountingLinkSchema,
  CompletedPublicAccountingLinkSchema,
  JobAccountingConnectionSchema,
  LinkedAccountIdParamsSchema,
  LinkedAccountListSchema,
  LinkedAccountSchema,
  LinkedAccountSyncQueuedSchema,
  MergeLinkedAccountsSchema,
  SetLinkedAccountSyncScheduleSchema,
  StartedAccountingLinkSchema,
  StartedPublicAccountingLinkSchema,
} from './schemas.js';

const tags = ['Accounting connections'];
// SPEC §2: /admin/analysis-admin/merge-linked-accounts needs MergeLinkedAccounts_VIEW.
const admin = { permissions: ['MergeLinkedAccounts_VIEW'] } as const;

export const listLinkedAccounts = defineEndpoint({
  method: 'GET',
  path: '/api/v1/merge-linked-accounts',
  summary:
    'Linked accounting systems of the caller’s issuers, newest first, and whether the accounting API is configured',
  tags,
  responses: { 200: LinkedAccountListSchema },
  access: admin,
});

export const syncLinkedAccount = defineEndpoint({
  method: 'POST',
  path: '/api/v1/merge-linked-accounts/:linkedAccountId/sync',
  summary:
    'Re-sync: queue a pull of the vendors, invoices and payments into a new Consultant Upload job',
  tags,
  params: LinkedAccountIdParamsSchema,
  responses: { 201: LinkedAccountSyncQueuedSchema },
  access: admin,
});

export const setLinkedAccountSyncSchedule = defineEndpoint({
  method: 'PUT',
  path: '/api/v1/merge-linked-accounts/:linkedAccountId/sync-schedule',
  summary: 'Set how often the linked account is synced by itself: Off, Daily or Weekly',
  tags,
  params: LinkedAccountIdParamsSchema,
  body: SetLinkedAccountSyncScheduleSchema,
  responses: { 200: LinkedAccountSchema },
  access: admin,
});

export const unlinkLinkedAccount = defineEndpoint({
  method: 'POST',
  path: '/api/v1/merge-linked-accounts/:linkedAccountId/unlink',
  summary: 'Unlink: revoke the account token on the accounting API; no more syncs',
  tags,
  params: LinkedAccountIdParamsSchema,
  responses: { 200: LinkedAccountSchema },
  access: admin,
});

export const mergeLinkedAccounts = defineEndpoint({
  method: 'POST',
  path: '/api/v1/merge-linked-accounts/:linkedAccountId/merge',
  summary:
    'Merge this linked account into another of the same buyer: its account token is revoked on the API and it points at the one kept',
  tags,
  params: LinkedAccountIdParamsSchema,
  body: MergeLinkedAccountsSchema,
  responses: { 200: LinkedAccountSchema },
  access: admin,
});

export const getJobAccountingConnection = defineEndpoint({
  method: 'GET',
  path: '/api/v1/job-artifacts/:id/accounting-connection',
  summary:
    'The job data step’s accounting connection: offered (issuer takes MergeLink), configured, the buyer’s linked accounts',
  tags,
  params: AccountingJobParamsSchema,
  responses: { 200: JobAccountingConnectionSchema },
  // Any signed-in user: the job's visibility is checked by the jobs policy.
  access: { permissions: [] },
});

export const startAccountingLink = defineEndpoint({
  method: 'POST',
  path: '/api/v1/job-artifacts/:id/accounting-connection/link-token',
  summary:
    'Connect accounting system: a link token for Merge Link, for a Draft job the caller may change whose issuer takes MergeLink',
  tags,
  params: AccountingJobParamsSchema,
  responses: { 201: StartedAccountingLinkSchema },
  access: { permissions: [] },
});

export const completeAccountingLink = defineEndpoint({
  method: 'POST',
  path: '/api/v1/job-artifacts/:id/accounting-connection/complete',
  summary:
    'Exchange the public token Merge Link gave for the account token, store it sealed and queue the first sync',
  tags,
  params: AccountingJobParamsSchema,
  body: CompleteAccountingLinkSchema,
  responses: { 201: CompletedAccountingLinkSchema },
  access: { permissions: [] },
});

/* ------------------------- MergeMagicLink: the public page ------------------------- */

export const getAccountingLink = defineEndpoint({
  method: 'GET',
  path: '/api/v1/accounting-link/:token',
  summary:
    'Public: what an accounting magic link shows (issuer branding, buyer, job). 410 when expired, used, revoked or unknown',
  tags,
  params: MagicLinkTokenParamsSchema,
  responses: { 200: AccountingLinkPageSchema },
  access: { public: true },
});

export const startPublicAccountingLink = defineEndpoint({
  method: 'POST',
  path: '/api/v1/accounting-link/:token/link-token',
  summary: 'Public: a link token for Merge Link, through the accounting magic link',
  tags,
  params: MagicLinkTokenParamsSchema,
  responses: { 201: StartedPublicAccountingLinkSchema },
  access: { public: true },
});

export const completePublicAccountingLink = defineEndpoint({
  method: 'POST',
  path: '/api/v1/accounting-link/:token/complete',
  summary:
    'Public: hand over the public token Merge Link gave; the link is then used and the first sync queued',
  tags,
  params: MagicLinkTokenParamsSchema,
  body: CompletePublicAccountingLinkSchema,
  responses: { 201: CompletedPublicAccountingLinkSchema },
  access: { public: true },
});
