import { describe, expect, it } from 'vitest';
import { candidateSentences, composeExtractiveAnswer, plainText } from './extractive-answer.js';
import { buildLlmMessages, citedSources } from './llm-answer.js';
import type { RankedPassage } from './retriever.js';

const passage = (over: Partial<RankedPassage>): RankedPassage => ({
  id: over.id ?? 'p1',
  filename: 'guide.md',
  page: 1,
  chunkIndex: 0,
  heading: null,
  content: '',
  language: 'english',
  matchedIdf: 1,
  density: 0,
  rank: 1,
  score: 1,
  ...over,
});

describe('plainText', () => {
  it('drops Markdown marks', () => {
    expect(plainText('- **STP** uses `cards`')).toBe('STP uses cards');
    expect(plainText('| a | b |')).toBe('a | b');
  });
});

describe('composeExtractiveAnswer', () => {
  const first = passage({
    id: 'p1',
    heading: 'Virtual cards',
    content:
      'Virtual cards\nThey are single-use card numbers. The weather is irrelevant here today.',
    score: 4,
  });
  const second = passage({
    id: 'p2',
    filename: 'other.md',
    page: 3,
    rank: 2,
    content: 'A virtual card number is sent with the remittance advice to the supplier.',
    score: 3,
  });
  // Items: 0 'virtual', 1 'card', 2 'numbers', 3 'remittance'
  const idf = [2, 1, 1, 1];

  it('lists the sentences without headings or repeats', () => {
    expect(candidateSentences([first, second, first]).map((s) => s.text)).toEqual([
      'They are single-use card numbers.',
      'The weather is irrelevant here today.',
      'A virtual card number is sent with the remittance advice to the supplier.',
    ]);
  });

  it('lets the best passage speak first, its heading counting for its sentences', () => {
    const sentences = candidateSentences([first, second]);
    const headings = new Map([['p1', [0, 1]]]);
    const answer = composeExtractiveAnswer(sentences, [[1, 2], [], [0, 1, 2]], idf, headings);
    expect(answer).toEqual({
      answer: 'They are single-use card numbers. [1]',
      sources: [{ source: 'guide.md', page: 1, content: first.content }],
    });
  });

  it('adds a sentence of another passage only when it says more, with its own source number', () => {
    const sentences = candidateSentences([first, second]);
    const answer = composeExtractiveAnswer(sentences, [[1, 2], [], [0, 1, 2, 3]], idf);
    expect(answer).toEqual({
      answer:
        'They are single-use card numbers. [1] A virtual card number is sent with the remittance advice to the supplier. [2]',
      sources: [
        { source: 'guide.md', page: 1, content: first.content },
        { source: 'other.md', page: 3, content: second.content },
      ],
    });
  });

  it('says nothing when no sentence matches (a heading alone is not enough)', () => {
    const sentences = candidateSentences([first, second]);
    const headings = new Map([['p1', [0, 1]]]);
    expect(composeExtractiveAnswer(sentences, [[], [], []], idf, headings)).toBeUndefined();
  });
});

describe('the model answer', () => {
  const passages = [
    passage({ id: 'a', filename: 'a.md', page: 2, content: 'Alpha.', heading: 'A' }),
    passage({ id: 'b', filename: 'b.md', page: 5, content: 'Beta.' }),
    passage({ id: 'c', filename: 'c.md', page: 7, content: 'Gamma.' }),
  ];

  it('gives the model the prompt, numbered passages, earlier turns and the question', () => {
    const messages = buildLlmMessages(
      'PROMPT',
      passages.slice(0, 2),
      [{ question: 'Q1', answer: 'A1' }],
      'Q2',
    );
    expect(messages).toEqual([
      {
        role: 'system',
        content: 'PROMPT\n\nPassages:\n\n[1] a.md, page 2 (A)\nAlpha.\n\n[2] b.md, page 5\nBeta.',
      },
      { role: 'user', content: 'Q1' },
      { role: 'assistant', content: 'A1' },
      { role: 'user', content: 'Q2' },
    ]);
  });

  it('keeps only the cited passages as sources and renumbers the citations', () => {
    expect(citedSources('Gamma first [3], then alpha [1][3]. Unknown [9].', passages)).toEqual({
      answer: 'Gamma first [1], then alpha [2][1]. Unknown [9].',
      sources: [
        { source: 'c.md', page: 7, content: 'Gamma.' },
        { source: 'a.md', page: 2, content: 'Alpha.' },
      ],
    });
    expect(citedSources('No citations.', passages).sources).toHaveLength(3);
  });
});
