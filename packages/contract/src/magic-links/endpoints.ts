import { defineEndpoint } from '../common/endpoint.js';
import {
  CreateMagicLinkSchema,
  CreatedMagicLinkSchema,
  ListMagicLinksQuerySchema,
  MagicLinkIdParamsSchema,
  MagicLinkListSchema,
  MagicLinkSchema,
  MagicLinkTokenParamsSchema,
  ResultsLinkSessionSchema,
  UploadLinkJobsQuerySchema,
  UploadLinkJobsSchema,
  UploadLinkPageSchema,
  UploadThroughLinkQuerySchema,
  UploadThroughLinkResultSchema,
} from './schemas.js';

const tags = ['Magic links'];
// SPEC §2: /admin/analysis-admin/magic-links needs MagicLinks_CRUD, and so does its API.
const access = { permissions: ['MagicLinks_CRUD'] } as const;

export const listMagicLinks = defineEndpoint({
  method: 'GET',
  path: '/api/v1/magic-links',
  summary: 'Magic links of the caller’s issuers, newest first (tokens are never listed)',
  tags,
  query: ListMagicLinksQuerySchema,
  responses: { 200: MagicLinkListSchema },
  access,
});

export const listUploadLinkJobs = defineEndpoint({
  method: 'GET',
  path: '/api/v1/magic-links/upload-jobs',
  summary:
    'Jobs the caller may make a link of the kind for: Draft jobs whose issuer takes SendUploadLink (MergeMagicLink for Accounting); published jobs for Results',
  tags,
  query: UploadLinkJobsQuerySchema,
  responses: { 200: UploadLinkJobsSchema },
  access,
});

export const createMagicLink = defineEndpoint({
  method: 'POST',
  path: '/api/v1/magic-links',
  summary:
    'Make an upload link for a Draft job whose issuer takes SendUploadLink (an Accounting link, MergeMagicLink; a Results link for one address, of a published job the caller may change); e-mailed to the recipient when the issuer sends magic links. The token is in this answer only',
  tags,
  body: CreateMagicLinkSchema,
  responses: { 201: CreatedMagicLinkSchema },
  access,
});

export const revokeMagicLink = defineEndpoint({
  method: 'POST',
  path: '/api/v1/magic-links/:linkId/revoke',
  summary: 'Revoke a link: it stops working at once',
  tags,
  params: MagicLinkIdParamsSchema,
  responses: { 200: MagicLinkSchema },
  access,
});

export const getUploadLink = defineEndpoint({
  method: 'GET',
  path: '/api/v1/upload-link/:token',
  summary:
    'Public: what an upload link shows (issuer branding, job name, accepted formats). 410 when expired, used, revoked or unknown',
  tags,
  params: MagicLinkTokenParamsSchema,
  responses: { 200: UploadLinkPageSchema },
  access: { public: true },
});

export const uploadThroughLink = defineEndpoint({
  method: 'POST',
  path: '/api/v1/upload-link/:token/file',
  summary:
    'Public: upload the job’s file (multipart field "file") through the link, with the checks of the job upload; the link is then used',
  tags,
  params: MagicLinkTokenParamsSchema,
  query: UploadThroughLinkQuerySchema,
  multipart: true,
  responses: { 201: UploadThroughLinkResultSchema },
  access: { public: true },
});

export const openResultsLink = defineEndpoint({
  method: 'POST',
  path: '/api/v1/results-link/:token/session',
  summary:
    'Public: open a results link. Signs the person in as a MagicLinkUser of that published job only, read-only, until the link expires. 410 when expired, revoked or unknown',
  tags,
  params: MagicLinkTokenParamsSchema,
  responses: { 201: ResultsLinkSessionSchema },
  access: { public: true },
});
