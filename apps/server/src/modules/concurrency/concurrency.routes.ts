import { concurrencyEndpoints as endpoints } from '@b2b/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../lib/endpoint.js';
import type { AppContext } from '../../services.js';

export function registerConcurrencyRoutes(app: FastifyInstance, { services }: AppContext): void {
  const { concurrency } = services;
  registerEndpoint(app, endpoints.trySetEntityActiveUser, async ({ actor, body }) =>
    concurrency.heartbeat(actor, body),
  );
  registerEndpoint(app, endpoints.trySetExclusiveWriteAccess, async ({ actor, body }) =>
    concurrency.tryTake(actor, body),
  );
  registerEndpoint(app, endpoints.forceSetExclusiveWriteAccess, async ({ actor, body }) =>
    concurrency.force(actor, body),
  );
  registerEndpoint(app, endpoints.getEntityStatus, async ({ body }) => [
    await concurrency.status(body),
  ]);
  registerEndpoint(app, endpoints.requestExclusiveWriteAccess, async ({ actor, body }) =>
    concurrency.request(actor, body),
  );
  registerEndpoint(app, endpoints.denyExclusiveWriteAccess, async ({ actor, query }) =>
    concurrency.deny(actor, query),
  );
  registerEndpoint(app, endpoints.releaseExclusiveWriteAccess, async ({ actor, body }) =>
    concurrency.release(actor, body),
  );
  registerEndpoint(app, endpoints.getActiveEntityUsers, async ({ actor, query }) =>
    concurrency.activeUsers(actor, query),
  );
  registerEndpoint(app, endpoints.listActiveUsers, async ({ actor }) =>
    concurrency.activeUserEntries(actor),
  );
}
