import type { DocumentPage } from './pagination.js';
import { sentencesOf } from './sentences.js';

/** A passage of one page: what retrieval ranks and the answer cites. */
export type TextChunk = {
  page: number;
  chunkIndex: number;
  heading: string | null;
  content: string;
};

/** Passages aim for this many characters… */
export const CHUNK_TARGET_CHARS = 700;
/** …and repeat up to this many characters of the previous passage, so no answer is cut in two. */
export const CHUNK_OVERLAP_CHARS = 150;

type Unit = { text: string; heading: string | null; startsSection: boolean };

/** A "sentence" longer than a passage (text without punctuation) is cut at spaces. */
function pieces(sentence: string): string[] {
  if (sentence.length <= CHUNK_TARGET_CHARS) return [sentence];
  const out: string[] = [];
  let rest = sentence;
  while (rest.length > CHUNK_TARGET_CHARS) {
    const space = rest.lastIndexOf(' ', CHUNK_TARGET_CHARS);
    const at = space > CHUNK_TARGET_CHARS / 2 ? space : CHUNK_TARGET_CHARS;
    out.push(rest.slice(0, at).trim());
    rest = rest.slice(at).trim();
  }
  if (rest) out.push(rest);
  return out;
}

function unitsOf(page: DocumentPage): Unit[] {
  const units: Unit[] = [];
  for (const block of page.blocks) {
    // Headings are stored as plain lines: the answer must not glue them to the next sentence.
    const sentences = block.isHeading
      ? [block.text.replace(/^#+\s*/, '')]
      : sentencesOf(block.text).flatMap(pieces);
    sentences.forEach((text, i) =>
      units.push({ text, heading: block.heading, startsSection: block.isHeading && i === 0 }),
    );
  }
  return units;
}

/**
 * Splits each page into overlapping passages of whole sentences. A passage never spans two
 * pages (it cites one), and a heading starts a new passage so each stays on one topic.
 */
export function chunkPages(pages: DocumentPage[]): TextChunk[] {
  const chunks: TextChunk[] = [];
  for (const page of pages) {
    let current: Unit[] = [];
    let size = 0;
    /** Units of `current` that are body text not yet in an emitted passage. */
    let fresh = 0;
    const emit = (keepOverlap: boolean) => {
      if (fresh > 0) {
        chunks.push({
          page: page.page,
          chunkIndex: chunks.length,
          heading: current[current.length - 1]!.heading,
          content: current
            .map((u, i) => (i > 0 ? (current[i - 1]!.startsSection ? '\n' : ' ') : '') + u.text)
            .join(''),
        });
      }
      const kept: Unit[] = [];
      let keptSize = 0;
      for (let i = current.length - 1; keepOverlap && i > 0; i--) {
        keptSize += current[i]!.text.length + 1;
        if (keptSize > CHUNK_OVERLAP_CHARS) break;
        kept.unshift(current[i]!);
      }
      current = kept;
      size = kept.reduce((n, u) => n + u.text.length + 1, 0);
      fresh = 0;
    };
    for (const unit of unitsOf(page)) {
      if (unit.startsSection && fresh > 0) emit(false);
      else if (fresh > 0 && size + unit.text.length > CHUNK_TARGET_CHARS) emit(true);
      current.push(unit);
      size += unit.text.length + 1;
      if (!unit.startsSection) fresh++;
    }
    emit(false);
  }
  return chunks;
}
