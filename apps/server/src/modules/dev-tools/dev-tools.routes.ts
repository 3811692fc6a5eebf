import { devToolsEndpoints as endpoints } from '@b2b/contract';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.js';
import { registerEndpoint } from '../../lib/endpoint.js';
import type { AppContext } from '../../services.js';

/** The upload's file part; the fields sent before it are in its `fields`. */
async function csvPart(request: FastifyRequest, maxBytes: number): Promise<MultipartFile> {
  if (!request.isMultipart())
    throw AppError.badRequest('Send the file as multipart/form-data.', 'file');
  const part = await request.file({ limits: { fileSize: maxBytes, files: 1 } });
  if (!part) throw AppError.badRequest('Attach the file in the multipart field "file".', 'file');
  return part;
}

function fieldText(part: MultipartFile, name: string): string | undefined {
  const field = part.fields[name];
  return field && !Array.isArray(field) && field.type === 'field' ? String(field.value) : undefined;
}

const uploadOf = (part: MultipartFile) => ({
  fileName: part.filename,
  stream: part.file,
  truncated: () => part.file.truncated,
});

export function registerDevToolsRoutes(app: FastifyInstance, { services, config }: AppContext) {
  const { devTools, debugLogging, resetAllJobs, databaseAnonymizer } = services;
  // The job upload limit: the anonymizer prepares files for jobs.
  const maxBytes = config.jobs.uploadMaxBytes;
  registerEndpoint(app, endpoints.previewAnonymizeCsv, async ({ request }) =>
    devTools.previewCsv(uploadOf(await csvPart(request, maxBytes))),
  );
  registerEndpoint(app, endpoints.anonymizeCsv, async ({ request, reply }) => {
    const part = await csvPart(request, maxBytes);
    const { fileName, body } = await devTools.anonymizeCsv(uploadOf(part), {
      treatments: fieldText(part, 'treatments'),
      key: fieldText(part, 'key'),
    });
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${fileName}"`)
      .header('cache-control', 'no-store')
      .send(body);
  });

  registerEndpoint(app, endpoints.getDebugLogging, ({ query }) => debugLogging.state(query));
  registerEndpoint(app, endpoints.startDebugLogging, ({ actor, body }) =>
    debugLogging.start(actor, body),
  );
  registerEndpoint(app, endpoints.stopDebugLogging, ({ actor }) => debugLogging.end(actor));
  registerEndpoint(app, endpoints.resetAllJobs, ({ actor, body }) =>
    resetAllJobs.resetAll(actor, body.confirmation),
  );
  registerEndpoint(app, endpoints.anonymizeDatabase, ({ actor, body }) =>
    databaseAnonymizer.anonymize(actor, body),
  );
}
