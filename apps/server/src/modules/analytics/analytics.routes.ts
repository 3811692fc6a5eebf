import { analyticsEndpoints as endpoints } from '@b2b/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../lib/endpoint.js';
import type { AppContext } from '../../services.js';

export function registerAnalyticsRoutes(app: FastifyInstance, { services }: AppContext): void {
  const { analytics } = services;
  registerEndpoint(app, endpoints.listDatasets, async ({ actor }) => analytics.datasets(actor));
  registerEndpoint(app, endpoints.runQuery, ({ actor, body }) => analytics.run(actor, body));
  registerEndpoint(app, endpoints.listReports, ({ actor }) => analytics.list(actor));
  registerEndpoint(app, endpoints.createReport, async ({ actor, body, reply }) => {
    reply.code(201);
    return analytics.create(actor, body);
  });
  registerEndpoint(app, endpoints.getReport, ({ actor, params }) =>
    analytics.get(actor, params.reportId),
  );
  registerEndpoint(app, endpoints.updateReport, ({ actor, params, body }) =>
    analytics.update(actor, params.reportId, body),
  );
  registerEndpoint(app, endpoints.deleteReport, ({ actor, params }) =>
    analytics.remove(actor, params.reportId),
  );
  registerEndpoint(app, endpoints.exportReport, async ({ actor, params, query, reply }) => {
    const file = await analytics.export(actor, params.reportId, query.format);
    return reply
      .type(file.contentType)
      .header('content-disposition', `attachment; filename="${file.fileName}"`)
      .header('cache-control', 'no-store')
      .send(file.body);
  });
  registerEndpoint(app, endpoints.listShareCandidates, ({ actor }) =>
    analytics.shareCandidates(actor),
  );
}
