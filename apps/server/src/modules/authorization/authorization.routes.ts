import { authorizationEndpoints as endpoints } from '@b2b/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../lib/endpoint.js';
import type { AppContext } from '../../services.js';
import { pagedResponse } from '../../db/paged-query.js';
import { createAuthorizationRead } from './authorization.read.js';

export function registerAuthorizationRoutes(
  app: FastifyInstance,
  { services, database }: AppContext,
): void {
  const read = createAuthorizationRead(database.db);
  registerEndpoint(
    app,
    endpoints.getUserRoles,
    async ({ actor, request }) => {
      const user = await services.users.requireUser(actor.userId);
      return services.users.effectiveRoles(user, request.activeRoles);
    },
    { alwaysAvailable: true },
  );
  registerEndpoint(app, endpoints.getAllRoles, async () => services.users.allRoleLists());
  registerEndpoint(app, endpoints.listAuthMappedJobArtifacts, async ({ query, body }) => {
    await services.users.requireUser(query.userId);
    const { rows, totalCount } = await read.authMappedJobs(query.userId, body);
    const collection = rows.map(({ createdAt, ...r }) => ({
      ...r,
      createdOn: createdAt.toISOString(),
    }));
    return pagedResponse(collection, totalCount, body);
  });
}
