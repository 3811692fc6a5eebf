/**
 * Supplier-enablement campaigns (SPEC §2 campaign-workflows, §3 campaign routes and tracker, §6
 * campaignManager). A campaign belongs to a job: a job the user may not see, and so its
 * campaigns, answers 404. Reading needs Campaign_VIEW (the global list
 * CampaignManager_Feature_VIEW), creating CampaignCreate, changing CampaignUpdate, outcome files
 * Campaign_UPLOAD. The response link's two calls are public: the token is the only key.
 */
import { z } from 'zod';
import { defineEndpoint } from '../common/endpoint.js';
import { PagedListRequestSchema, pagedResponseSchema } from '../common/paged-list.js';
import {
  CampaignAnswerResultSchema,
  CampaignAnswerSchema,
  CampaignBounceInputSchema,
  CampaignBounceResultSchema,
  CampaignDetailsSchema,
  CampaignExclusionSchema,
  CampaignParamsSchema,
  CampaignResponsePageSchema,
  CampaignSchema,
  CampaignSelectionPreviewRequestSchema,
  CampaignSelectionPreviewSchema,
  CampaignSupplierDetailsSchema,
  CampaignSupplierParamsSchema,
  CampaignSupplierSchema,
  CampaignTemplateSchema,
  CampaignTemplateTextSchema,
  CampaignTemplatesQuerySchema,
  CreateCampaignSchema,
  CreateCampaignTemplateSchema,
  JobCampaignParamsSchema,
  JobExclusionParamsSchema,
  JobSupplierExclusionSchema,
  OutcomeUploadParamsSchema,
  OutcomeUploadResultSchema,
  RenderedMailSchema,
  ResponseTokenParamsSchema,
  SetJobSupplierExclusionSchema,
  TemplatePreviewSchema,
  TestSendResultSchema,
  TestSendSchema,
  UpdateContactsResultSchema,
  UpdateContactsSchema,
} from './schemas.js';

const tags = ['Campaigns'];
const jobBase = '/api/v1/job-artifacts/:id';
const base = '/api/v1/campaign-workflows';
const view = { permissions: ['Campaign_VIEW'] } as const;
const update = { permissions: ['CampaignUpdate'] } as const;

export const listAllCampaigns = defineEndpoint({
  method: 'POST',
  path: `${base}/list`,
  summary:
    'Campaigns of every job the user may see, with their counters (filters: route, status, cardProduct, jobId, name)',
  tags,
  body: PagedListRequestSchema,
  readsOnly: true,
  responses: { 200: pagedResponseSchema(CampaignSchema) },
  access: { permissions: ['CampaignManager_Feature_VIEW'] },
});

export const listJobCampaigns = defineEndpoint({
  method: 'POST',
  path: `${jobBase}/campaign-workflows/list`,
  summary: 'A job’s campaigns with their counters (filter route for one route; none: All Routes)',
  tags,
  params: JobCampaignParamsSchema,
  body: PagedListRequestSchema,
  readsOnly: true,
  responses: { 200: pagedResponseSchema(CampaignSchema) },
  access: view,
});

export const createCampaign = defineEndpoint({
  method: 'POST',
  path: `${jobBase}/campaign-workflows`,
  summary:
    'Create a campaign (Pending) from use cases: selection, exclusions listed with reasons, tracker rows. 409 unless the job is Completed',
  tags,
  params: JobCampaignParamsSchema,
  body: CreateCampaignSchema,
  responses: { 201: CampaignDetailsSchema },
  access: { permissions: ['CampaignCreate'] },
});

export const previewCampaignSelection = defineEndpoint({
  method: 'POST',
  path: `${jobBase}/campaign-workflows/selection-preview`,
  summary:
    'Dry run of a new campaign’s selection: suppliers selected, removed per exclusion reason, tracked and sendable; nothing written',
  tags,
  params: JobCampaignParamsSchema,
  body: CampaignSelectionPreviewRequestSchema,
  readsOnly: true,
  responses: { 200: CampaignSelectionPreviewSchema },
  access: { permissions: ['CampaignCreate'] },
});

