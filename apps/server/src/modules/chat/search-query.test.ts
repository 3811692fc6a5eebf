import { describe, expect, it } from 'vitest';
import type { CandidatePassage } from './chat-retrieval.repo.js';
import { coverageOf, rankPassages } from './retriever.js';
import { describeQuery, parseQuestion } from './text/search-query.js';

describe('parseQuestion', () => {
  it('keeps the words worth searching for and drops common and filler words', () => {
    const items = parseQuestion('Please tell me: how does the matching of suppliers work?');
    expect(items.map((i) => i.text)).toEqual(["'matching'", "'suppliers'", "'work'"]);
  });

  it('turns a quoted phrase into a phrase search and word* into a prefix search', () => {
    const items = parseQuestion('"virtual card" rules for enrol* campaigns');
    expect(items.map((i) => i.text)).toEqual([
      "'virtual' <-> 'card'",
      "'rules'",
      "'enrol':*",
      "'campaigns'",
    ]);
    expect(describeQuery(items)).toBe('"virtual card" | rules | enrol* | campaigns');
  });

  it('quotes apostrophes safely and removes duplicates', () => {
    const items = parseQuestion("supplier's supplier's score score");
    expect(items.map((i) => i.text)).toEqual(["'supplier''s'", "'score'"]);
  });

  it('keeps numbers, even single digits, and letters of any script', () => {
    expect(parseQuestion('MCC 7 and Lieferantenübersicht').map((i) => i.label)).toEqual([
      'mcc',
      '7',
      'lieferantenübersicht',
    ]);
  });

  it('gives nothing to search for a question of only common words', () => {
    expect(parseQuestion('What is it and how?')).toEqual([]);
  });
});

const passage = (over: Partial<CandidatePassage>): CandidatePassage => ({
  id: 'p',
  filename: 'guide.md',
  page: 1,
  chunkIndex: 0,
  heading: null,
  content: '',
  language: 'english',
  matchedIdf: 1,
  density: 0,
  ...over,
});

describe('rankPassages', () => {
  it('orders by the weight of the matched items, raised by density, and numbers the ranks', () => {
    const ranked = rankPassages(
      [
        passage({ id: 'a', matchedIdf: 4, density: 0 }),
        passage({ id: 'b', matchedIdf: 3, density: 0.5 }),
        passage({ id: 'c', matchedIdf: 6, density: 0.1 }),
      ],
      2,
    );
    expect(ranked.map((p) => [p.id, p.rank])).toEqual([
      ['c', 1],
      ['b', 2],
    ]);
    expect(ranked[0]!.score).toBeCloseTo(6.6);
  });

  it('breaks ties by document and position, so results are stable', () => {
    const ranked = rankPassages(
      [
        passage({ id: 'z2', filename: 'z.md', chunkIndex: 2 }),
        passage({ id: 'a5', filename: 'a.md', chunkIndex: 5 }),
        passage({ id: 'a1', filename: 'a.md', chunkIndex: 1 }),
      ],
      3,
    );
    expect(ranked.map((p) => p.id)).toEqual(['a1', 'a5', 'z2']);
  });
});

describe('coverageOf', () => {
  it('is the share of the question weight the best passage matches', () => {
    expect(coverageOf(passage({ matchedIdf: 3 }), [3, 1, 0])).toBeCloseTo(0.75);
    expect(coverageOf(undefined, [1])).toBe(0);
    expect(coverageOf(passage({ matchedIdf: 3 }), [0, 0])).toBe(0);
  });
});
