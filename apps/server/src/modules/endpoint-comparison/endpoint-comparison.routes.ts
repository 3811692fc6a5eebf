import { endpointComparisonEndpoints as endpoints } from '@b2b/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../lib/endpoint.js';
import type { AppContext } from '../../services.js';

export function registerEndpointComparisonRoutes(
  app: FastifyInstance,
  { services }: AppContext,
): void {
  const { serviceTokens, endpointComparison } = services;
  registerEndpoint(app, endpoints.listServiceTokens, ({ actor }) => serviceTokens.list(actor));
  registerEndpoint(app, endpoints.createServiceToken, async ({ actor, body, reply }) => {
    reply.code(201);
    return serviceTokens.create(actor, body);
  });
  registerEndpoint(app, endpoints.revokeServiceToken, ({ actor, params }) =>
    serviceTokens.revoke(actor, params.tokenId),
  );
  registerEndpoint(app, endpoints.getComparisonSettings, () => endpointComparison.settings());
  registerEndpoint(app, endpoints.updateComparisonSettings, ({ actor, body }) =>
    endpointComparison.updateSettings(actor, body),
  );
  registerEndpoint(app, endpoints.compareJob, ({ actor, params, query }) =>
    endpointComparison.compareJob(actor, params.jobId, query.remoteJobId ?? params.jobId),
  );
  registerEndpoint(app, endpoints.compareUsers, () => endpointComparison.compareUsers());
}
