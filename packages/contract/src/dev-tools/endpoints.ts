import { z } from 'zod';
import { defineEndpoint } from '../common/endpoint.js';
import {
  AnonymizeCsvPreviewSchema,
  AnonymizeDatabaseResultSchema,
  AnonymizeDatabaseSchema,
  DebugLoggingStateSchema,
  RecentLogLinesQuerySchema,
  RESET_ALL_JOBS_CONFIRMATION,
  ResetAllJobsResultSchema,
  ResetAllJobsSchema,
  StartDebugLoggingSchema,
} from './schemas.js';

const tags = ['Developer'];

export const previewAnonymizeCsv = defineEndpoint({
  method: 'POST',
  path: '/api/v1/dev/tools/anonymize-csv/preview',
  summary:
    'The header of a CSV (multipart field "file"; the first 64 KB are enough) with the treatment each column name suggests, and its first rows',
  tags,
  multipart: true,
  readsOnly: true,
  responses: { 200: AnonymizeCsvPreviewSchema },
  access: { permissions: ['DevArea_CRUD'] },
});

/**
 * text/csv, streamed in constant memory; cells starting with = + - @ tab or CR are prefixed with '
 * (formula-injection safe).
 */
export const anonymizeCsv = defineEndpoint({
  method: 'POST',
  path: '/api/v1/dev/tools/anonymize-csv',
  summary:
    'Anonymize a CSV: multipart fields "treatments" (JSON: column → keep, name, email, amount or text) and optionally "key" (HMAC-SHA256 key; the server default without it), then "file". Same input and key → same output.',
  tags,
  multipart: true,
  readsOnly: true,
  responses: { 200: z.string() },
  access: { permissions: ['DevArea_CRUD'] },
});

export const getDebugLogging = defineEndpoint({
  method: 'GET',
  path: '/api/v1/dev/debug-logging',
  summary:
    "The log level in force (and the debug-logging window, if any) and the answering server process's last log lines",
  tags,
  query: RecentLogLinesQuerySchema,
  responses: { 200: DebugLoggingStateSchema },
  access: { permissions: ['DevArea_CRUD'] },
});

/** Every server process follows the window within a few seconds; each change is audited. */
export const startDebugLogging = defineEndpoint({
  method: 'PUT',
  path: '/api/v1/dev/debug-logging',
  summary:
    "Set every server process's log level for a number of minutes, then go back to LOG_LEVEL",
  tags,
  body: StartDebugLoggingSchema,
  responses: { 200: DebugLoggingStateSchema },
  access: { permissions: ['DevArea_CRUD'] },
});

export const stopDebugLogging = defineEndpoint({
  method: 'DELETE',
  path: '/api/v1/dev/debug-logging',
  summary: 'End the debug-logging window now: back to LOG_LEVEL',
  tags,
  responses: { 200: DebugLoggingStateSchema },
  access: { permissions: ['DevArea_CRUD'] },
});

/** Refused in production (409) and without the typed confirmation (400). */
export const resetAllJobs = defineEndpoint({
  method: 'POST',
  path: '/api/v1/dev/tools/reset-all-jobs',
  summary: `Start every submitted job's pipeline over from Ingest (body: confirmation "${RESET_ALL_JOBS_CONFIRMATION}")`,
  tags,
  body: ResetAllJobsSchema,
  responses: { 200: ResetAllJobsResultSchema },
  access: { permissions: ['DevArea_CRUD'] },
});

/**
 * Refused on the live database unless forced with its confirmation, and there always in
 * production; audited on the live database whichever is rewritten.
 */
export const anonymizeDatabase = defineEndpoint({
  method: 'POST',
  path: '/api/v1/dev/tools/database-anonymizer',
  summary:
    'Rewrite the personal data (users, contacts, audit names, chat questions) of a copy of the database, in one transaction',
  tags,
  body: AnonymizeDatabaseSchema,
  responses: { 200: AnonymizeDatabaseResultSchema },
  access: { permissions: ['DevArea_CRUD'] },
});
