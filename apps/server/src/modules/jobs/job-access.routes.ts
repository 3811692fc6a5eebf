import { jobsEndpoints as endpoints } from '@b2b/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../lib/endpoint.js';
import type { AppContext } from '../../services.js';

/** SPEC §7 job artifacts: the admin view, owner and direct assignments. */
export function registerJobAccessRoutes(app: FastifyInstance, { services }: AppContext): void {
  const { access } = services.jobs;
  registerEndpoint(app, endpoints.getJobArtifactAdmin, ({ actor, params }) =>
    access.admin(actor, params.id),
  );
  registerEndpoint(app, endpoints.getAssignableJobArtifacts, ({ actor, params }) =>
    access.assignable(actor, params.id),
  );
  registerEndpoint(app, endpoints.changeJobArtifactOwner, ({ actor, params, body }) =>
    access.changeOwner(actor, params.id, body.ownerId),
  );
  registerEndpoint(app, endpoints.updateJobArtifactUserAssignment, ({ actor, body }) =>
    access.setAssignment(actor, body),
  );
}
