import { resourceGuardEndpoints as endpoints } from '@b2b/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../lib/endpoint.js';
import type { AppContext } from '../../services.js';

export function registerResourceGuardRoutes(app: FastifyInstance, { services }: AppContext): void {
  const { resourceGuard } = services;
  registerEndpoint(app, endpoints.listResourceLimits, () => resourceGuard.list());
  registerEndpoint(app, endpoints.updateResourceLimit, ({ actor, params, body }) =>
    resourceGuard.update(actor, params.key, body.value, body.whenExceeded),
  );
  registerEndpoint(app, endpoints.resetResourceLimit, ({ actor, params }) =>
    resourceGuard.reset(actor, params.key),
  );
  registerEndpoint(app, endpoints.getResourceUsage, () => resourceGuard.usage());
}
