import type { ChatSource } from '@b2b/contract';
import type { RankedPassage } from './retriever.js';
import { sentencesOf } from './text/sentences.js';

/** A sentence of a retrieved passage and the query items it contains. */
export type CandidateSentence = { text: string; passage: RankedPassage; position: number };

/** Passages an extractive answer draws from. */
export const ANSWER_PASSAGES = 3;
const ANSWER_SENTENCES = 3;
/** A sentence of the first passage must score this share of its best sentence to be quoted. */
const SENTENCE_KEEP_RATIO = 0.6;

/** Plain sentence text without Markdown marks: list bullets, emphasis, table pipes, heading hashes. */
export function plainText(text: string): string {
  return text
    .replace(/^\s*(#{1,6}\s+|[-*+]\s+|\d+[.)]\s+|>\s*)/, '')
    .replace(/\*\*|__|`/g, '')
    .replace(/\s*\|\s*/g, ' | ')
    .trim()
    .replace(/^\|\s*|\s*\|$/g, '');
}

/** The sentences of the passages worth quoting, in passage order, without repeats (overlaps). */
export function candidateSentences(passages: RankedPassage[]): CandidateSentence[] {
  const seen = new Set<string>();
  const sentences: CandidateSentence[] = [];
  for (const passage of passages) {
    sentencesOf(passage.content).forEach((raw, position) => {
      const text = plainText(raw);
      const key = text.toLowerCase();
      // Headings alone ("Scoring") are labels, not answers.
      if (text.length < 20 || seen.has(key) || (passage.heading ?? '').toLowerCase().endsWith(key))
        return;
      seen.add(key);
      sentences.push({ text, passage, position });
    });
  }
  return sentences;
}

/**
 * Builds the offline answer. A sentence scores the share of the question's weight (IDF) it
 * carries, counting its passage's heading too ("The routes are…" under "Campaigns and routes").
 * The best-ranked passage speaks first: its strong sentences, in order; another passage adds a
 * sentence only when that sentence says more than any of the first passage's. At most three
 * sentences, each followed by the number of its source.
 */
export function composeExtractiveAnswer(
  sentences: CandidateSentence[],
  matchedItems: number[][],
  itemIdf: number[],
  headingItems: ReadonlyMap<string, number[]> = new Map(),
): { answer: string; sources: ChatSource[] } | undefined {
  const total = itemIdf.reduce((a, b) => a + b, 0) || 1;
  const scored = sentences
    .map((s, i) => {
      const items = new Set([
        ...(matchedItems[i] ?? []),
        ...(headingItems.get(s.passage.id) ?? []),
      ]);
      const own = (matchedItems[i] ?? []).length > 0;
      const weight = [...items].reduce((sum, item) => sum + (itemIdf[item] ?? 0), 0);
      return { ...s, score: own ? weight / total : 0 };
    })
    .filter((s) => s.score > 0);
  if (scored.length === 0) return undefined;

  const topRank = Math.min(...scored.map((s) => s.passage.rank));
  const first = scored.filter((s) => s.passage.rank === topRank);
  const firstBest = Math.max(...first.map((s) => s.score));
  const fromFirst = first
    .filter((s) => s.score >= firstBest * SENTENCE_KEEP_RATIO)
    .sort((a, b) => b.score - a.score || a.position - b.position)
    .slice(0, ANSWER_SENTENCES - 1)
    .sort((a, b) => a.position - b.position);
  const better = scored
    .filter((s) => s.passage.rank !== topRank && s.score > firstBest)
    .sort((a, b) => b.score - a.score || a.passage.rank - b.passage.rank)
    .slice(0, 1);
  const chosen = [...fromFirst, ...better];

  const sources: ChatSource[] = [];
  const numberOf = new Map<string, number>();
  const parts = chosen.map((s) => {
    let n = numberOf.get(s.passage.id);
    if (n === undefined) {
      sources.push({
        source: s.passage.filename,
        page: s.passage.page,
        content: s.passage.content,
      });
      n = sources.length;
      numberOf.set(s.passage.id, n);
    }
    const sentence = /[.!?:]$/.test(s.text) ? s.text : `${s.text}.`;
    return `${sentence} [${n}]`;
  });
  return { answer: parts.join(' '), sources };
}