export const getCampaign = defineEndpoint({
  method: 'GET',
  path: `${base}/:campaignId`,
  summary: 'One campaign: route, cadence, template, counters and exclusions by reason',
  tags,
  params: CampaignParamsSchema,
  responses: { 200: CampaignDetailsSchema },
  access: view,
});

export const listCampaignSuppliers = defineEndpoint({
  method: 'POST',
  path: `${base}/:campaignId/suppliers`,
  summary:
    'The tracker: a page of a campaign’s suppliers (filters: status, outcome, sendable, supplierName, contactEmail)',
  tags,
  params: CampaignParamsSchema,
  body: PagedListRequestSchema,
  readsOnly: true,
  responses: { 200: pagedResponseSchema(CampaignSupplierSchema) },
  access: view,
});

export const listCampaignExclusions = defineEndpoint({
  method: 'POST',
  path: `${base}/:campaignId/exclusions`,
  summary: 'The suppliers a campaign left out or cannot e-mail, each with its reason',
  tags,
  params: CampaignParamsSchema,
  body: PagedListRequestSchema,
  readsOnly: true,
  responses: { 200: pagedResponseSchema(CampaignExclusionSchema) },
  access: view,
});

export const getCampaignSupplier = defineEndpoint({
  method: 'GET',
  path: `${base}/:campaignId/suppliers/:supplierKey`,
  summary: 'One supplier of a campaign with the timeline of every event',
  tags,
  params: CampaignSupplierParamsSchema,
  responses: { 200: CampaignSupplierDetailsSchema },
  access: view,
});

export const updateCampaignContacts = defineEndpoint({
  method: 'PUT',
  path: `${base}/:campaignId/contacts`,
  summary: 'Edit suppliers’ contacts; bad addresses and unknown suppliers are reported per row',
  tags,
  params: CampaignParamsSchema,
  body: UpdateContactsSchema,
  responses: { 200: UpdateContactsResultSchema },
  access: update,
});

export const updateCampaignTemplate = defineEndpoint({
  method: 'PUT',
  path: `${base}/:campaignId/template`,
  summary: 'Replace a campaign’s e-mail texts; an unknown merge field is a 400 naming it',
  tags,
  params: CampaignParamsSchema,
  body: CampaignTemplateTextSchema,
  responses: { 200: CampaignDetailsSchema },
  access: update,
});

export const previewCampaignMail = defineEndpoint({
  method: 'POST',
  path: `${base}/:campaignId/preview`,
  summary: 'Render a subject and body for one supplier of the campaign (the first one by default)',
  tags,
  params: CampaignParamsSchema,
  body: TemplatePreviewSchema,
  readsOnly: true,
  responses: { 200: RenderedMailSchema },
  access: view,
});

export const testSendCampaignMail = defineEndpoint({
  method: 'POST',
  path: `${base}/:campaignId/test-send`,
  summary: 'Send the campaign’s first (or follow-up) e-mail to an address, with a dead link',
  tags,
  params: CampaignParamsSchema,
  body: TestSendSchema,
  responses: { 200: TestSendResultSchema },
  access: update,
});

export const startCampaign = defineEndpoint({
  method: 'POST',
  path: `${base}/:campaignId/start`,
  summary: 'Pending → Active: day 0 of the cadence; the e-mails go out through ProQ',
  tags,
  params: CampaignParamsSchema,
  responses: { 200: CampaignDetailsSchema },
  access: update,
});

export const completeCampaign = defineEndpoint({
  method: 'POST',
  path: `${base}/:campaignId/complete`,
  summary: 'Close a campaign now: suppliers without an answer end as NoResponse',
  tags,
  params: CampaignParamsSchema,
  responses: { 200: CampaignDetailsSchema },
  access: update,
});

