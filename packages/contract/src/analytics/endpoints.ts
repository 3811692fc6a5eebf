/**
 * The analytics query builder and saved reports (SPEC §2 /admin/analytics-query,
 * /reports/create, /reports/{reportId}): every call needs AnalyticsQuery_VIEW.
 */
import { z } from 'zod';
import { defineEndpoint } from '../common/endpoint.js';
import {
  AnalyticsDatasetListSchema,
  AnalyticsResultSchema,
  AnalyticsRunRequestSchema,
  ReportExportQuerySchema,
  ReportIdParamsSchema,
  ReportShareCandidatesSchema,
  SaveReportRequestSchema,
  SavedReportListSchema,
  SavedReportSchema,
} from './schemas.js';

const tags = ['Analytics'];
const base = '/api/v1/analytics';
const access = { permissions: ['AnalyticsQuery_VIEW'] } as const;

export const listDatasets = defineEndpoint({
  method: 'GET',
  path: `${base}/datasets`,
  summary: 'The datasets of the allow-list this user may query, with their columns',
  tags,
  responses: { 200: AnalyticsDatasetListSchema },
  access,
});

export const runQuery = defineEndpoint({
  method: 'POST',
  path: `${base}/query`,
  summary:
    'Runs a query definition over the rows the user may see: one page of the result (408 past the time limit)',
  tags,
  body: AnalyticsRunRequestSchema,
  responses: { 200: AnalyticsResultSchema },
  access,
  readsOnly: true,
});

export const listReports = defineEndpoint({
  method: 'GET',
  path: `${base}/reports`,
  summary: 'The saved reports the user owns or that are shared with them',
  tags,
  responses: { 200: SavedReportListSchema },
  access,
});

export const createReport = defineEndpoint({
  method: 'POST',
  path: `${base}/reports`,
  summary: 'Saves a report (its query, chart, sharing and schedule)',
  tags,
  body: SaveReportRequestSchema,
  responses: { 201: SavedReportSchema },
  access,
});

export const getReport = defineEndpoint({
  method: 'GET',
  path: `${base}/reports/:reportId`,
  summary: 'One saved report the user owns or that is shared with them',
  tags,
  params: ReportIdParamsSchema,
  responses: { 200: SavedReportSchema },
  access,
});

export const updateReport = defineEndpoint({
  method: 'PUT',
  path: `${base}/reports/:reportId`,
  summary: 'Changes a report the user owns',
  tags,
  params: ReportIdParamsSchema,
  body: SaveReportRequestSchema,
  responses: { 200: SavedReportSchema },
  access,
});

export const deleteReport = defineEndpoint({
  method: 'DELETE',
  path: `${base}/reports/:reportId`,
  summary: 'Deletes a report the user owns',
  tags,
  params: ReportIdParamsSchema,
  responses: { 200: z.object({ deleted: z.literal(true) }) },
  access,
});

export const exportReport = defineEndpoint({
  method: 'GET',
  path: `${base}/reports/:reportId/export`,
  summary: 'The report’s rows as a formula-safe CSV or XLSX file, as the viewer may see them',
  tags,
  params: ReportIdParamsSchema,
  query: ReportExportQuerySchema,
  responses: { 200: z.string() },
  access,
});

export const listShareCandidates = defineEndpoint({
  method: 'GET',
  path: `${base}/share-candidates`,
  summary: 'Users a report can be shared with (holding AnalyticsQuery_VIEW)',
  tags,
  responses: { 200: ReportShareCandidatesSchema },
  access,
});
