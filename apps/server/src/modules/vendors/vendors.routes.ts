import { vendorsEndpoints as endpoints } from '@b2b/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../lib/endpoint.js';
import type { AppContext } from '../../services.js';

export function registerVendorsRoutes(app: FastifyInstance, { services }: AppContext): void {
  const { vendors } = services;
  app.addHook('onClose', async () => vendors.close());
  registerEndpoint(app, endpoints.searchVendors, ({ body }) => vendors.search(body));
  registerEndpoint(app, endpoints.getVendor, ({ params }) => vendors.detail(params.vendorId));
  registerEndpoint(app, endpoints.vendorMatchedSuppliers, ({ actor, params, body }) =>
    vendors.matchedSuppliers(actor, params.vendorId, body),
  );
}
