import { notificationsEndpoints as endpoints } from '@b2b/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../lib/endpoint.js';
import type { AppContext } from '../../services.js';

export function registerNotificationsRoutes(app: FastifyInstance, { services }: AppContext): void {
  registerEndpoint(app, endpoints.listUserNotifications, ({ actor }) =>
    services.notifications.list(actor),
  );
}
