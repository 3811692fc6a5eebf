/**
 * Card-acceptance reference data (DevOps screen): the stored versions, and importing a real file
 * with a column mapping as a new version. Needs ReferenceData_IMPORT.
 */
import { z } from 'zod';
import { defineEndpoint } from '../common/endpoint.js';
import {
  ReferenceImportParamsSchema,
  ReferenceImportStartedSchema,
  ReferenceImportStatusSchema,
  ReferenceUploadSchema,
  ReferenceVersionParamsSchema,
  ReferenceVersionSchema,
  StartReferenceImportSchema,
} from './schemas.js';

const tags = ['Reference data'];
const access = { permissions: ['ReferenceData_IMPORT'] } as const;

export const listReferenceVersions = defineEndpoint({
  method: 'GET',
  path: '/api/v1/reference-data/versions',
  summary:
    'Stored reference data versions, newest first (the newest is what new jobs match against), with how many jobs matched against each',
  tags,
  responses: { 200: z.array(ReferenceVersionSchema) },
  access,
});

export const uploadReferenceFile = defineEndpoint({
  method: 'POST',
  path: '/api/v1/reference-data/uploads',
  summary:
    'Upload a reference file (multipart field "file", CSV or XLSX): checked like a job upload (size, content against extension, XLSX limits) and sniffed; answers its headers, first rows and the suggested column mapping',
  tags,
  multipart: true,
  responses: { 201: ReferenceUploadSchema },
  access,
});

export const startReferenceImport = defineEndpoint({
  method: 'POST',
  path: '/api/v1/reference-data/imports',
  summary:
    'Import an uploaded file with a column mapping as a new version (a ProQ command); 400 names an unknown field, a column out of range or an unmapped required field',
  tags,
  body: StartReferenceImportSchema,
  responses: { 201: ReferenceImportStartedSchema },
  access,
});

export const getReferenceImport = defineEndpoint({
  method: 'GET',
  path: '/api/v1/reference-data/imports/:commandId',
  summary: "An import's state, progress and message, and the version it made once completed",
  tags,
  params: ReferenceImportParamsSchema,
  responses: { 200: ReferenceImportStatusSchema },
  access,
});

/** text/csv; cells starting with = + - @ tab or CR are prefixed with ' (formula-injection safe). */
export const downloadReferenceRejects = defineEndpoint({
  method: 'GET',
  path: '/api/v1/reference-data/versions/:versionId/rejected.csv',
  summary:
    "Every row an import rejected, with its reason and the merchant's fields as read (404 for a version without any on record)",
  tags,
  params: ReferenceVersionParamsSchema,
  responses: { 200: z.string() },
  access,
});
