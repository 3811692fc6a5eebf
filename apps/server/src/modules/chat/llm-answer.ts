import type { ChatSource } from '@b2b/contract';
import type { LlmMessage } from './llm-client.js';
import type { RankedPassage } from './retriever.js';

/** Passages a model is given to answer from. */
export const LLM_PASSAGES = 5;
/** Earlier exchanges of the conversation a model sees, so follow-up questions make sense. */
export const LLM_HISTORY_TURNS = 6;

/** The messages of one completion: system prompt with numbered passages, earlier turns, question. */
export function buildLlmMessages(
  systemPrompt: string,
  passages: RankedPassage[],
  history: { question: string; answer: string }[],
  question: string,
): LlmMessage[] {
  const context = passages
    .map(
      (p, i) =>
        `[${i + 1}] ${p.filename}, page ${p.page}${p.heading ? ` (${p.heading})` : ''}\n${p.content}`,
    )
    .join('\n\n');
  return [
    { role: 'system', content: `${systemPrompt}\n\nPassages:\n\n${context}` },
    ...history.flatMap((turn): LlmMessage[] => [
      { role: 'user', content: turn.question },
      { role: 'assistant', content: turn.answer },
    ]),
    { role: 'user', content: question },
  ];
}

/**
 * Keeps the passages the answer cites, renumbered 1..n in order of first citation, and rewrites
 * the answer's markers to match. An answer that cites nothing keeps every passage as a source.
 */
export function citedSources(
  answer: string,
  passages: RankedPassage[],
): { answer: string; sources: ChatSource[] } {
  const renumber = new Map<number, number>();
  for (const match of answer.matchAll(/\[(\d+)\]/g)) {
    const n = Number(match[1]);
    if (n >= 1 && n <= passages.length && !renumber.has(n)) renumber.set(n, renumber.size + 1);
  }
  const toSource = (p: RankedPassage): ChatSource => ({
    source: p.filename,
    page: p.page,
    content: p.content,
  });
  if (renumber.size === 0) return { answer, sources: passages.map(toSource) };
  return {
    answer: answer.replace(/\[(\d+)\]/g, (marker, n: string) => {
      const mapped = renumber.get(Number(n));
      return mapped ? `[${mapped}]` : marker;
    }),
    sources: [...renumber.keys()].map((n) => toSource(passages[n - 1]!)),
  };
}
