import { brandingsEndpoints as endpoints } from '@b2b/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../lib/endpoint.js';
import type { AppContext } from '../../services.js';

export function registerBrandingsRoutes(app: FastifyInstance, { services }: AppContext): void {
  registerEndpoint(
    app,
    endpoints.getBrandingByDomain,
    async ({ request }) => services.brandings.getByDomain(request.host),
    { alwaysAvailable: true },
  );
  registerEndpoint(app, endpoints.getAllBrandings, async () => services.brandings.listAll());
}
