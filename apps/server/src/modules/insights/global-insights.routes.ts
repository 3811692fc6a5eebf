import { globalInsightsEndpoints as endpoints } from '@b2b/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../lib/endpoint.js';
import type { AppContext } from '../../services.js';

export function registerGlobalInsightsRoutes(app: FastifyInstance, { services }: AppContext): void {
  const { globalInsights } = services;
  registerEndpoint(app, endpoints.getGlobalSummary, ({ actor, query }) =>
    globalInsights.summary(actor, query),
  );
  registerEndpoint(app, endpoints.getGlobalChart, ({ actor, query }) =>
    globalInsights.chart(actor, query),
  );
  registerEndpoint(app, endpoints.getGlobalSlicers, ({ actor, query }) =>
    globalInsights.slicers(actor, query),
  );
  registerEndpoint(app, endpoints.getGlobalFilterOptions, ({ actor }) =>
    globalInsights.filterOptions(actor),
  );
  registerEndpoint(app, endpoints.listGlobalOrganizations, ({ actor, body }) =>
    globalInsights.organizations(actor, body),
  );
}
