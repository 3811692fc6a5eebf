import { reportsEndpoints as endpoints } from '@b2b/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../lib/endpoint.js';
import type { AppContext } from '../../services.js';

const PPTX = 'application/vnd.openxmlformats-officedocument.presentationml.presentation';

export function registerReportsRoutes(app: FastifyInstance, { services }: AppContext): void {
  const { reports } = services;
  // The PDF renderer keeps Chromium between PDFs; it goes with the app.
  app.addHook('onClose', reports.closePdfBrowsers);
  registerEndpoint(app, endpoints.getReportTopSuppliers, ({ actor, params, query }) =>
    reports.topSuppliers(actor, params.id, query),
  );
  // Made at once (a deck takes well under the bench's 3 s goal), so it streams from the GET.
  registerEndpoint(app, endpoints.downloadPresentationPptx, async ({ actor, params, reply }) => {
    const { fileName, buffer } = await reports.presentationPptx(actor, params.id);
    await reply
      .type(PPTX)
      .header('content-disposition', `attachment; filename="${fileName}"`)
      .send(buffer);
    return '';
  });
}
