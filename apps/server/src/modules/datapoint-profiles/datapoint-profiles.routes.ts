import { datapointProfilesEndpoints as endpoints } from '@b2b/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../lib/endpoint.js';
import type { AppContext } from '../../services.js';

export function registerDatapointProfilesRoutes(
  app: FastifyInstance,
  { services }: AppContext,
): void {
  registerEndpoint(app, endpoints.listDatapointProfiles, async () =>
    services.datapointProfiles.list(),
  );
  registerEndpoint(app, endpoints.createDatapointProfile, async ({ body, reply }) => {
    reply.code(201);
    return services.datapointProfiles.create(body);
  });
  registerEndpoint(app, endpoints.updateDatapointProfile, async ({ params, body }) =>
    services.datapointProfiles.update(params.id, body),
  );
}
