import { systemEndpoints as endpoints } from '@b2b/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../lib/endpoint.js';
import type { AppContext } from '../../services.js';

export function registerSystemRoutes(app: FastifyInstance, { config, services }: AppContext): void {
  const { system } = services;
  registerEndpoint(app, endpoints.getSystemMode, async () => ({ mode: await system.getMode() }), {
    alwaysAvailable: true,
  });
  registerEndpoint(
    app,
    endpoints.setSystemMode,
    async ({ query, request }) => {
      const mode = await system.setMode(query.mode);
      request.log.warn({ mode, by: request.actor?.username }, 'system mode changed');
      return { mode };
    },
    { alwaysAvailable: true },
  );
  registerEndpoint(
    app,
    endpoints.getAppTimestamp,
    async () => ({ timestamp: await system.getAppTimestamp() }),
    {
      alwaysAvailable: true,
    },
  );
  registerEndpoint(app, endpoints.updateAppTimestamp, async () => ({
    timestamp: await system.touchAppTimestamp(),
  }));
  registerEndpoint(
    app,
    endpoints.getClientConfig,
    async () => ({
      ...config.client,
      idleAutoLogoutEnabled: config.idleAutoLogoutEnabled,
      // The warning comes a minute before the server would end an idle session.
      idleWarningSeconds: Math.max(10, Math.round(config.sessionIdleMs / 1000) - 60),
      crossOriginMode: config.crossOriginMode,
    }),
    { alwaysAvailable: true },
  );
}
