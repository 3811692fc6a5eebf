import { jobsEndpoints as endpoints } from '@b2b/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../lib/endpoint.js';
import type { AppContext } from '../../services.js';

/** The wizard: the Draft job (SPEC §7 create), its setup, the issuers and buyers to choose. */
export function registerJobWizardRoutes(app: FastifyInstance, { services }: AppContext): void {
  const { wizard } = services.jobs;
  registerEndpoint(app, endpoints.createJobArtifact, async ({ actor, query, reply }) => {
    reply.code(201);
    return wizard.create(actor, query);
  });
  registerEndpoint(app, endpoints.updateJobWizard, ({ actor, params, body }) =>
    wizard.updateWizard(actor, params.id, body),
  );
  registerEndpoint(app, endpoints.listWizardIssuers, ({ actor }) => wizard.wizardIssuers(actor));
  registerEndpoint(app, endpoints.createWizardBuyer, async ({ actor, body, reply }) => {
    reply.code(201);
    return wizard.createBuyer(actor, body);
  });
}
