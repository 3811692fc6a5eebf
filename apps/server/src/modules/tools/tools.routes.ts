import { toolsEndpoints as endpoints } from '@b2b/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.js';
import { registerEndpoint } from '../../lib/endpoint.js';
import type { AppContext } from '../../services.js';
import type { UploadedFile } from './address-tools.service.js';

/** An address file: at most this size (10,000 addresses of 500 characters fit). */
const ADDRESS_FILE_MAX_BYTES = 5 * 1024 * 1024;

async function addressFile(request: FastifyRequest): Promise<UploadedFile> {
  if (!request.isMultipart())
    throw AppError.badRequest('Send the file as multipart/form-data.', 'file');
  const part = await request.file({ limits: { fileSize: ADDRESS_FILE_MAX_BYTES, files: 1 } });
  if (!part) throw AppError.badRequest('Attach the file in the multipart field "file".', 'file');
  const data = await part.toBuffer();
  if (part.file.truncated)
    throw AppError.badRequest('file: larger than 5 MB; split it into several files', 'file');
  return { fileName: part.filename, data };
}

export function registerToolsRoutes(app: FastifyInstance, { services }: AppContext): void {
  const { addressTools, sendEmail } = services;
  registerEndpoint(app, endpoints.parseAddress, ({ body }) => addressTools.parse(body));
  registerEndpoint(app, endpoints.parseAddressFile, async ({ query, request }) =>
    addressTools.parseFile(await addressFile(request), query),
  );
  registerEndpoint(app, endpoints.validateAddress, async ({ body }) => addressTools.validate(body));
  registerEndpoint(app, endpoints.validateAddressFile, async ({ query, request }) =>
    addressTools.validateFile(await addressFile(request), query),
  );
  registerEndpoint(app, endpoints.getMailTransport, async () => sendEmail.transport());
  registerEndpoint(app, endpoints.sendEmail, ({ actor, body }) => sendEmail.send(actor, body));
}
