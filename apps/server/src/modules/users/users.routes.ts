import { usersEndpoints as endpoints } from '@b2b/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../lib/endpoint.js';
import type { AppContext } from '../../services.js';

export function registerUsersRoutes(app: FastifyInstance, { services }: AppContext): void {
  const { users } = services;
  registerEndpoint(app, endpoints.getUserPermissions, async ({ actor }) => [...actor.permissions], {
    alwaysAvailable: true,
  });
  registerEndpoint(
    app,
    endpoints.getUserEligibleStatus,
    async ({ actor }) => users.getEligibleStatus(actor),
    {
      alwaysAvailable: true,
    },
  );
  registerEndpoint(app, endpoints.getTermsStatus, async ({ actor }) => users.getTermsStatus(actor));
  registerEndpoint(app, endpoints.agreeTermsOfService, async ({ actor }) =>
    users.agreeTerms(actor, 'termsOfService'),
  );
  registerEndpoint(app, endpoints.agreePrivacyPolicy, async ({ actor }) =>
    users.agreeTerms(actor, 'privacyPolicy'),
  );
  registerEndpoint(app, endpoints.setUserBranding, async ({ actor, body }) =>
    users.setBranding(actor, body),
  );
}
