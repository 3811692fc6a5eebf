/**
 * Global insights (SPEC §2 /global-insights): the job insights summed across every Completed job with
 * insights the user may see (the jobs module's visibility rule), narrowed by issuer, buyer and
 * job, and always to one currency (amounts in different currencies are never added). No job in
 * the selection, or none in the asked currency, is an empty answer (zeros), not an error.
 */
import { defineEndpoint } from '../common/endpoint.js';
import {
  GlobalChartQuerySchema,
  GlobalFilterOptionsSchema,
  GlobalInsightsFilterSchema,
  GlobalOrganizationsPageSchema,
  GlobalOrganizationsRequestSchema,
  GlobalSliceQuerySchema,
  GlobalSummarySchema,
} from './global-schemas.js';
import { InsightChartDataSchema, InsightSlicersSchema } from './schemas.js';

const tags = ['Global insights'];
const base = '/api/v1/global-insights';
const access = { permissions: ['GlobalInsightsView'] } as const;

export const getGlobalSummary = defineEndpoint({
  method: 'GET',
  path: `${base}/summary`,
  summary:
    'Tiles (job and organization counts included), spend by card product, match outcome and card acceptance across the selected jobs in one currency; which currency, and the job count of every currency in the filter',
  tags,
  query: GlobalSliceQuerySchema,
  responses: { 200: GlobalSummarySchema },
  access,
});

export const getGlobalChart = defineEndpoint({
  method: 'GET',
  path: `${base}/chart`,
  summary:
    "One insights chart summed across the selected jobs in one currency ('By Job': one bar per job, the top 1000 by spend)",
  tags,
  query: GlobalChartQuerySchema,
  responses: { 200: InsightChartDataSchema },
  access,
});

export const getGlobalSlicers = defineEndpoint({
  method: 'GET',
  path: `${base}/slicers`,
  summary:
    'The slicer values that hold suppliers in the selected jobs in one currency, for the slicer selector',
  tags,
  query: GlobalInsightsFilterSchema,
  responses: { 200: InsightSlicersSchema },
  access,
});

export const getGlobalFilterOptions = defineEndpoint({
  method: 'GET',
  path: `${base}/filter-options`,
  summary:
    'The issuers, buyers and jobs (with insights, each job with its currency) the user may see, in every currency, for the filter bar',
  tags,
  responses: { 200: GlobalFilterOptionsSchema },
  access,
});

export const listGlobalOrganizations = defineEndpoint({
  method: 'POST',
  path: `${base}/organizations`,
  summary:
    'Buyers with their totals over the selected jobs in one currency: a paged, sortable, filterable list',
  tags,
  body: GlobalOrganizationsRequestSchema,
  readsOnly: true,
  responses: { 200: GlobalOrganizationsPageSchema },
  access,
});
