import { jobsEndpoints as endpoints } from '@b2b/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/app-error.js';
import { registerEndpoint } from '../../lib/endpoint.js';
import type { AppContext } from '../../services.js';

/** The wizard's files: upload, mapping, preview, validation and the rejected rows. */
export function registerJobFilesRoutes(app: FastifyInstance, { services }: AppContext): void {
  const { files } = services.jobs;
  registerEndpoint(
    app,
    endpoints.uploadJobFile,
    async ({ actor, params, query, request, reply }) => {
      if (!request.isMultipart())
        throw AppError.badRequest('Send the file as multipart/form-data.', 'file');
      // The job limit (the resource guard's), not the chat's: one file per call, streamed to
      // file storage.
      const part = await request.file({
        limits: { fileSize: await services.resourceGuard.uploadMaxBytes(), files: 1 },
      });
      if (!part)
        throw AppError.badRequest('Attach the file in the multipart field "file".', 'file');
      const file = await files.uploadFile(actor, params.id, query.role, query.sheetName, {
        filename: part.filename,
        stream: part.file,
      });
      reply.code(201);
      return file;
    },
  );
  registerEndpoint(app, endpoints.deleteJobFile, ({ actor, params }) =>
    files.deleteFile(actor, params.id, params.fileId),
  );
  registerEndpoint(app, endpoints.saveJobFileMapping, ({ actor, params, body }) =>
    files.saveMapping(actor, params.id, params.fileId, body),
  );
  registerEndpoint(app, endpoints.previewJobFile, ({ actor, params, query }) =>
    files.preview(actor, params.id, params.fileId, query.rows),
  );
  registerEndpoint(app, endpoints.validateJobFile, ({ actor, params }) =>
    files.validate(actor, params.id, params.fileId),
  );
  registerEndpoint(app, endpoints.downloadJobFileRejects, async ({ actor, params, reply }) => {
    const csv = await files.rejectsCsv(actor, params.id, params.fileId);
    await reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="rejected-rows-${params.fileId}.csv"`)
      .send(csv);
    return '';
  });
}
