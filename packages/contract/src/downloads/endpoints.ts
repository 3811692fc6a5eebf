/**
 * Data downloads (SPEC §2 analysis-data-download and matched-data-only-download, §6
 * JobDataDownloadAccessor and JobMatchedDataOnlyDownloadAccessor) and the signed-in user's
 * prepared downloads. A job the user may not see is a 404, as everywhere; a download of another
 * user is a 404 too.
 */
import { z } from 'zod';
import { defineEndpoint } from '../common/endpoint.js';
import {
  DataDownloadQuerySchema,
  DownloadJobParamsSchema,
  DownloadListQuerySchema,
  DownloadParamsSchema,
  NetworkAnswerImportSchema,
  NetworkFileParamsSchema,
  PreparedDownloadSchema,
  RequestDownloadSchema,
} from './schemas.js';

const tags = ['Downloads'];
const jobBase = '/api/v1/job-artifacts/:id';

/** text/csv (UTF-8 with BOM) or XLSX, streamed; cells starting with = + - @ tab or CR are escaped. */
export const analysisDataDownload = defineEndpoint({
  method: 'GET',
  path: `${jobBase}/analysis-data-download`,
  summary:
    'The job’s supplier results with the columns of the chosen datapoint profile, streamed (409 unless Completed, or when too large to stream: prepare it instead)',
  tags,
  params: DownloadJobParamsSchema,
  query: DataDownloadQuerySchema,
  responses: { 200: z.string() },
  access: { permissions: ['JobRead', 'JobTab_AnalysisData_VIEW'] },
});

export const matchedDataOnlyDownload = defineEndpoint({
  method: 'GET',
  path: `${jobBase}/matched-data-only-download`,
  summary:
    'The matched-data-only download of the job’s supplier results, streamed (as the analysis data download)',
  tags,
  params: DownloadJobParamsSchema,
  query: DataDownloadQuerySchema,
  responses: { 200: z.string() },
  access: { permissions: ['JobRead', 'JobTab_MatchedDataOnly_VIEW'] },
});

export const requestDownload = defineEndpoint({
  method: 'POST',
  path: `${jobBase}/downloads`,
  summary:
    'Prepare a download in the background (kind: analysis-data, matched-data-only-data, or another registered producer); each kind checks its own permission',
  tags,
  params: DownloadJobParamsSchema,
  body: RequestDownloadSchema,
  responses: { 201: PreparedDownloadSchema },
  access: { permissions: ['JobRead'] },
});

export const listDownloads = defineEndpoint({
  method: 'GET',
  path: '/api/v1/downloads',
  summary:
    'The signed-in user’s prepared downloads not yet expired, newest first (optionally of one job)',
  tags,
  query: DownloadListQuerySchema,
  responses: { 200: z.array(PreparedDownloadSchema) },
  access: { permissions: ['JobRead'] },
});

export const getDownload = defineEndpoint({
  method: 'GET',
  path: '/api/v1/downloads/:downloadId',
  summary: 'One of the signed-in user’s prepared downloads',
  tags,
  params: DownloadParamsSchema,
  responses: { 200: PreparedDownloadSchema },
  access: { permissions: ['JobRead'] },
});

export const downloadFile = defineEndpoint({
  method: 'GET',
  path: '/api/v1/downloads/:downloadId/file',
  summary: 'The file of a Ready prepared download, as an attachment (409 while it is not Ready)',
  tags,
  params: DownloadParamsSchema,
  responses: { 200: z.string() },
  access: { permissions: ['JobRead'] },
});

export const networkVendorFile = defineEndpoint({
  method: 'GET',
  path: `${jobBase}/network-files/:network`,
  summary:
    'The unmatched and low-confidence suppliers as CSV in the layout of the card network’s bulk supplier-matching service (docs/network-files.md)',
  tags,
  params: NetworkFileParamsSchema,
  responses: { 200: z.string() },
  access: { permissions: ['JobRead', 'JobTab_AnalysisData_VIEW', 'CardNetworkSms_Integration'] },
});

export const importNetworkAnswers = defineEndpoint({
  method: 'POST',
  path: `${jobBase}/network-files/:network/answers`,
  summary:
    'Import the network’s answer file (CSV, multipart field "file") as match decisions; bad rows are rejected one by one, and nothing is applied unless every good row is',
  tags,
  params: NetworkFileParamsSchema,
  multipart: true,
  responses: { 200: NetworkAnswerImportSchema },
  access: { permissions: ['JobRead', 'JobTab_AnalysisData_VIEW', 'CardNetworkSms_Integration'] },
});
