import { z } from 'zod';
import { JobTypeSchema } from '../analysis/enums.js';
import { ColumnMappingSchema } from '../analysis/ingestion.js';

/** OpenSSH's host-key fingerprint form: `SHA256:` and the unpadded base64 of the key's hash. */
export const HOST_KEY_FINGERPRINT_PATTERN = /^SHA256:[A-Za-z0-9+/]{43}$/;

const HOST_PATTERN = /^[A-Za-z0-9]([A-Za-z0-9.-]{0,252}[A-Za-z0-9])?$|^\[?[0-9A-Fa-f:.]+\]?$/;

/** How often an inbox is polled: every n minutes, or at the times of a five-field cron. */
export const SftpScheduleSchema = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('minutes'),
    minutes: z
      .number({ error: 'schedule.minutes must be a whole number of minutes' })
      .int({ error: 'schedule.minutes must be a whole number of minutes' })
      .min(1, { error: 'schedule.minutes must be at least 1' })
      .max(1440, { error: 'schedule.minutes must be at most 1440 (a day)' }),
  }),
  z.strictObject({
    kind: z.literal('cron'),
    cron: z
      .string()
      .trim()
      .regex(/^\S+(\s+\S+){4}$/, { error: 'schedule.cron must have five fields' }),
  }),
]);
export type SftpSchedule = z.infer<typeof SftpScheduleSchema>;

const fields = {
  name: z.string().trim().min(1, { error: 'name is required' }).max(100),
  issuerId: z.uuid({ error: 'issuerId must be the id of an issuer' }),
  buyerId: z.uuid({ error: 'buyerId must be the id of a buyer' }),
  host: z
    .string()
    .trim()
    .regex(HOST_PATTERN, { error: 'host must be a host name or an IP address' }),
  port: z
    .number({ error: 'port must be a number from 1 to 65535' })
    .int({ error: 'port must be a number from 1 to 65535' })
    .min(1, { error: 'port must be a number from 1 to 65535' })
    .max(65535, { error: 'port must be a number from 1 to 65535' }),
  username: z.string().trim().min(1, { error: 'username is required' }).max(100),
  hostKeyFingerprint: z.string().trim().regex(HOST_KEY_FINGERPRINT_PATTERN, {
    error: 'hostKeyFingerprint must look like SHA256:<43 base64 characters>',
  }),
  remoteFolder: z
    .string()
    .trim()
    .regex(/^\/[^\0]*$/, { error: 'remoteFolder must be an absolute path starting with /' })
    .max(500),
  filePattern: z
    .string()
    .trim()
    .min(1, { error: 'filePattern is required' })
    .max(200)
    .regex(/^[^/\0]+$/, { error: 'filePattern is a file name pattern such as *.csv, without /' }),
  jobType: JobTypeSchema,
  /** The saved column mapping each file's job gets; null = the wizard's suggestion per file. */
  mapping: ColumnMappingSchema.nullable(),
  dateOrder: z.enum(['auto', 'DMY', 'MDY']),
  schedule: SftpScheduleSchema,
  enabled: z.boolean(),
};

const secretFields = {
  /** Write-only: stored encrypted, never returned. */
  password: z.string().min(1, { error: 'password must not be empty' }).max(1000).optional(),
  /** Write-only: an OpenSSH or PEM private key, stored encrypted, never returned. */
  privateKey: z
    .string()
    .min(1, { error: 'privateKey must not be empty' })
    .max(20_000)
    .regex(/-----BEGIN [A-Z ]*PRIVATE KEY-----/, {
      error: 'privateKey must be a PEM or OpenSSH private key',
    })
    .optional(),
};

/** A new inbox: exactly one of password and privateKey. */
export const CreateSftpInboxSchema = z.strictObject({ ...fields, ...secretFields });
export type CreateSftpInbox = z.infer<typeof CreateSftpInboxSchema>;

/** An edit: the same fields; a secret left out keeps the stored one. */
export const UpdateSftpInboxSchema = CreateSftpInboxSchema.extend({});
export type UpdateSftpInbox = z.infer<typeof UpdateSftpInboxSchema>;

/** Where an inbox's last poll left it. */
export const SftpInboxStatusSchema = z.enum(['NeverPolled', 'Ok', 'Failing', 'HostKeyChanged']);
export type SftpInboxStatus = z.infer<typeof SftpInboxStatusSchema>;

/** An inbox as the API shows it: every setting but the secret itself. */
export const SftpInboxSchema = z.object({
  id: z.uuid(),
  ...fields,
  issuerName: z.string(),
  buyerName: z.string(),
  authMethod: z.enum(['password', 'privateKey']),
  status: SftpInboxStatusSchema,
  lastPolledAt: z.string().nullable(),
  lastError: z.string().nullable(),
  lastErrorAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SftpInbox = z.infer<typeof SftpInboxSchema>;

export const SftpInboxListSchema = z.object({ items: z.array(SftpInboxSchema) });

/** A remote file's way through the inbox: claimed → downloaded → submitted → moved, or failed. */
export const SftpFileStateSchema = z.enum([
  'claimed',
  'downloaded',
  'submitted',
  'moved',
  'failed',
]);
export type SftpFileState = z.infer<typeof SftpFileStateSchema>;

export const SftpInboxFileSchema = z.object({
  id: z.uuid(),
  remotePath: z.string(),
  sizeBytes: z.number().int().nonnegative(),
  remoteModifiedAt: z.string(),
  state: SftpFileStateSchema,
  jobId: z.uuid().nullable(),
  error: z.string().nullable(),
  claimedAt: z.string(),
  updatedAt: z.string(),
});
export type SftpInboxFile = z.infer<typeof SftpInboxFileSchema>;

export const SftpInboxDetailSchema = z.object({
  inbox: SftpInboxSchema,
  /** The latest files, newest first. */
  files: z.array(SftpInboxFileSchema),
});
export type SftpInboxDetail = z.infer<typeof SftpInboxDetailSchema>;

export const SftpConnectionTestSchema = z.object({
  ok: z.boolean(),
  message: z.string(),
  /** The fingerprint the server offered (null when none was reached). */
  offeredFingerprint: z.string().nullable(),
  /** Names in the folder that match the pattern (at most 20). */
  matchingFiles: z.array(z.string()),
  millis: z.number().int().nonnegative(),
});
export type SftpConnectionTest = z.infer<typeof SftpConnectionTestSchema>;

export const SftpPollQueuedSchema = z.object({ commandId: z.uuid() });

export const SftpInboxIdParamsSchema = z.strictObject({
  configId: z.uuid({ error: 'configId must be the id of an SFTP inbox' }),
});
