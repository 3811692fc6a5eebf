import { sftpInboxesEndpoints as endpoints } from '@b2b/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../lib/endpoint.js';
import type { AppContext } from '../../services.js';

export function registerSftpInboxesRoutes(app: FastifyInstance, { services }: AppContext): void {
  const { sftpInboxes } = services;
  registerEndpoint(app, endpoints.listSftpInboxes, () => sftpInboxes.list());
  registerEndpoint(app, endpoints.getSftpInbox, ({ params }) => sftpInboxes.get(params.configId));
  registerEndpoint(app, endpoints.createSftpInbox, async ({ actor, body, reply }) => {
    reply.code(201);
    return sftpInboxes.create(actor, body);
  });
  registerEndpoint(app, endpoints.updateSftpInbox, ({ actor, params, body }) =>
    sftpInboxes.update(actor, params.configId, body),
  );
  registerEndpoint(app, endpoints.testSftpConnection, ({ params }) =>
    sftpInboxes.testConnection(params.configId),
  );
  registerEndpoint(app, endpoints.pollSftpInbox, ({ params }) =>
    sftpInboxes.pollNow(params.configId),
  );
}
