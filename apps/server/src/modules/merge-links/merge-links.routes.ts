import { mergeLinksEndpoints as endpoints } from '@b2b/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../lib/endpoint.js';
import type { AppContext } from '../../services.js';

export function registerMergeLinksRoutes(app: FastifyInstance, { services }: AppContext): void {
  const { mergeLinks } = services;
  registerEndpoint(app, endpoints.listLinkedAccounts, ({ actor }) => mergeLinks.list(actor));
  registerEndpoint(app, endpoints.syncLinkedAccount, async ({ actor, params, reply }) => {
    reply.code(201);
    return mergeLinks.sync(actor, params.linkedAccountId);
  });
  registerEndpoint(app, endpoints.setLinkedAccountSyncSchedule, ({ actor, params, body }) =>
    mergeLinks.setSyncSchedule(actor, params.linkedAccountId, body.syncSchedule),
  );
  registerEndpoint(app, endpoints.unlinkLinkedAccount, ({ actor, params }) =>
    mergeLinks.unlink(actor, params.linkedAccountId),
  );
  registerEndpoint(app, endpoints.mergeLinkedAccounts, ({ actor, params, body }) =>
    mergeLinks.merge(actor, params.linkedAccountId, body.intoId),
  );
  registerEndpoint(app, endpoints.getJobAccountingConnection, ({ actor, params }) =>
    mergeLinks.jobConnection(actor, params.id),
  );
  registerEndpoint(app, endpoints.startAccountingLink, async ({ actor, params, reply }) => {
    reply.code(201);
    return mergeLinks.startLink(actor, params.id);
  });
  registerEndpoint(
    app,
    endpoints.completeAccountingLink,
    async ({ actor, params, body, reply }) => {
      reply.code(201);
      return mergeLinks.completeLink(actor, params.id, body);
    },
  );
}
