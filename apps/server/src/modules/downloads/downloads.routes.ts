import { downloadsEndpoints as endpoints } from '@b2b/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { AppError } from '../../lib/app-error.js';
import { registerEndpoint } from '../../lib/endpoint.js';
import type { AppContext } from '../../services.js';

/** Network answer files: CSV of at most this size. */
const ANSWERS_MAX_BYTES = 20 * 1024 * 1024;

/** Sends a file as an attachment under its (ASCII) name. */
function attachment(
  reply: FastifyReply,
  file: { fileName: string; contentType: string; body: NodeJS.ReadableStream },
) {
  return reply
    .type(file.contentType)
    .header('content-disposition', `attachment; filename="${file.fileName}"`)
    .header('cache-control', 'no-store')
    .send(file.body);
}

export function registerDownloadsRoutes(app: FastifyInstance, { services }: AppContext): void {
  const { downloads } = services;
  registerEndpoint(app, endpoints.analysisDataDownload, async ({ actor, params, query, reply }) =>
    attachment(reply, await downloads.stream(actor, params.id, 'analysis', query)),
  );
  registerEndpoint(
    app,
    endpoints.matchedDataOnlyDownload,
    async ({ actor, params, query, reply }) =>
      attachment(reply, await downloads.stream(actor, params.id, 'matchedDataOnly', query)),
  );
  registerEndpoint(app, endpoints.requestDownload, async ({ actor, params, body, reply }) => {
    reply.code(201);
    return downloads.request(actor, params.id, body);
  });
  registerEndpoint(app, endpoints.listDownloads, ({ actor, query }) =>
    downloads.list(actor, query.jobId),
  );
  registerEndpoint(app, endpoints.getDownload, ({ actor, params }) =>
    downloads.get(actor, params.downloadId),
  );
  registerEndpoint(app, endpoints.downloadFile, async ({ actor, params, reply }) =>
    attachment(reply, await downloads.file(actor, params.downloadId)),
  );
  registerEndpoint(app, endpoints.networkVendorFile, async ({ actor, params, reply }) =>
    attachment(reply, await downloads.networkFile(actor, params.id, params.network)),
  );
  registerEndpoint(app, endpoints.importNetworkAnswers, async ({ actor, params, request }) => {
    if (!request.isMultipart())
      throw AppError.badRequest('Send the file as multipart/form-data.', 'file');
    const part = await request.file({ limits: { fileSize: ANSWERS_MAX_BYTES, files: 1 } });
    if (!part) throw AppError.badRequest('Attach the file in the multipart field "file".', 'file');
    const data = await part.toBuffer();
    if (part.file.truncated)
      throw AppError.badRequest('file: larger than 20 MB; split it into several files', 'file');
    return downloads.importNetworkAnswers(actor, params.id, params.network, {
      fileName: part.filename,
      data,
    });
  });
}
