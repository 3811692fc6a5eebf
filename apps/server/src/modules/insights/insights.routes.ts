import { insightsEndpoints as endpoints } from '@b2b/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../lib/endpoint.js';
import type { AppContext } from '../../services.js';

export function registerInsightsRoutes(app: FastifyInstance, { services }: AppContext): void {
  const { insights } = services;
  registerEndpoint(app, endpoints.getJobSummary, ({ actor, params, query }) =>
    insights.summary(actor, params.id, query),
  );
  registerEndpoint(app, endpoints.getJobInsightChart, ({ actor, params, query }) =>
    insights.chart(actor, params.id, query),
  );
  registerEndpoint(app, endpoints.getJobInsightSlicers, ({ actor, params }) =>
    insights.slicers(actor, params.id),
  );
}
