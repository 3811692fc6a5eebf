import { z } from 'zod';
import { PublicBrandingSchema } from '../brandings/schemas.js';

/**
 * Accounting connections (SPEC §2 Analysis admin merge-linked-accounts, SPEC §3 issuer input data
 * options MergeLink and MergeMagicLink): a buyer's accounting system linked through a unified
 * accounting API (Merge-style). Each linked account holds the API's account token (sealed, never
 * sent to a browser); a sync pulls its vendors, invoices and payments into a new Consultant
 * Upload job.
 */
/**
 * The texts of accounting connections, kept here rather than in messages.ts: messages.ts is part
 * of the sign-in page's JavaScript, and these are shown only on the accounting screens.
 */
export const ACCOUNTING_MESSAGES = {
  linkDone:
    'Thank you: your accounting system is connected. Its data is being fetched; nothing more is needed from you.',
  /** The accounting API is not configured (the admin screen and the job data step say this). */
  apiNotConfigured:
    'The accounting API is not configured. Set MERGE_API_URL (e.g. https://api.merge.dev/api) and MERGE_API_KEY (your Merge production access key) in the server environment and restart the server.',
} as const;

export const LINKED_ACCOUNT_STATUSES = [
  /** A link token was made; the person has not finished connecting yet. */
  'Pending',
  /** Connected; the last sync (if any) went through. */
  'Linked',
  /** Connected, but the last sync failed (lastError says why). */
  'Failing',
  /** Unlinked: the account token was revoked on the API. */
  'Unlinked',
  /** Merged into another linked account of the same buyer. */
  'Merged',
] as const;
export const LinkedAccountStatusSchema = z.enum(LINKED_ACCOUNT_STATUSES);
export type LinkedAccountStatus = z.infer<typeof LinkedAccountStatusSchema>;

/**
 * How often a linked account is synced by itself (issue 20): Off (only when someone asks), or a
 * day / a week after its last sync attempt.
 */
export const LINKED_ACCOUNT_SYNC_SCHEDULES = ['Off', 'Daily', 'Weekly'] as const;
export const LinkedAccountSyncScheduleSchema = z.enum(LINKED_ACCOUNT_SYNC_SCHEDULES);
export type LinkedAccountSyncSchedule = z.infer<typeof LinkedAccountSyncScheduleSchema>;

export const LinkedAccountSchema = z.object({
  id: z.uuid(),
  issuerId: z.uuid(),
  issuerName: z.string(),
  buyerId: z.uuid(),
  buyerName: z.string(),
  /** The accounting system, as the API names it (null until connected). */
  integrationName: z.string().nullable(),
  status: LinkedAccountStatusSchema,
  /** How the account was connected: by a signed-in user or through a magic link. */
  connectedVia: z.enum(['MergeLink', 'MergeMagicLink']),
  createdByUsername: z.string(),
  createdAt: z.string(),
  lastSyncAt: z.string().nullable(),
  /** The Consultant Upload job the last successful sync made. */
  lastSyncJobId: z.uuid().nullable(),
  lastError: z.string().nullable(),
  lastErrorAt: z.string().nullable(),
  mergedIntoId: z.uuid().nullable(),
  syncSchedule: LinkedAccountSyncScheduleSchema,
  /**
   * When the schedule next queues a sync (not before a Retry-After the API answered); null when
   * the schedule is Off or the account cannot be synced (Pending, Unlinked, Merged).
   */
  nextSyncAt: z.string().nullable(),
});
export type LinkedAccount = z.infer<typeof LinkedAccountSchema>;

/** Whether the accounting API is configured; when not, `configureHint` says exactly how. */
export const AccountingApiStateSchema = z.object({
  configured: z.boolean(),
  configureHint: z.string().nullable(),
});
export type AccountingApiState = z.infer<typeof AccountingApiStateSchema>;

export const LinkedAccountListSchema = AccountingApiStateSchema.extend({
  items: z.array(LinkedAccountSchema),
});
export type LinkedAccountList = z.infer<typeof LinkedAccountListSchema>;

export const LinkedAccountIdParamsSchema = z.strictObject({ linkedAccountId: z.uuid() });
export const AccountingJobParamsSchema = z.strictObject({ id: z.uuid() });

export const MergeLinkedAccountsSchema = z.strictObject({
  /** The linked account that stays; the one in the path is folded into it. */
  intoId: z.uuid(),
});

export const SetLinkedAccountSyncScheduleSchema = z.strictObject({
  syncSchedule: LinkedAccountSyncScheduleSchema,
});
export type SetLinkedAccountSyncSchedule = z.infer<typeof SetLinkedAccountSyncScheduleSchema>;

/** Queued sync: the ProQ command that runs it. */
export const LinkedAccountSyncQueuedSchema = z.object({
  linkedAccount: LinkedAccountSchema,
  commandId: z.uuid(),
});
export type LinkedAccountSyncQueued = z.infer<typeof LinkedAccountSyncQueuedSchema>;

/** The job data step's view: may the job connect, is the API configured, the buyer's accounts. */
export const JobAccountingConnectionSchema = AccountingApiStateSchema.extend({
  /** The issuer's input data options include MergeLink. */
  offered: z.boolean(),
  /** They include CsvFileUpload: without it the data step offers the connection instead. */
  takesFileUploads: z.boolean(),
  linkedAccounts: z.array(LinkedAccountSchema),
});
export type JobAccountingConnection = z.infer<typeof JobAccountingConnectionSchema>;

/**
 * A started link: the API's link token for Merge Link in the browser, and the script that
 * opens it. The browser hands the public token Merge Link gives back to "complete".
 */
export const StartedAccountingLinkSchema = z.object({
  linkedAccountId: z.uuid(),
  linkToken: z.string(),
  linkScriptUrl: z.string(),
});
export type StartedAccountingLink = z.infer<typeof StartedAccountingLinkSchema>;

export const CompleteAccountingLinkSchema = z.strictObject({
  linkedAccountId: z.uuid(),
  publicToken: z.string().trim().min(1).max(500),
});
export type CompleteAccountingLink = z.infer<typeof CompleteAccountingLinkSchema>;

export const CompletedAccountingLinkSchema = z.object({
  linkedAccount: LinkedAccountSchema,
  /** The sync queued right after connecting. */
  commandId: z.uuid(),
  message: z.string(),
});
export type CompletedAccountingLink = z.infer<typeof CompletedAccountingLinkSchema>;

/* --------------------------- the public accounting link page --------------------------- */

export const AccountingLinkPageSchema = z.object({
  issuerName: z.string(),
  buyerName: z.string(),
  jobName: z.string(),
  branding: PublicBrandingSchema.nullable(),
  expiresAt: z.string(),
  /** False when the accounting API is not configured: the page says to ask the sender. */
  configured: z.boolean(),
});
export type AccountingLinkPage = z.infer<typeof AccountingLinkPageSchema>;

export const StartedPublicAccountingLinkSchema = StartedAccountingLinkSchema.omit({
  linkedAccountId: true,
});
export const CompletePublicAccountingLinkSchema = z.strictObject({
  publicToken: z.string().trim().min(1).max(500),
});
export const CompletedPublicAccountingLinkSchema = z.object({ message: z.string() });