export const uploadCampaignOutcomes = defineEndpoint({
  method: 'POST',
  path: `${base}/:campaignId/outcomes`,
  summary:
    'Upload outcomes (CSV or XLSX, multipart field "file"; columns supplierKey or supplierName, status, date, reason); bad rows are rejected one by one',
  tags,
  params: CampaignParamsSchema,
  multipart: true,
  responses: { 200: OutcomeUploadResultSchema },
  access: { permissions: ['Campaign_UPLOAD'] },
});

export const recordCampaignBounce = defineEndpoint({
  method: 'POST',
  path: `${base}/:campaignId/bounces`,
  summary:
    'Record a bounce received after the mail server accepted a campaign e-mail: the delivery status notification as received; a permanent failure ends the supplier as Failed',
  tags,
  params: CampaignParamsSchema,
  body: CampaignBounceInputSchema,
  responses: { 200: CampaignBounceResultSchema },
  access: update,
});

/** text/csv; cells starting with = + - @ tab or CR are prefixed with ' (formula-injection safe). */
export const downloadOutcomeRejects = defineEndpoint({
  method: 'GET',
  path: `${base}/:campaignId/outcomes/:uploadId/rejects.csv`,
  summary: 'The rejected rows of an outcomes upload as CSV',
  tags,
  params: OutcomeUploadParamsSchema,
  responses: { 200: z.string() },
  access: { permissions: ['Campaign_UPLOAD'] },
});

export const listCampaignTemplates = defineEndpoint({
  method: 'GET',
  path: `${jobBase}/campaign-templates`,
  summary: 'The shipped templates and the job issuer’s own, per route and language',
  tags,
  params: JobCampaignParamsSchema,
  query: CampaignTemplatesQuerySchema,
  responses: { 200: z.array(CampaignTemplateSchema) },
  access: view,
});

export const createCampaignTemplate = defineEndpoint({
  method: 'POST',
  path: `${jobBase}/campaign-templates`,
  summary: 'Save a template for the job’s issuer; an unknown merge field is a 400 naming it',
  tags,
  params: JobCampaignParamsSchema,
  body: CreateCampaignTemplateSchema,
  responses: { 201: CampaignTemplateSchema },
  access: update,
});

export const listJobSupplierExclusions = defineEndpoint({
  method: 'GET',
  path: `${jobBase}/campaign-exclusions`,
  summary: 'Suppliers the buyer marked strategic or excluded from campaigns',
  tags,
  params: JobCampaignParamsSchema,
  responses: { 200: z.array(JobSupplierExclusionSchema) },
  access: view,
});

export const setJobSupplierExclusion = defineEndpoint({
  method: 'PUT',
  path: `${jobBase}/campaign-exclusions/:supplierKey`,
  summary: 'Mark a supplier of the job strategic or excluded by the buyer',
  tags,
  params: JobExclusionParamsSchema,
  body: SetJobSupplierExclusionSchema,
  responses: { 200: JobSupplierExclusionSchema },
  access: update,
});

export const deleteJobSupplierExclusion = defineEndpoint({
  method: 'DELETE',
  path: `${jobBase}/campaign-exclusions/:supplierKey`,
  summary: 'Take a supplier off the job’s exclusion list',
  tags,
  params: JobExclusionParamsSchema,
  responses: { 200: z.object({ deleted: z.boolean() }) },
  access: update,
});

export const getCampaignResponse = defineEndpoint({
  method: 'GET',
  path: '/api/v1/campaign-response/:token',
  summary:
    'Public: what a response link shows (issuer branding, buyer, card product). 410 when expired or used',
  tags,
  params: ResponseTokenParamsSchema,
  responses: { 200: CampaignResponsePageSchema },
  access: { public: true },
});

export const answerCampaignResponse = defineEndpoint({
  method: 'POST',
  path: '/api/v1/campaign-response/:token',
  summary: 'Public: accept, decline with a reason, or ask to be called; the link is then used',
  tags,
  params: ResponseTokenParamsSchema,
  body: CampaignAnswerSchema,
  responses: { 200: CampaignAnswerResultSchema },
  access: { public: true },
});
