import { vendorsEndpoints as endpoints } from '@b2b/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../lib/endpoint.js';
import type { AppContext } from '../../services.js';

export function registerVendorsRoutes(app: FastifyInstance, { services }: AppContext): void {
  const { vendors } = services;
  app.addHook('onClose', async () => vendors.close());
  registerEndpoint(app, endpoints.searchVendors, ({ body }) => vendors.search(body));
  registerEndpoint(app, endpoints.getVendor, ({ actor, params }) =>
    vendors.detail(actor, params.vendorId),
  );
}
