import { PassThrough } from 'node:stream';
import { businessCaseEndpoints as endpoints } from '@b2b/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../lib/endpoint.js';
import type { AppContext } from '../../services.js';

/** The business case of a job: aggregates, scenarios, issuer defaults and the workbook. */
export function registerBusinessCaseRoutes(app: FastifyInstance, { services }: AppContext): void {
  const { businessCase } = services;
  registerEndpoint(app, endpoints.getBusinessCase, ({ actor, params }) =>
    businessCase.context(actor, params.id),
  );
  registerEndpoint(app, endpoints.getBusinessCaseSpend, ({ actor, params, body }) =>
    businessCase.spend(actor, params.id, body.source),
  );
  registerEndpoint(app, endpoints.searchBusinessCaseSuppliers, ({ actor, params, body }) =>
    businessCase.supplierOptions(actor, params.id, body),
  );
  registerEndpoint(
    app,
    endpoints.createBusinessCaseScenario,
    async ({ actor, params, body, reply }) => {
      reply.code(201);
      return businessCase.createScenario(actor, params.id, body);
    },
  );
  registerEndpoint(app, endpoints.updateBusinessCaseScenario, ({ actor, params, body }) =>
    businessCase.updateScenario(actor, params.id, params.scenarioId, body),
  );
  registerEndpoint(
    app,
    endpoints.copyBusinessCaseScenario,
    async ({ actor, params, body, reply }) => {
      reply.code(201);
      return businessCase.copyScenario(actor, params.id, params.scenarioId, body.name);
    },
  );
  registerEndpoint(app, endpoints.deleteBusinessCaseScenario, ({ actor, params }) =>
    businessCase.deleteScenario(actor, params.id, params.scenarioId),
  );
  registerEndpoint(app, endpoints.updateBusinessCaseDefaults, ({ actor, params, body }) =>
    businessCase.updateDefaults(actor, params.id, body),
  );
  registerEndpoint(
    app,
    endpoints.downloadBusinessCaseWorkbook,
    async ({ actor, params, query, reply, request }) => {
      const workbook = await businessCase.workbook(actor, params.id, query.scenarioId);
      const stream = new PassThrough();
      workbook.write(stream).catch((error: unknown) => {
        request.log.error({ err: error }, 'business case workbook failed');
        stream.destroy(error as Error);
      });
      await reply
        .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', `attachment; filename="${workbook.filename}"`)
        .send(stream);
      return '';
    },
  );
}
