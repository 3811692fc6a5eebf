import { toolsEndpoints as endpoints } from '@b2b/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.js';
import { registerEndpoint } from '../../lib/endpoint.js';
import type { AppContext } from '../../services.js';
import type { AddressUpload } from './address-tools.service.js';

/**
 * An address file as it streams in, cut at the resource guard's upload limit: the service keeps
 * a small one in memory and stores a large one for the ProcessAddressFile command.
 */
async function addressFile(request: FastifyRequest, maxBytes: number): Promise<AddressUpload> {
  if (!request.isMultipart())
    throw AppError.badRequest('Send the file as multipart/form-data.', 'file');
  const part = await request.file({ limits: { fileSize: maxBytes, files: 1 } });
  if (!part) throw AppError.badRequest('Attach the file in the multipart field "file".', 'file');
  return { fileName: part.filename, stream: part.file, truncated: () => part.file.truncated };
}

export function registerToolsRoutes(app: FastifyInstance, { services }: AppContext): void {
  const { addressTools, sendEmail, resourceGuard } = services;
  registerEndpoint(app, endpoints.parseAddress, ({ body }) => addressTools.parse(body));
  registerEndpoint(app, endpoints.parseAddressFile, async ({ actor, query, request }) =>
    addressTools.parseFile(
      actor,
      await addressFile(request, await resourceGuard.uploadMaxBytes()),
      query,
    ),
  );
  registerEndpoint(app, endpoints.validateAddress, async ({ body }) => addressTools.validate(body));
  registerEndpoint(app, endpoints.validateAddressFile, async ({ actor, query, request }) =>
    addressTools.validateFile(
      actor,
      await addressFile(request, await resourceGuard.uploadMaxBytes()),
      query,
    ),
  );
  registerEndpoint(app, endpoints.getAddressFileRun, ({ actor, params }) =>
    addressTools.getRun(actor, params.runId),
  );
  registerEndpoint(app, endpoints.addressFileRunResult, async ({ actor, params, reply }) => {
    const file = await addressTools.runFile(actor, params.runId);
    return reply
      .type(file.contentType)
      .header('content-disposition', `attachment; filename="${file.fileName}"`)
      .header('cache-control', 'no-store')
      .send(file.body);
  });
  registerEndpoint(app, endpoints.getMailTransport, async () => sendEmail.transport());
  registerEndpoint(app, endpoints.sendEmail, ({ actor, body }) => sendEmail.send(actor, body));
}
