import { jobsEndpoints as endpoints } from '@b2b/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../lib/endpoint.js';
import type { AppContext } from '../../services.js';

/** Results: the suppliers, match decisions, scoring again. */
export function registerJobResultsRoutes(app: FastifyInstance, { services }: AppContext): void {
  const { results } = services.jobs;
  registerEndpoint(app, endpoints.listJobSuppliers, ({ actor, params, query, body }) =>
    results.suppliers(actor, params.id, body, query.review),
  );
  registerEndpoint(app, endpoints.getJobSupplier, ({ actor, params }) =>
    results.supplier(actor, params.id, params.supplierKey),
  );
  registerEndpoint(app, endpoints.decideSupplierMatch, ({ actor, params, body }) =>
    results.decideMatch(actor, params.id, params.supplierKey, body),
  );
  registerEndpoint(app, endpoints.decideSupplierMatches, ({ actor, params, body }) =>
    results.decideMatches(actor, params.id, body.decisions),
  );
  registerEndpoint(app, endpoints.clearSupplierMatchDecision, ({ actor, params }) =>
    results.clearMatchDecision(actor, params.id, params.supplierKey),
  );
  registerEndpoint(app, endpoints.rescoreJob, ({ actor, params, body }) =>
    results.rescore(actor, params.id, body.scoringRulesetVersion),
  );
}
