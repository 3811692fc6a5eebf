import type { Multipart, MultipartFile } from '@fastify/multipart';
import { videoResourcesEndpoints as endpoints } from '@b2b/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.js';
import { registerEndpoint } from '../../lib/endpoint.js';
import type { AppContext } from '../../services.js';
import { sendResourceContent } from './resource-content.js';
import type { IncomingResourceFile, MetadataFields } from './video-resources.service.js';

const FIELDS = ['title', 'description', 'tags', 'audienceRoles'] as const;

/** The text fields sent before the file (a later field is not seen: send the file last). */
function fieldsOf(part: MultipartFile): MetadataFields {
  const out: MetadataFields = {};
  for (const name of FIELDS) {
    const field = part.fields[name] as Multipart | Multipart[] | undefined;
    const first = Array.isArray(field) ? field[0] : field;
    if (first && first.type === 'field') out[name] = String(first.value);
  }
  return out;
}

/**
 * The one file of a multipart upload, streamed (never held in memory). The multipart limit is
 * one byte over VIDEO_MAX_BYTES, so the service sees that a file is too large and refuses it.
 */
async function uploadOf(request: FastifyRequest, maxBytes: number): Promise<MultipartFile> {
  if (!request.isMultipart())
    throw AppError.badRequest('Send the file as multipart/form-data.', 'file');
  const part = await request.file({ limits: { fileSize: maxBytes + 1, files: 1, fields: 10 } });
  if (!part) throw AppError.badRequest('Attach the file in the multipart field "file".', 'file');
  return part;
}

/** Runs `work` on the upload; when it refuses early, the rest of the file is still read. */
async function withUpload<T>(
  part: MultipartFile,
  work: (file: IncomingResourceFile) => Promise<T>,
): Promise<T> {
  try {
    return await work({ filename: part.filename, stream: part.file });
  } catch (error) {
    part.file.resume();
    throw error;
  }
}

export function registerVideoResourcesRoutes(
  app: FastifyInstance,
  { services, config }: AppContext,
): void {
  const { videoResources } = services;
  const { maxBytes } = config.videoResources;

  registerEndpoint(app, endpoints.listVideoResources, ({ query }) =>
    videoResources.list(query.search),
  );
  registerEndpoint(app, endpoints.getVideoResource, ({ params }) =>
    videoResources.get(params.videoResourceId),
  );
  registerEndpoint(app, endpoints.createVideoResource, async ({ actor, request, reply }) => {
    const part = await uploadOf(request, maxBytes);
    const created = await withUpload(part, (file) =>
      videoResources.create(actor, fieldsOf(part), file),
    );
    reply.code(201);
    return created;
  });
  registerEndpoint(app, endpoints.updateVideoResource, ({ actor, params, body }) =>
    videoResources.update(actor, params.videoResourceId, body),
  );
  registerEndpoint(app, endpoints.replaceVideoResourceFile, async ({ actor, params, request }) => {
    const part = await uploadOf(request, maxBytes);
    return withUpload(part, (file) =>
      videoResources.replaceFile(actor, params.videoResourceId, file),
    );
  });
  registerEndpoint(app, endpoints.deleteVideoResource, ({ actor, params }) =>
    videoResources.delete(actor, params.videoResourceId),
  );
  registerEndpoint(app, endpoints.listHubResources, ({ actor, query, request }) =>
    videoResources.hub(actor, request.activeRoles, query),
  );
  registerEndpoint(
    app,
    endpoints.getResourceContent,
    async ({ actor, params, query, request, reply }) => {
      const content = await videoResources.content(
        actor,
        request.activeRoles,
        params.videoResourceId,
      );
      return sendResourceContent(request, reply, content, query.download === 'true');
    },
  );
}
