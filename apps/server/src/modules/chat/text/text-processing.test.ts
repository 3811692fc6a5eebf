import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CHUNK_TARGET_CHARS, chunkPages } from './chunking.js';
import { detectLanguage } from './language.js';
import { PAGE_TARGET_CHARS, blocksOf, paginate } from './pagination.js';
import { sentencesOf } from './sentences.js';
import { SHIPPED_DOCUMENTS_DIR } from '../shipped-documents.js';
import { htmlToText } from './text-extraction.js';

const paragraph = (words: number, word = 'supplier') =>
  Array.from({ length: words }, (_, i) =>
    i % 12 === 0 ? capital(word) : i % 12 === 11 ? `${word}.` : word,
  ).join(' ');
const capital = (w: string) => w[0]!.toUpperCase() + w.slice(1);

describe('blocksOf', () => {
  it('splits at blank lines and keeps the chain of Markdown headings', () => {
    const blocks = blocksOf(
      '# Guide\nIntro line\n\n## Cards\nVirtual cards.\n\n### Fees\nLow.',
      true,
    );
    expect(blocks.map((b) => [b.text, b.heading, b.isHeading])).toEqual([
      ['# Guide', 'Guide', true],
      ['Intro line', 'Guide', false],
      ['## Cards', 'Guide › Cards', true],
      ['Virtual cards.', 'Guide › Cards', false],
      ['### Fees', 'Guide › Cards › Fees', true],
      ['Low.', 'Guide › Cards › Fees', false],
    ]);
  });

  it('treats # lines of plain text as text', () => {
    expect(blocksOf('# not a heading', false)[0]).toMatchObject({
      isHeading: false,
      heading: null,
    });
  });
});

describe('paginate', () => {
  it('makes pages of comparable length, never over the target, at paragraph ends', () => {
    const text = Array.from({ length: 20 }, () => paragraph(80)).join('\n\n');
    const pages = paginate(text, false);
    expect(pages.length).toBeGreaterThan(3);
    for (const page of pages) {
      const size = page.blocks.reduce((n, b) => n + b.text.length + 2, 0);
      expect(size).toBeLessThanOrEqual(PAGE_TARGET_CHARS);
    }
    expect(pages.map((p) => p.page)).toEqual(pages.map((_, i) => i + 1));
  });

  it('starts a page at a form feed and at a heading once the page is full enough', () => {
    expect(paginate('one\fTwo\f\fthree', false).map((p) => p.blocks[0]!.text)).toEqual([
      'one',
      'Two',
      'three',
    ]);
    const md = `## A\n\n${paragraph(200)}\n\n## B\n\nshort\n\n## C\n\n${paragraph(10)}`;
    expect(paginate(md, true).map((p) => p.blocks[0]!.text)).toEqual(['## A', '## B']);
  });

  it('splits a paragraph longer than a page at sentence ends', () => {
    const pages = paginate(paragraph(1200), false);
    expect(pages.length).toBeGreaterThan(1);
    expect(pages.every((p) => p.blocks.every((b) => b.text.length <= PAGE_TARGET_CHARS))).toBe(
      true,
    );
  });
});

describe('chunkPages', () => {
  it('makes overlapping passages of whole sentences that never span two pages', () => {
    const pages = paginate(`# Title\n\n${paragraph(150)}\n\f\n${paragraph(150, 'card')}`, true);
    const chunks = chunkPages(pages);
    expect(new Set(chunks.map((c) => c.page))).toEqual(new Set([1, 2]));
    for (const chunk of chunks) {
      expect(chunk.content.length).toBeLessThanOrEqual(CHUNK_TARGET_CHARS + 100);
      expect(chunk.content.includes('supplier') && chunk.content.includes('card')).toBe(false);
    }
    const [first, second] = chunks.filter((c) => c.page === 1);
    const lastSentence = sentencesOf(first!.content).at(-1)!;
    expect(second!.content.startsWith(lastSentence)).toBe(true);
    expect(chunks.map((c) => c.chunkIndex)).toEqual(chunks.map((_, i) => i));
  });

  it('starts a passage at each heading, keeps the heading as its own line and records it', () => {
    const chunks = chunkPages(
      paginate('## Cards\nVirtual cards are single-use.\n\n## Fees\nFees are low.', true),
    );
    expect(chunks.map((c) => [c.heading, c.content])).toEqual([
      ['Cards', 'Cards\nVirtual cards are single-use.'],
      ['Fees', 'Fees\nFees are low.'],
    ]);
  });
});

describe('sentencesOf', () => {
  it('keeps abbreviations and decimals inside a sentence and splits list items', () => {
    expect(sentencesOf('Pay e.g. Acme Ltd. by card. Fees are 1.5 percent!\n- one\n- two')).toEqual([
      'Pay e.g. Acme Ltd. by card.',
      'Fees are 1.5 percent!',
      '- one',
      '- two',
    ]);
  });
});

describe('detectLanguage', () => {
  it('recognises the language by its common words, English when unsure', () => {
    expect(
      detectLanguage('The supplier is paid by card and the buyer earns a rebate for this'),
    ).toBe('english');
    expect(
      detectLanguage(
        'Der Lieferant wird mit der Karte bezahlt und die Bank ist nicht für das Risiko',
      ),
    ).toBe('german');
    expect(
      detectLanguage(
        'Le fournisseur est payé par carte et la banque est dans une position pour les',
      ),
    ).toBe('french');
    expect(detectLanguage('short text')).toBe('english');
    expect(detectLanguage('1234 5678 9012 3456 7890 1234 5678 9012 3456')).toBe('simple');
  });
});

describe('htmlToText', () => {
  it('keeps headings, paragraphs, list items and entities from Word HTML', () => {
    expect(
      htmlToText('<h1>Cards</h1><p>Fish &amp; chips&#39;s</p><ul><li>One</li></ul>').trim(),
    ).toBe("# Cards\n\nFish & chips's\n\n\n- One");
  });
});

describe('the shipped user guide', () => {
  it('paginates one section (## heading) per page, as the labelled benchmark questions expect', () => {
    const files = fs.readdirSync(SHIPPED_DOCUMENTS_DIR).filter((f) => f.endsWith('.md'));
    expect(files.length).toBeGreaterThanOrEqual(5);
    for (const file of files) {
      const text = fs.readFileSync(path.join(SHIPPED_DOCUMENTS_DIR, file), 'utf8');
      const sections = text.match(/^## .+$/gm)!;
      const pages = paginate(text, true);
      expect(
        pages.map((p) => p.blocks.find((b) => b.text.startsWith('## '))?.text),
        file,
      ).toEqual(sections);
    }
  });
});
