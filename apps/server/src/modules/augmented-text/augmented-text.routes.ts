import { aiPromptsEndpoints as endpoints } from '@b2b/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../lib/endpoint.js';
import type { AppContext } from '../../services.js';

export function registerAugmentedTextRoutes(app: FastifyInstance, { services }: AppContext) {
  const { augmentedText } = services;
  registerEndpoint(app, endpoints.getAugmentedTextStatus, () => augmentedText.status());
  registerEndpoint(app, endpoints.writeAugmentedText, ({ actor, query }) =>
    augmentedText.write(actor, query.jobId),
  );
}
