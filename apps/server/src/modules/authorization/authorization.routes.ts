import { authorizationEndpoints as endpoints } from '@b2b/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../lib/endpoint.js';
import type { AppContext } from '../../services.js';
import { ALL_ROLE_LISTS } from '../users/roles.js';

export function registerAuthorizationRoutes(app: FastifyInstance, { services }: AppContext): void {
  registerEndpoint(
    app,
    endpoints.getUserRoles,
    async ({ actor, request }) => {
      const user = await services.users.requireUser(actor.userId);
      return services.users.effectiveRoles(user, request.activeRoles);
    },
    { alwaysAvailable: true },
  );
  registerEndpoint(app, endpoints.getAllRoles, async () => ALL_ROLE_LISTS);
}
