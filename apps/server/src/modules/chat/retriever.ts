import type { CandidatePassage, ChatRetrievalRepo } from './chat-retrieval.repo.js';
import { parseQuestion, type QueryItem } from './text/search-query.js';

export type RankedPassage = CandidatePassage & { rank: number; score: number };

/** What retrieval found for a question. */
export type Retrieval = {
  items: QueryItem[];
  /** Each item's inverse document frequency; 0 when it is only a common word. */
  itemIdf: number[];
  passages: RankedPassage[];
  /** Share (0–1) of the question's weight the best passage covers; low means "not found". */
  coverage: number;
};

/** Candidates fetched before ranking: enough that proximity can reorder near-ties. */
const CANDIDATES = 60;
/**
 * Below this coverage the documents do not answer the question. Calibrated on the labelled
 * questions of bench/chat-questions.json (answerable ones and out-of-scope ones).
 */
export const MIN_COVERAGE = 0.47;

/**
 * Orders candidates by the IDF mass of the query items they contain, raised by ts_rank_cd's
 * density (proximity, repetition, a match in the heading). Pure; unit-tested.
 */
export function rankPassages(candidates: CandidatePassage[], limit: number): RankedPassage[] {
  return candidates
    .map((c) => ({ ...c, score: c.matchedIdf * (1 + Math.min(c.density, 1)) }))
    .sort(
      (a, b) =>
        b.score - a.score || a.filename.localeCompare(b.filename) || a.chunkIndex - b.chunkIndex,
    )
    .slice(0, limit)
    .map((c, i) => ({ ...c, rank: i + 1 }));
}

/** The best passage's share of the question's total weight. */
export function coverageOf(best: CandidatePassage | undefined, itemIdf: number[]): number {
  const total = itemIdf.reduce((a, b) => a + b, 0);
  return best && total > 0 ? Math.min(1, best.matchedIdf / total) : 0;
}

export function createRetriever(repo: ChatRetrievalRepo) {
  return {
    /** The `limit` best passages for a question, best first. */
    async retrieve(question: string, limit: number): Promise<Retrieval> {
      const items = parseQuestion(question);
      const { passages, itemIdf } = await repo.findCandidates(
        items.map((i) => i.text),
        Math.max(CANDIDATES, limit),
      );
      const ranked = rankPassages(passages, limit);
      const best = [...passages].sort((a, b) => b.matchedIdf - a.matchedIdf)[0];
      return { items, itemIdf, passages: ranked, coverage: coverageOf(best, itemIdf) };
    },
  };
}
export type Retriever = ReturnType<typeof createRetriever>;
