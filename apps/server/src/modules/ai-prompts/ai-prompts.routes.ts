import { aiPromptsEndpoints as endpoints } from '@b2b/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../lib/endpoint.js';
import type { AppContext } from '../../services.js';

export function registerAiPromptsRoutes(app: FastifyInstance, { services }: AppContext) {
  const { aiPrompts } = services;
  registerEndpoint(app, endpoints.listAiPrompts, () => aiPrompts.list());
  registerEndpoint(app, endpoints.getAiPrompt, ({ params }) => aiPrompts.get(params.promptId));
  registerEndpoint(app, endpoints.createAiPrompt, async ({ actor, body, reply }) => {
    reply.code(201);
    return aiPrompts.create(actor, body);
  });
  registerEndpoint(app, endpoints.activateAiPrompt, ({ actor, params }) =>
    aiPrompts.activate(actor, params.promptId),
  );
  registerEndpoint(app, endpoints.testAiPrompt, ({ params, body }) =>
    aiPrompts.test(params.promptId, body.input),
  );
}
