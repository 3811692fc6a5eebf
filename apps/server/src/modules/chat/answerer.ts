import { CHAT_TEXTS, type ChatSource } from '@b2b/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { ChatRetrievalRepo } from './chat-retrieval.repo.js';
import {
  ANSWER_PASSAGES,
  candidateSentences,
  composeExtractiveAnswer,
} from './extractive-answer.js';
import { wordsOf } from './text/language.js';
import { buildLlmMessages, citedSources, LLM_PASSAGES } from './llm-answer.js';
import type { LlmClient } from './llm-client.js';
import { MIN_COVERAGE, type Retrieval, type Retriever } from './retriever.js';

export type AnswerMode = 'llm' | 'extractive' | 'nothing-found' | 'llm-fallback';
export type Answer = {
  answer: string;
  sources: ChatSource[];
  tokenCount: number;
  mode: AnswerMode;
};
export type Turn = { question: string; answer: string };

/** Passages within this share of the best score still take part in an answer. */
const PASSAGE_KEEP_RATIO = 0.5;

/**
 * Answers a question from the index: with a model when one is configured (falling back to the
 * extractive answer if it fails), otherwise from the best-matching sentences. When the
 * documents do not cover the question it says so instead of guessing.
 */
export function createAnswerer(deps: {
  retriever: Retriever;
  retrievalRepo: ChatRetrievalRepo;
  llm: LlmClient | undefined;
  systemPrompt: () => Promise<string>;
  log: FastifyBaseLogger;
}) {
  async function retrieveWithContext(question: string, history: Turn[]): Promise<Retrieval> {
    const retrieval = await deps.retriever.retrieve(question, LLM_PASSAGES);
    const previous = history[history.length - 1];
    if (retrieval.coverage >= MIN_COVERAGE || !previous) return retrieval;
    // A follow-up ("and for virtual cards?") leans on the previous question's words.
    const combined = await deps.retriever.retrieve(
      `${previous.question} ${question}`,
      LLM_PASSAGES,
    );
    return combined.coverage > retrieval.coverage ? combined : retrieval;
  }

  async function extractive(retrieval: Retrieval): Promise<Omit<Answer, 'mode'> | undefined> {
    const best = retrieval.passages[0]!.score;
    const passages = retrieval.passages
      .filter((p) => p.score >= best * PASSAGE_KEEP_RATIO)
      .slice(0, ANSWER_PASSAGES);
    const sentences = candidateSentences(passages);
    const headed = passages.filter((p) => p.heading);
    const matched = await deps.retrievalRepo.matchSentences(
      [...sentences.map((s) => ({ text: s.text, language: s.passage.language }))].concat(
        headed.map((p) => ({ text: p.heading!, language: p.language })),
      ),
      retrieval.items.map((i) => i.text),
    );
    const headingItems = new Map(headed.map((p, i) => [p.id, matched[sentences.length + i]!]));
    const composed = composeExtractiveAnswer(
      sentences,
      matched.slice(0, sentences.length),
      retrieval.itemIdf,
      headingItems,
    );
    return composed && { ...composed, tokenCount: wordsOf(composed.answer).length };
  }

  return {
    async answer(question: string, history: Turn[]): Promise<Answer> {
      const retrieval = await retrieveWithContext(question, history);
      const nothing: Answer = {
        answer: CHAT_TEXTS.nothingFound,
        sources: [],
        tokenCount: 0,
        mode: 'nothing-found',
      };
      if (retrieval.passages.length === 0 || retrieval.coverage < MIN_COVERAGE) return nothing;
      if (deps.llm) {
        try {
          const messages = buildLlmMessages(
            await deps.systemPrompt(),
            retrieval.passages,
            history,
            question,
          );
          const completion = await deps.llm.complete(messages);
          const cited = citedSources(completion.content, retrieval.passages);
          const tokenCount =
            completion.totalTokens ??
            wordsOf(messages.map((m) => m.content).join(' ') + cited.answer).length;
          return { ...cited, tokenCount, mode: 'llm' };
        } catch (error) {
          deps.log.warn(
            { err: error },
            'chat model failed; answering from the documents without it',
          );
          const fallback = await extractive(retrieval);
          return fallback ? { ...fallback, mode: 'llm-fallback' } : nothing;
        }
      }
      const offline = await extractive(retrieval);
      return offline ? { ...offline, mode: 'extractive' } : nothing;
    },
  };
}
