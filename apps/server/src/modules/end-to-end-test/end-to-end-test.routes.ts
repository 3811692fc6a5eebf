import { endToEndTestEndpoints as endpoints } from '@b2b/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../lib/endpoint.js';
import type { AppContext } from '../../services.js';

export function registerEndToEndTestRoutes(app: FastifyInstance, { services }: AppContext): void {
  registerEndpoint(app, endpoints.runEndToEndTest, async ({ actor, body }) =>
    services.endToEndTest.run(actor, body.issuerId),
  );
}
