/**
 * A fresh response link for one supplier of a campaign (SPEC §3 campaign outreach): when the
 * e-mail was lost or went to the wrong person, a campaign manager gives the supplier the link
 * by another channel. The link is single-use and expiring like the e-mailed ones; earlier links
 * stay valid until used or expired.
 */
import { z } from 'zod';
import { defineEndpoint } from '../common/endpoint.js';
import { CampaignSupplierParamsSchema } from './schemas.js';

const IssuedResponseLinkSchema = z.object({
  /** The public page's address, with the token; shown once, only its hash is stored. */
  link: z.url(),
  expiresAt: z.string(),
});

export const issueCampaignResponseLink = defineEndpoint({
  method: 'POST',
  path: '/api/v1/campaign-workflows/:campaignId/suppliers/:supplierKey/response-link',
  summary:
    'Issue a fresh single-use response link for one supplier of an e-mail route campaign that has not answered yet',
  tags: ['Campaigns'],
  params: CampaignSupplierParamsSchema,
  responses: { 200: IssuedResponseLinkSchema },
  access: { permissions: ['CampaignUpdate'] },
});
