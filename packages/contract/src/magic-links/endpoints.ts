import { defineEndpoint } from '../common/endpoint.js';
import {
  CreateMagicLinkSchema,
  CreatedMagicLinkSchema,
  ListMagicLinksQuerySchema,
  MagicLinkIdParamsSchema,
  MagicLinkListSchema,
  MagicLinkSchema,
  MagicLinkTokenParamsSchema,
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
    'Draft jobs the caller may make a link of the kind for (issuer takes SendUploadLink, or MergeMagicLink for Accounting)',
  tags,
  query: UploadLinkJobsQuerySchema,
  responses: { 200: UploadLinkJobsSchema },
  access,
});

export const createMagicLink = defineEndpoint({
  method: 'POST',
  path: '/api/v1/magic-links',
  summary:
    'Make an upload link for a Draft job whose issuer takes SendUploadLink (or an Accounting link, MergeMagicLink); e-mailed to the recipient when the issuer sends magic links. The token is in this answer only',
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
