import type { FastifyBaseLogger } from 'fastify';
import type { AiPromptsService } from '../ai-prompts/ai-prompts.service.js';
import type { ChatDocumentsService } from './chat-documents.service.js';

/**
 * Run once at server start: installs the shipped chat system prompt and indexes the product's
 * own user guide when the index is empty, so the assistant answers from the first start. Both
 * are idempotent; a failure is logged and never stops the server.
 */
export async function prepareChat(
  services: { aiPrompts: AiPromptsService; chatDocuments: ChatDocumentsService },
  log: FastifyBaseLogger,
): Promise<void> {
  try {
    await services.aiPrompts.installShippedPrompts();
    const { indexed } = await services.chatDocuments.indexShippedDocuments();
    if (indexed.length)
      log.info({ documents: indexed }, 'indexed the shipped user guide for the chat');
  } catch (error) {
    log.error({ err: error }, 'could not prepare the chat assistant');
  }
}
