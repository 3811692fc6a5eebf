/**
 * Job insights (SPEC §2 jobs routes): the summary tab, the insights tab's charts and its slicer selector.
 * A job's insights exist once its pipeline has run the Aggregate step; before that, and for
 * Matched Data Only jobs (no scoring, no insights), the calls answer 409 saying why.
 * Visibility is the job's: a job the user may not see answers 404.
 */
import { defineEndpoint } from '../common/endpoint.js';
import { IdParamsSchema } from '../common/ids.js';
import {
  InsightChartDataSchema,
  InsightChartQuerySchema,
  InsightSliceQuerySchema,
  InsightSlicersSchema,
  JobSummarySchema,
} from './schemas.js';

const tags = ['Job insights'];
const base = '/api/v1/job-artifacts/:id/insights';

export const getJobSummary = defineEndpoint({
  method: 'GET',
  path: `${base}/summary`,
  summary:
    'Summary tab: tiles, spend by card product, match outcome and card acceptance of a slice',
  tags,
  params: IdParamsSchema,
  query: InsightSliceQuerySchema,
  responses: { 200: JobSummarySchema },
  access: { permissions: ['JobRead', 'JobTab_Summary_VIEW'] },
});

export const getJobInsightChart = defineEndpoint({
  method: 'GET',
  path: `${base}/chart`,
  summary: 'One insights chart (chart kind or band chart) for a slicer value and card product',
  tags,
  params: IdParamsSchema,
  query: InsightChartQuerySchema,
  responses: { 200: InsightChartDataSchema },
  access: { permissions: ['JobRead', 'JobTab_Insights_VIEW', 'Insights_VIEW'] },
});

export const getJobInsightSlicers = defineEndpoint({
  method: 'GET',
  path: `${base}/slicers`,
  summary: 'The slicer values that hold suppliers in this job, for the slicer selector',
  tags,
  params: IdParamsSchema,
  responses: { 200: InsightSlicersSchema },
  access: { permissions: ['JobRead', 'JobTab_Insights_VIEW', 'Insights_VIEW'] },
});
