import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import {
  CHAT_TEXTS,
  type ChatHealth,
  type ChatMessageRequest,
  type ChatReply,
  type Conversation,
} from '@b2b/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.js';
import type { Actor } from '../../lib/actor.js';
import { AppError } from '../../lib/app-error.js';
import { createAnswerer, type Turn } from './answerer.js';
import { createChatDocumentsRepo } from './chat-documents.repo.js';
import { createChatLogsRepo } from './chat-logs.repo.js';
import { createChatRetrievalRepo } from './chat-retrieval.repo.js';
import { presentLogEntry } from './chat.presenter.js';
import { LLM_HISTORY_TURNS } from './llm-answer.js';
import type { LlmClient } from './llm-client.js';
import { createRetriever } from './retriever.js';

export type ChatServiceDeps = {
  llm: LlmClient | undefined;
  /** The active chat system prompt (AI prompts area), read for every model call. */
  systemPrompt: () => Promise<string>;
  retentionDays: number;
  log: FastifyBaseLogger;
};

const seconds = (ms: number) => Math.round(ms) / 1000;

/** The chat assistant: questions, the caller's own conversations, health and log retention. */
export function createChatService(db: Database, deps: ChatServiceDeps) {
  const logs = createChatLogsRepo(db);
  const documents = createChatDocumentsRepo(db);
  const retrievalRepo = createChatRetrievalRepo(db);
  const retriever = createRetriever(retrievalRepo);
  const answerer = createAnswerer({ ...deps, retriever, retrievalRepo });

  /** The conversation if the actor owns it; anyone else's (or none) is 404. */
  async function ownConversation(actor: Actor, id: string) {
    const conversation = await logs.findConversation(id);
    if (!conversation || conversation.userId !== actor.userId) {
      throw AppError.notFound(CHAT_TEXTS.conversationNotFound);
    }
    return conversation;
  }

  return {
    retriever,

    /** Answers a question in one of the actor's conversations (a new one without an id). */
    async sendMessage(actor: Actor, input: ChatMessageRequest): Promise<ChatReply> {
      const started = performance.now();
      // A conversation the client names is claimed (or found to be someone else's: 404) before
      // answering; a new one is written with its first exchange.
      const conversationId = input.conversation_id ?? randomUUID();
      const isNew = input.conversation_id === undefined;
      if (!isNew && (await logs.claimConversation(conversationId, actor.userId)) !== actor.userId) {
        throw AppError.notFound(CHAT_TEXTS.conversationNotFound);
      }
      const history: Turn[] =
        deps.llm || input.conversation_id
          ? (await logs.latest(conversationId, LLM_HISTORY_TURNS)).reverse()
          : [];
      const answer = await answerer.answer(input.question, history);
      const processingTime = seconds(performance.now() - started);
      await (isNew ? logs.insertFirstLog : logs.insertLog)({
        conversationId,
        userId: actor.userId,
        question: input.question,
        answer: answer.answer,
        sources: answer.sources,
        processingTime,
        tokenCount: answer.tokenCount,
        answerMode: answer.mode,
      });
      return {
        answer: answer.answer,
        sources: answer.sources,
        conversation_id: conversationId,
        processing_time: processingTime,
        token_count: answer.tokenCount,
      };
    },

    async getConversation(
      actor: Actor,
      id: string,
      limit: number,
      offset: number,
    ): Promise<Conversation> {
      await ownConversation(actor, id);
      const [history, summary] = [await logs.history(id, limit, offset), await logs.summary(id)];
      return {
        conversation_id: id,
        history: history.map(presentLogEntry),
        summary: {
          message_count: summary.messageCount,
          started_at: summary.startedAt?.toISOString() ?? null,
          last_message_at: summary.lastMessageAt?.toISOString() ?? null,
        },
        limit,
        offset,
      };
    },

    async deleteConversation(actor: Actor, id: string) {
      await ownConversation(actor, id);
      const deleted = await logs.deleteConversation(id, actor.userId);
      if (deleted === undefined) throw AppError.notFound(CHAT_TEXTS.conversationNotFound);
      return { conversation_id: id, deleted_messages: deleted };
    },

    /** Ready when the index answers and holds documents; the model is reported, not required. */
    async health(): Promise<ChatHealth> {
      let counts: { documents: number; chunks: number } | undefined;
      try {
        counts = await documents.counts();
      } catch (error) {
        deps.log.error({ err: error }, 'chat index unavailable');
      }
      const ready = !!counts && counts.chunks > 0;
      const ping = deps.llm ? await deps.llm.ping() : undefined;
      return {
        healthy: ready,
        index: { ready, document_count: counts?.documents ?? 0, chunk_count: counts?.chunks ?? 0 },
        answer_mode: deps.llm ? 'llm' : 'extractive',
        llm: {
          configured: !!deps.llm,
          reachable: ping ? ping.reachable : null,
          model: deps.llm?.model ?? null,
          message: ping?.message ?? null,
        },
      };
    },

    /** Deletes exchanges older than the retention period (and conversations left empty). */
    async purgeExpiredLogs(now = new Date()): Promise<{ logs: number; conversations: number }> {
      const cutoff = new Date(now.getTime() - deps.retentionDays * 86_400_000);
      return logs.deleteLogsBefore(cutoff);
    },
  };
}
export type ChatService = ReturnType<typeof createChatService>;
