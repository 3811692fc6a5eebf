import type { ChatDocumentFormat } from '@b2b/contract';
import mammoth from 'mammoth';
import { extractText, getDocumentProxy } from 'unpdf';
import { decodeText, sniffFormat } from './file-format.js';
import { detectLanguage } from './language.js';
import { paginate, pagesFromTexts, type DocumentPage } from './pagination.js';

/** A readable document, or why it could not be read (shown to the uploader as is). */
export type ExtractedDocument =
  | { ok: true; format: ChatDocumentFormat; language: string; pages: DocumentPage[] }
  | { ok: false; error: string };

/** A file whose text cannot be used; the message is meant for the person who uploaded it. */
export class UnreadableFileError extends Error {
  override name = 'UnreadableFileError';
}

async function pdfPages(bytes: Buffer): Promise<DocumentPage[]> {
  let texts: string[];
  try {
    // verbosity 0: pdf.js would print recovery warnings for damaged files on the console.
    const pdf = await getDocumentProxy(new Uint8Array(bytes), { verbosity: 0 });
    texts = (await extractText(pdf, { mergePages: false })).text;
    await pdf.destroy();
  } catch (error) {
    const reason =
      (error as Error).name === 'PasswordException'
        ? 'it is password-protected'
        : 'it is damaged or not a valid PDF';
    throw new UnreadableFileError(`The PDF could not be read: ${reason}.`);
  }
  return pagesFromTexts(texts);
}

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
};

/** Mammoth's HTML as Markdown-like text: headings keep their level, paragraphs their breaks. */
export function htmlToText(html: string): string {
  return html
    .replace(/<h([1-6])[^>]*>/g, (_, level: string) => `\n\n${'#'.repeat(Number(level))} `)
    .replace(/<\/(h[1-6]|p|table|ul|ol)>/g, '\n\n')
    .replace(/<li[^>]*>/g, '\n- ')
    .replace(/<(br|\/tr)\s*\/?>/g, '\n')
    .replace(/<\/t[dh]>/g, ' | ')
    .replace(/<[^>]+>/g, '')
    .replace(/&(#x?[0-9a-f]+|\w+);/gi, (match, name: string) => {
      if (name[0] === '#') {
        const code =
          name[1]?.toLowerCase() === 'x' ? parseInt(name.slice(2), 16) : Number(name.slice(1));
        return Number.isFinite(code) ? String.fromCodePoint(code) : match;
      }
      return ENTITIES[name.toLowerCase()] ?? match;
    });
}

async function docxPages(bytes: Buffer): Promise<DocumentPage[]> {
  let html: string;
  try {
    html = (await mammoth.convertToHtml({ buffer: bytes }, { externalFileAccess: false })).value;
  } catch {
    throw new UnreadableFileError(
      'The Word document could not be read: it is damaged or not a valid .docx file.',
    );
  }
  return paginate(htmlToText(html), true);
}

function textOf(pages: DocumentPage[]): string {
  return pages.map((p) => p.blocks.map((b) => b.text).join('\n')).join('\n');
}

/**
 * Recognises a file by content and extracts its text page by page: PDF pages as printed; DOCX,
 * Markdown and text split into pages of comparable length. Never throws for a bad file.
 */
export async function extractDocument(filename: string, bytes: Buffer): Promise<ExtractedDocument> {
  const sniffed = sniffFormat(filename, bytes);
  if ('error' in sniffed) return { ok: false, error: sniffed.error };
  const { format } = sniffed;
  try {
    let pages: DocumentPage[];
    if (format === 'pdf') pages = await pdfPages(bytes);
    else if (format === 'docx') pages = await docxPages(bytes);
    else pages = paginate(decodeText(bytes) ?? '', format === 'markdown');
    pages = pages
      .filter((p) => p.blocks.length > 0)
      .map((p, i) => ({ ...p, page: format === 'pdf' ? p.page : i + 1 }));
    const text = textOf(pages);
    if (text.replace(/\s/g, '').length === 0) {
      const hint = format === 'pdf' ? ' (a scanned PDF needs text recognition first)' : '';
      return { ok: false, error: `No text could be found in the file${hint}.` };
    }
    return { ok: true, format, language: detectLanguage(text), pages };
  } catch (error) {
    if (error instanceof UnreadableFileError) return { ok: false, error: error.message };
    throw error;
  }
}
