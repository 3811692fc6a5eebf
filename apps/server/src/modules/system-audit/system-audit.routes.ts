import { systemAuditEndpoints as endpoints } from '@b2b/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../lib/endpoint.js';
import type { AppContext } from '../../services.js';

export function registerSystemAuditRoutes(app: FastifyInstance, { services }: AppContext): void {
  const { systemAudit } = services;
  registerEndpoint(app, endpoints.getIntegrationConfigurations, async () =>
    systemAudit.getIntegrationConfigurations(),
  );
  registerEndpoint(app, endpoints.verifyIntegrationsConfiguration, () =>
    systemAudit.verifyIntegrations(),
  );
  registerEndpoint(app, endpoints.runSystemHealthCheck, ({ actor }) =>
    systemAudit.startHealthCheck(actor),
  );
  // Probes answer in Maintenance and ReadOnly too: the node is alive and ready all the same.
  // A load balancer calls them every few seconds: their requests are not logged.
  const probe = { alwaysAvailable: true, logLevel: 'warn' } as const;
  registerEndpoint(app, endpoints.health, async () => ({ status: 'alive' as const }), probe);
  registerEndpoint(
    app,
    endpoints.readiness,
    async ({ reply, request }) => {
      const { ready, notReady, failures } = await systemAudit.readiness();
      if (!ready) {
        request.log.warn({ failures }, 'not ready');
        reply.code(503);
      }
      return { ready, notReady };
    },
    probe,
  );
  registerEndpoint(app, endpoints.commandExecuteValidate, ({ body }) =>
    systemAudit.commandExecuteValidate(body.correlationId),
  );
}
