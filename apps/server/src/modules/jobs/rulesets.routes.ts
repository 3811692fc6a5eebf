import { jobsEndpoints as endpoints } from '@b2b/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../lib/endpoint.js';
import type { AppContext } from '../../services.js';

/** Analysis admin: the confidence and scoring rulesets, read-only. */
export function registerRulesetsRoutes(app: FastifyInstance, { services }: AppContext): void {
  const { rulesets } = services;
  registerEndpoint(app, endpoints.listConfidenceRulesets, () => rulesets.list('confidence'));
  registerEndpoint(app, endpoints.getActiveConfidenceRuleset, () => rulesets.confidence());
  registerEndpoint(app, endpoints.getConfidenceRuleset, ({ params }) =>
    rulesets.confidence(params.versionNumber),
  );
  registerEndpoint(app, endpoints.listScoringRulesets, () => rulesets.list('scoring'));
  registerEndpoint(app, endpoints.getActiveScoringRuleset, () => rulesets.scoring());
  registerEndpoint(app, endpoints.getScoringRuleset, ({ params }) =>
    rulesets.scoring(params.versionNumber),
  );
}
