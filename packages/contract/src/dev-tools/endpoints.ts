import { z } from 'zod';
import { defineEndpoint } from '../common/endpoint.js';
import { AnonymizeCsvPreviewSchema } from './schemas.js';

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
