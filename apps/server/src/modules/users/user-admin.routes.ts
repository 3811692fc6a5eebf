import {
  authorizationEndpoints,
  unwrapPagedListRequest,
  usersEndpoints as endpoints,
} from '@b2b/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../lib/endpoint.js';
import type { AppContext } from '../../services.js';

/** The user administration calls (SPEC.md section 7, Users) and the role assignment. */
export function registerUserAdminRoutes(
  app: FastifyInstance,
  { services, config }: AppContext,
): void {
  const { userAdmin } = services;
  const lists = [
    [endpoints.listActiveUsers, 'active'],
    [endpoints.listUnapprovedUsers, 'unapproved'],
    [endpoints.listPendingUsers, 'pending'],
    [endpoints.listDeactivatedUsers, 'deactivated'],
  ] as const;
  for (const [endpoint, status] of lists) {
    registerEndpoint(app, endpoint, async ({ body }) =>
      userAdmin.listByStatus(status, unwrapPagedListRequest(body)),
    );
  }
  registerEndpoint(app, endpoints.listDirectlyAssignedUsers, async ({ actor, body, query }) =>
    userAdmin.listDirectlyAssigned(actor, unwrapPagedListRequest(body), query.issuerId),
  );
  registerEndpoint(app, endpoints.getPotentialJobOwners, async ({ actor, query }) =>
    userAdmin.potentialJobOwners(actor, query),
  );
  registerEndpoint(app, endpoints.getPotentialIssuerUsers, async ({ query }) =>
    userAdmin.potentialIssuerUsers(query),
  );
  registerEndpoint(app, endpoints.getPotentialUserIssuers, async ({ params }) =>
    userAdmin.potentialUserIssuers(params.id),
  );
  registerEndpoint(app, endpoints.searchUsers, async ({ query }) => userAdmin.search(query));
  registerEndpoint(app, endpoints.getUser, async ({ params }) => userAdmin.getDetail(params.id));
  registerEndpoint(app, endpoints.updateUser, async ({ actor, body }) =>
    userAdmin.update(actor, body),
  );
  registerEndpoint(app, endpoints.deactivateUser, async ({ actor, body }) =>
    userAdmin.deactivate(actor, body.id),
  );
  registerEndpoint(app, endpoints.reactivateUser, async ({ actor, body }) =>
    userAdmin.reactivate(actor, body.id),
  );
  registerEndpoint(app, endpoints.inviteUser, async ({ actor, body, request }) => {
    const baseUrl = config.publicUrl ?? `${request.protocol}://${request.host}`;
    return userAdmin.invite(actor, body, baseUrl.replace(/\/$/, ''));
  });
  registerEndpoint(app, authorizationEndpoints.setUserRoles, async ({ actor, params, body }) =>
    userAdmin.setRoles(actor, params.userId, body),
  );
}
