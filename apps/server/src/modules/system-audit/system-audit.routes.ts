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
  registerEndpoint(app, endpoints.commandExecuteValidate, ({ body }) =>
    systemAudit.commandExecuteValidate(body.correlationId),
  );
}
