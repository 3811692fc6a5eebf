import { campaignsEndpoints as endpoints } from '@b2b/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/app-error.js';
import { registerEndpoint } from '../../lib/endpoint.js';
import type { AppContext } from '../../services.js';

/** Outcome files: CSV or XLSX of at most this size. */
const OUTCOMES_MAX_BYTES = 20 * 1024 * 1024;
/** The public response link: a supplier opens and answers it a few times at most. */
const RESPONSE_RATE_LIMIT = { rateLimit: { max: 30, timeWindow: '1 minute' } };

export function registerCampaignsRoutes(app: FastifyInstance, { services }: AppContext): void {
  const { campaigns, tracker, outreach, responses, outcomes, bounces } = services.campaigns;

  registerEndpoint(app, endpoints.listAllCampaigns, ({ actor, body }) =>
    campaigns.listAll(actor, body),
  );
  registerEndpoint(app, endpoints.listJobCampaigns, ({ actor, params, body }) =>
    campaigns.listForJob(actor, params.id, body),
  );
  registerEndpoint(app, endpoints.createCampaign, async ({ actor, params, body, reply }) => {
    reply.code(201);
    return campaigns.create(actor, params.id, body);
  });
  registerEndpoint(app, endpoints.previewCampaignSelection, ({ actor, params, body }) =>
    campaigns.previewSelection(actor, params.id, body),
  );
  registerEndpoint(app, endpoints.getCampaign, ({ actor, params }) =>
    campaigns.get(actor, params.campaignId),
  );
  registerEndpoint(app, endpoints.listCampaignSuppliers, ({ actor, params, body }) =>
    tracker.listSuppliers(actor, params.campaignId, body),
  );
  registerEndpoint(app, endpoints.listCampaignExclusions, ({ actor, params, body }) =>
    tracker.listExclusions(actor, params.campaignId, body),
  );
  registerEndpoint(app, endpoints.getCampaignSupplier, ({ actor, params }) =>
    tracker.supplier(actor, params.campaignId, params.supplierKey),
  );
  registerEndpoint(app, endpoints.updateCampaignContacts, ({ actor, params, body }) =>
    tracker.updateContacts(actor, params.campaignId, body),
  );
  registerEndpoint(app, endpoints.updateCampaignTemplate, ({ actor, params, body }) =>
    campaigns.updateTemplate(actor, params.campaignId, body),
  );
  registerEndpoint(app, endpoints.previewCampaignMail, ({ actor, params, body }) =>
    outreach.preview(actor, params.campaignId, body),
  );
  registerEndpoint(app, endpoints.testSendCampaignMail, ({ actor, params, body }) =>
    outreach.testSend(actor, params.campaignId, body),
  );
  registerEndpoint(app, endpoints.startCampaign, ({ actor, params }) =>
    campaigns.start(actor, params.campaignId),
  );
  registerEndpoint(app, endpoints.completeCampaign, ({ actor, params }) =>
    campaigns.complete(actor, params.campaignId),
  );
  registerEndpoint(app, endpoints.uploadCampaignOutcomes, async ({ actor, params, request }) => {
    if (!request.isMultipart())
      throw AppError.badRequest('Send the file as multipart/form-data.', 'file');
    const part = await request.file({ limits: { fileSize: OUTCOMES_MAX_BYTES, files: 1 } });
    if (!part) throw AppError.badRequest('Attach the file in the multipart field "file".', 'file');
    const data = await part.toBuffer();
    if (part.file.truncated)
      throw AppError.badRequest('file: larger than 20 MB; split it into several files', 'file');
    return outcomes.upload(actor, params.campaignId, { fileName: part.filename, data });
  });
  registerEndpoint(app, endpoints.recordCampaignBounce, ({ actor, params, body }) =>
    bounces.record(actor, params.campaignId, body),
  );
  registerEndpoint(app, endpoints.downloadOutcomeRejects, async ({ actor, params, reply }) => {
    const csv = await outcomes.rejectsCsv(actor, params.campaignId, params.uploadId);
    await reply
      .type('text/csv; charset=utf-8')
      .header(
        'content-disposition',
        `attachment; filename="outcome-rejects-${params.uploadId}.csv"`,
      )
      .send(csv);
    return '';
  });
  registerEndpoint(app, endpoints.listCampaignTemplates, ({ actor, params, query }) =>
    campaigns.listTemplates(actor, params.id, query.route, query.language),
  );
  registerEndpoint(
    app,
    endpoints.createCampaignTemplate,
    async ({ actor, params, body, reply }) => {
      reply.code(201);
      return campaigns.createTemplate(actor, params.id, body);
    },
  );
  registerEndpoint(app, endpoints.listJobSupplierExclusions, ({ actor, params }) =>
    campaigns.buyerExclusions.list(actor, params.id),
  );
  registerEndpoint(app, endpoints.setJobSupplierExclusion, ({ actor, params, body }) =>
    campaigns.buyerExclusions.set(actor, params.id, params.supplierKey, body),
  );
  registerEndpoint(app, endpoints.deleteJobSupplierExclusion, ({ actor, params }) =>
    campaigns.buyerExclusions.delete(actor, params.id, params.supplierKey),
  );
  registerEndpoint(
    app,
    endpoints.getCampaignResponse,
    ({ params }) => responses.page(params.token),
    { routeConfig: RESPONSE_RATE_LIMIT },
  );
  registerEndpoint(
    app,
    endpoints.answerCampaignResponse,
    ({ params, body }) => responses.answer(params.token, body),
    { routeConfig: RESPONSE_RATE_LIMIT },
  );
}
