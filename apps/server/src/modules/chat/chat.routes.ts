import { CHAT_TEXTS, chatEndpoints as endpoints, type FailedFile } from '@b2b/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.js';
import { registerEndpoint } from '../../lib/endpoint.js';
import type { AppContext } from '../../services.js';
import type { IncomingFile, UploadedDocument } from './chat-documents.service.js';

/** The files of a multipart upload, one at a time, so a big upload is never all in memory. */
async function* incomingFiles(request: FastifyRequest): AsyncGenerator<IncomingFile> {
  if (!request.isMultipart()) throw AppError.badRequest(CHAT_TEXTS.noFiles, 'files');
  for await (const part of request.files()) {
    const bytes = await part.toBuffer();
    yield { filename: part.filename, bytes, truncated: part.file.truncated };
  }
}

export function registerChatRoutes(app: FastifyInstance, { services }: AppContext): void {
  const { chat, chatDocuments } = services;

  registerEndpoint(app, endpoints.sendChatMessage, async ({ actor, body }) =>
    chat.sendMessage(actor, body),
  );
  registerEndpoint(app, endpoints.getChatConversation, async ({ actor, params, query }) =>
    chat.getConversation(actor, params.id, query.limit, query.offset),
  );
  registerEndpoint(app, endpoints.deleteChatConversation, async ({ actor, params }) =>
    chat.deleteConversation(actor, params.id),
  );
  registerEndpoint(app, endpoints.getChatHealth, async () => chat.health());

  registerEndpoint(app, endpoints.listChatDocuments, async ({ query }) =>
    chatDocuments.list(query.limit, query.offset),
  );
  registerEndpoint(app, endpoints.deleteChatDocument, async ({ query }) =>
    chatDocuments.delete(query.filename),
  );
  registerEndpoint(app, endpoints.searchChatDocuments, async ({ body }) =>
    chatDocuments.search(body.question, body.limit),
  );
  registerEndpoint(app, endpoints.uploadChatDocuments, async ({ actor, request }) => {
    const uploaded: UploadedDocument[] = [];
    const failed: FailedFile[] = [];
    for await (const file of incomingFiles(request)) {
      const result = await chatDocuments.indexUpload(actor, file);
      if ('error' in result) failed.push(result);
      else uploaded.push(result);
    }
    if (uploaded.length === 0 && failed.length === 0)
      throw AppError.badRequest(CHAT_TEXTS.noFiles, 'files');
    return { uploaded, failed_files: failed };
  });
}
