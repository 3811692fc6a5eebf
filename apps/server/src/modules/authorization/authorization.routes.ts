import { authorizationEndpoints as endpoints } from '@b2b/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../lib/endpoint.js';
import type { AppContext } from '../../services.js';

export function registerAuthorizationRoutes(app: FastifyInstance, { services }: AppContext): void {
  const { authorization, users } = services;
  registerEndpoint(
    app,
    endpoints.getUserRoles,
    async ({ actor, request }) => authorization.userRoles(actor.userId, request.activeRoles),
    { alwaysAvailable: true },
  );
  registerEndpoint(app, endpoints.getAllRoles, async () => users.allRoleLists());
  registerEndpoint(app, endpoints.listAuthMappedJobArtifacts, async ({ query, body }) =>
    authorization.authMappedJobs(query.userId, body),
  );
}
