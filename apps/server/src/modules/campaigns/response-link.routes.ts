import { campaignResponseLinkEndpoints as endpoints } from '@b2b/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../lib/endpoint.js';
import type { AppContext } from '../../services.js';

export function registerCampaignResponseLinkRoutes(
  app: FastifyInstance,
  { services }: AppContext,
): void {
  registerEndpoint(app, endpoints.issueCampaignResponseLink, ({ actor, params }) =>
    services.campaignResponseLinks.issue(actor, params.campaignId, params.supplierKey),
  );
}
