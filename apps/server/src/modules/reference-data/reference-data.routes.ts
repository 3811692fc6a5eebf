import { referenceDataEndpoints as endpoints } from '@b2b/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/app-error.js';
import { registerEndpoint } from '../../lib/endpoint.js';
import type { AppContext } from '../../services.js';

export function registerReferenceDataRoutes(app: FastifyInstance, { services }: AppContext): void {
  const { referenceData } = services;

  registerEndpoint(app, endpoints.listReferenceVersions, () => referenceData.listVersions());
  registerEndpoint(app, endpoints.uploadReferenceFile, async ({ actor, request, reply }) => {
    if (!request.isMultipart())
      throw AppError.badRequest('Send the file as multipart/form-data.', 'file');
    // The job upload's limit (the resource guard's): reference files are as big as the biggest
    // buyer files.
    const fileSize = await services.resourceGuard.uploadMaxBytes();
    const part = await request.file({ limits: { fileSize, files: 1 } });
    if (!part) throw AppError.badRequest('Attach the file in the multipart field "file".', 'file');
    const upload = await referenceData.upload(actor, {
      filename: part.filename,
      stream: part.file,
    });
    reply.code(201);
    return upload;
  });
  registerEndpoint(app, endpoints.startReferenceImport, async ({ actor, body, reply }) => {
    reply.code(201);
    return referenceData.startImport(actor, body);
  });
  registerEndpoint(app, endpoints.getReferenceImport, ({ params }) =>
    referenceData.importStatus(params.commandId),
  );
  registerEndpoint(app, endpoints.downloadReferenceRejects, async ({ params, reply }) => {
    const csv = await referenceData.rejectedRowsCsv(params.versionId);
    await reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="rejected-rows-${params.versionId}.csv"`)
      .send(csv);
    return '';
  });
}
