/**
 * The dashboard's tiles (SPEC §2 /dashboard): one call per tile, or per tiles sharing what they
 * count, each answered from aggregates the server computes in SQL (goal: p95 ≤ 100 ms a call on
 * a large installation, `npm run bench -- dashboard`).
 */
import { defineEndpoint } from '../common/endpoint.js';
import {
  DashboardActiveUsersSchema,
  DashboardAnalysisSchema,
  DashboardCampaignsSchema,
  DashboardCurrencyQuerySchema,
  DashboardJobActivityQuerySchema,
  DashboardJobActivitySchema,
  DashboardJobsNowSchema,
  DashboardProqSchema,
} from './schemas.js';

const tags = ['Dashboard'];
const base = '/api/v1/dashboard';
const access = { permissions: ['Dashboard_VIEW'] } as const;

export const getJobActivity = defineEndpoint({
  method: 'GET',
  path: `${base}/job-activity`,
  summary:
    'Visible jobs created per week or month (the last 12) by type and by their status now, and the totals',
  tags,
  query: DashboardJobActivityQuerySchema,
  responses: { 200: DashboardJobActivitySchema },
  access,
});

export const getJobsNow = defineEndpoint({
  method: 'GET',
  path: `${base}/jobs-now`,
  summary: 'Visible jobs running (Processing) and failed (Error) now, with the latest of each',
  tags,
  responses: { 200: DashboardJobsNowSchema },
  access,
});

export const getAnalysis = defineEndpoint({
  method: 'GET',
  path: `${base}/analysis`,
  summary:
    'Match rate, spend analysed and card acceptance by issuer across the visible completed jobs with insights, in one currency',
  tags,
  query: DashboardCurrencyQuerySchema,
  responses: { 200: DashboardAnalysisSchema },
  access,
});

export const getCampaigns = defineEndpoint({
  method: 'GET',
  path: `${base}/campaigns`,
  summary:
    'Campaigns of visible jobs by status, and the active ones with their Total/Pending/Active/Failed/Succeeded counters',
  tags,
  responses: { 200: DashboardCampaignsSchema },
  access,
});

export const getProqHealth = defineEndpoint({
  method: 'GET',
  path: `${base}/proq`,
  summary: 'ProQ health: queue depth, failed commands and workers alive',
  tags,
  responses: { 200: DashboardProqSchema },
  access,
});

export const getActiveUsers = defineEndpoint({
  method: 'GET',
  path: `${base}/active-users`,
  summary: 'How many people are active now, and the latest of them, on entities the user may see',
  tags,
  responses: { 200: DashboardActiveUsersSchema },
  access,
});
