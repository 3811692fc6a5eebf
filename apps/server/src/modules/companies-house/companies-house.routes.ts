import { companiesHouseEndpoints as endpoints } from '@b2b/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../lib/endpoint.js';
import type { AppContext } from '../../services.js';

export function registerCompaniesHouseRoutes(app: FastifyInstance, { services }: AppContext): void {
  const { companiesHouse } = services;
  registerEndpoint(app, endpoints.getCompaniesHouseSettings, async () => companiesHouse.settings());
  registerEndpoint(app, endpoints.searchCompanies, ({ query }) =>
    companiesHouse.search(query.q, query.page),
  );
  registerEndpoint(app, endpoints.getCompany, ({ params }) =>
    companiesHouse.company(params.companyNumber),
  );
  registerEndpoint(app, endpoints.startEnrichment, async ({ actor, body, reply }) => {
    reply.code(201);
    return companiesHouse.start(actor, body.jobId);
  });
  registerEndpoint(app, endpoints.getEnrichment, ({ actor, params }) =>
    companiesHouse.enrichment(actor, params.jobId),
  );
}
