import { releaseNotesEndpoints as endpoints } from '@b2b/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../lib/endpoint.js';
import type { AppContext } from '../../services.js';

export function registerReleaseNotesRoutes(app: FastifyInstance, { services }: AppContext): void {
  registerEndpoint(app, endpoints.listReleaseNotes, async ({ query }) =>
    services.releaseNotes.list(query.search),
  );
}
