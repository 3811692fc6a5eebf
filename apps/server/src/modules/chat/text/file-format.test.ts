import { describe, expect, it } from 'vitest';
import { makeDocx, makePdf, makeZip } from '../../../../test/chat-files.js';
import { decodeText, sniffFormat } from './file-format.js';
import { extractDocument } from './text-extraction.js';

describe('sniffFormat', () => {
  it('recognises each supported format by content, whatever the name', () => {
    expect(sniffFormat('report', makePdf(['Hello']))).toEqual({ format: 'pdf' });
    expect(sniffFormat('report', makeDocx(['Hello']))).toEqual({ format: 'docx' });
    expect(sniffFormat('notes', Buffer.from('# Title\n\nText'))).toEqual({ format: 'markdown' });
    expect(sniffFormat('notes', Buffer.from('Just text'))).toEqual({ format: 'text' });
    expect(sniffFormat('notes.md', Buffer.from('Just text'))).toEqual({ format: 'markdown' });
    expect(sniffFormat('notes.txt', Buffer.from('# Looks like Markdown'))).toEqual({
      format: 'text',
    });
  });

  it('refuses a file whose name claims a format its content is not', () => {
    expect(sniffFormat('guide.pdf', Buffer.from('plain text'))).toEqual({
      error: 'The file is named .pdf but its content is not a PDF.',
    });
    expect(sniffFormat('guide.docx', makePdf(['x']))).toEqual({
      error: 'The file is named .docx but its content is not a Word (.docx) document.',
    });
  });

  it('refuses binaries, archives, old Word files and empty files with a readable reason', () => {
    const exe = Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00, 0x04, 0x00]);
    expect(sniffFormat('setup.txt', exe)).toMatchObject({
      error: expect.stringContaining('Unsupported file type'),
    });
    expect(sniffFormat('a.zip', makeZip({ 'a.txt': 'x' }))).toMatchObject({
      error: expect.stringContaining('ZIP archive'),
    });
    const ole = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]);
    expect(sniffFormat('old.doc', ole)).toMatchObject({ error: expect.stringContaining('.doc') });
    expect(sniffFormat('empty.txt', Buffer.alloc(0))).toEqual({ error: 'The file is empty.' });
  });
});

describe('decodeText', () => {
  it('reads UTF-8 with or without BOM and Windows-1252, and refuses binary', () => {
    expect(decodeText(Buffer.from('\uFEFFcafé £5', 'utf8'))).toBe('café £5');
    expect(decodeText(Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x20, 0xa3, 0x35]))).toBe('café £5');
    expect(decodeText(Buffer.from([0x00, 0x01, 0x02, 0x03]))).toBeUndefined();
  });
});

describe('extractDocument', () => {
  it('reads PDF text page by page, keeping the physical page numbers', async () => {
    const result = await extractDocument(
      'a.pdf',
      makePdf(['Virtual cards (single use).', '', 'STP scoring.']),
    );
    expect(result).toMatchObject({ ok: true, format: 'pdf', language: 'english' });
    if (!result.ok) return;
    expect(result.pages.map((p) => [p.page, p.blocks[0]!.text])).toEqual([
      [1, 'Virtual cards (single use).'],
      [3, 'STP scoring.'],
    ]);
  });

  it('reads Word headings and paragraphs', async () => {
    const result = await extractDocument(
      'b.docx',
      makeDocx(['# Fees & terms', 'Card fees are low.']),
    );
    if (!result.ok) throw new Error(result.error);
    expect(result.pages[0]!.blocks.map((b) => [b.text, b.heading])).toEqual([
      ['# Fees & terms', 'Fees & terms'],
      ['Card fees are low.', 'Fees & terms'],
    ]);
  });

  it('explains a damaged PDF, a damaged Word file and a PDF without text', async () => {
    expect(await extractDocument('x.pdf', Buffer.from('%PDF-1.4 nothing else'))).toEqual({
      ok: false,
      error: 'The PDF could not be read: it is damaged or not a valid PDF.',
    });
    const brokenDocx = makeZip({ 'word/document.xml': '<not-xml' });
    expect(await extractDocument('x.docx', brokenDocx)).toMatchObject({
      ok: false,
      error: expect.stringContaining('Word document could not be read'),
    });
    expect(await extractDocument('scan.pdf', makePdf(['']))).toEqual({
      ok: false,
      error: 'No text could be found in the file (a scanned PDF needs text recognition first).',
    });
  });
});
