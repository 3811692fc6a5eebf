import {
  ISSUER_CAPABILITIES,
  ISSUER_LANGUAGES,
  VIRTUAL_LOCKBOX_OPTIONS,
  buyersEndpoints,
  issuersEndpoints as endpoints,
  supplierListsEndpoints,
} from '@b2b/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../lib/endpoint.js';
import type { AppContext } from '../../services.js';
import { issuerUpdateOf } from './issuer-validation.js';

export function registerIssuersRoutes(app: FastifyInstance, { services }: AppContext): void {
  const { issuerAdmin, buyers, supplierLists } = services;
  registerEndpoint(app, supplierListsEndpoints.getIssuerSupplierLists, async ({ actor, params }) =>
    supplierLists.get(actor, params.id),
  );
  registerEndpoint(
    app,
    supplierListsEndpoints.replaceIssuerSupplierList,
    async ({ actor, params, body }) =>
      supplierLists.replace(actor, params.id, params.list, body.names),
  );
  registerEndpoint(app, endpoints.getAllCapabilities, async () => [...ISSUER_CAPABILITIES]);
  registerEndpoint(app, endpoints.getAllVirtualLockboxes, async () => [...VIRTUAL_LOCKBOX_OPTIONS]);
  registerEndpoint(app, endpoints.getAllIssuerLanguages, async () => [...ISSUER_LANGUAGES]);
  registerEndpoint(app, endpoints.listIssuers, async ({ actor, body }) =>
    issuerAdmin.list(actor, body),
  );
  registerEndpoint(app, endpoints.getIssuer, async ({ actor, params }) =>
    issuerAdmin.get(actor, params.id),
  );
  registerEndpoint(app, endpoints.getIssuerFull, async ({ actor, params }) =>
    issuerAdmin.getFull(actor, params.id),
  );
  registerEndpoint(app, endpoints.createIssuer, async ({ actor, body }) =>
    issuerAdmin.create(actor, body),
  );
  registerEndpoint(app, endpoints.updateIssuer, async ({ actor, query, body }) =>
    issuerAdmin.update(actor, issuerUpdateOf(query, body)),
  );
  registerEndpoint(app, endpoints.deleteIssuer, async ({ actor, params }) =>
    issuerAdmin.delete(actor, params.id),
  );
  registerEndpoint(app, endpoints.updateIssuerCapabilities, async ({ actor, query, body }) =>
    issuerAdmin.updateList(actor, query, 'capabilities', body),
  );
  registerEndpoint(app, endpoints.updateIssuerVirtualLockboxes, async ({ actor, query, body }) =>
    issuerAdmin.updateList(actor, query, 'virtualLockboxes', body),
  );
  registerEndpoint(app, endpoints.updateIssuerInputDataOptions, async ({ actor, query, body }) =>
    issuerAdmin.updateList(actor, query, 'inputDataOptions', body),
  );
  registerEndpoint(app, endpoints.getAssignedUsers, async ({ actor, params }) =>
    issuerAdmin.members(actor, params.id),
  );
  registerEndpoint(app, endpoints.updateIssuerUser, async ({ actor, params, body }) =>
    issuerAdmin.setMember(actor, params.id, body),
  );

  registerEndpoint(app, buyersEndpoints.getBuyer, async ({ actor, params }) =>
    buyers.get(actor, params.id),
  );
  registerEndpoint(app, buyersEndpoints.listBuyers, async ({ actor, body }) =>
    buyers.list(actor, body),
  );
  registerEndpoint(app, buyersEndpoints.createBuyer, async ({ actor, body }) =>
    buyers.create(actor, body),
  );
  registerEndpoint(app, buyersEndpoints.updateBuyer, async ({ actor, body }) =>
    buyers.update(actor, body),
  );
  registerEndpoint(app, buyersEndpoints.deleteBuyer, async ({ actor, params }) =>
    buyers.delete(actor, params.id),
  );
}
