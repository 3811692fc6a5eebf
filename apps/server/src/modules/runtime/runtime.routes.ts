import { runtimeEndpoints as endpoints } from '@b2b/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../lib/endpoint.js';
import type { AppContext } from '../../services.js';

/** The running process itself: its configuration, background service and memory exercise. */
export function registerRuntimeRoutes(app: FastifyInstance, { services }: AppContext): void {
  const { runtime, proq } = services;
  registerEndpoint(app, endpoints.getAppConfig, async () => runtime.appConfig());
  registerEndpoint(app, endpoints.getBackgroundService, async () => proq.backgroundService());
  registerEndpoint(app, endpoints.setBackgroundService, async ({ actor, body, request }) => {
    request.log.warn({ running: body.running, by: actor.username }, 'background service set');
    return proq.setBackgroundService(actor, body.running);
  });
  registerEndpoint(app, endpoints.getMemoryHog, async () => runtime.memoryHog.state());
  registerEndpoint(app, endpoints.startMemoryHog, async ({ actor, body, request }) => {
    request.log.warn({ ...body, by: actor.username }, 'memory-pressure exercise started');
    return runtime.memoryHog.start(body, actor.username);
  });
}
