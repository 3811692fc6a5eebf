import { useCasesEndpoints as endpoints } from '@b2b/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../lib/endpoint.js';
import type { AppContext } from '../../services.js';

/** Use cases of a job: definitions, live figures, their suppliers and why each is in one. */
export function registerUseCasesRoutes(app: FastifyInstance, { services }: AppContext): void {
  const { useCases } = services;
  registerEndpoint(app, endpoints.listUseCaseTemplates, async () => [...useCases.templates()]);
  registerEndpoint(app, endpoints.listJobUseCases, ({ actor, params }) =>
    useCases.list(actor, params.id),
  );
  registerEndpoint(app, endpoints.getJobUseCase, ({ actor, params }) =>
    useCases.get(actor, params.id, params.useCaseId),
  );
  registerEndpoint(app, endpoints.createJobUseCase, async ({ actor, params, body, reply }) => {
    reply.code(201);
    return useCases.create(actor, params.id, body);
  });
  registerEndpoint(app, endpoints.updateJobUseCase, ({ actor, params, body }) =>
    useCases.update(actor, params.id, params.useCaseId, body),
  );
  registerEndpoint(app, endpoints.copyJobUseCase, async ({ actor, params, body, reply }) => {
    reply.code(201);
    return useCases.copy(actor, params.id, params.useCaseId, body.name);
  });
  registerEndpoint(app, endpoints.deleteJobUseCase, ({ actor, params }) =>
    useCases.delete(actor, params.id, params.useCaseId),
  );
  registerEndpoint(app, endpoints.listJobUseCaseSuppliers, ({ actor, params, body }) =>
    useCases.suppliers(actor, params.id, params.useCaseId, body),
  );
  registerEndpoint(app, endpoints.getJobUseCaseSupplier, ({ actor, params }) =>
    useCases.supplier(actor, params.id, params.useCaseId, params.supplierKey),
  );
}
