import { systemLogsEndpoints as endpoints } from '@b2b/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../lib/endpoint.js';
import type { AppContext } from '../../services.js';

export function registerSystemLogsRoutes(app: FastifyInstance, { services }: AppContext): void {
  registerEndpoint(app, endpoints.listSystemLogs, async ({ body }) =>
    services.systemLogs.list(body),
  );
}
