/** A paragraph, list item or heading, with the chain of headings it sits under. */
export type TextBlock = { text: string; heading: string | null; isHeading: boolean };
/** A 1-based page of a document and its blocks. */
export type DocumentPage = { page: number; blocks: TextBlock[] };

/** A printed page holds about this many characters; pages aim for it. */
export const PAGE_TARGET_CHARS = 3000;
/** A heading starts a new page once the current one holds at least this much. */
export const PAGE_MIN_CHARS = 1000;

const FORM_FEED = '\f';

function cleanInline(text: string): string {
  return text
    .replace(/\r/g, '')
    .replace(/[ \t]+/g, ' ')
    .replace(/ *\n */g, '\n')
    .trim();
}

/** Splits text into blocks at blank lines; Markdown headings update the heading chain. */
export function blocksOf(text: string, markdown: boolean): TextBlock[] {
  const blocks: TextBlock[] = [];
  const chain: { level: number; title: string }[] = [];
  const paragraphs = text
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n+|(?=^#{1,6} )|(?<=^#{1,6} [^\n]*)\n/m);
  for (const raw of paragraphs) {
    const cleaned = cleanInline(raw);
    if (!cleaned) continue;
    const heading = markdown ? /^(#{1,6}) +(.+)$/.exec(cleaned) : null;
    if (heading) {
      const level = heading[1]!.length;
      while (chain.length && chain[chain.length - 1]!.level >= level) chain.pop();
      chain.push({ level, title: heading[2]!.replace(/[#*_`]+/g, '').trim() });
    }
    blocks.push({
      text: cleaned,
      heading: chain.length ? chain.map((h) => h.title).join(' › ') : null,
      isHeading: !!heading,
    });
  }
  return blocks;
}

/** Splits a block longer than a page at sentence ends (or, failing that, at spaces). */
function splitLongBlock(block: TextBlock): TextBlock[] {
  if (block.text.length <= PAGE_TARGET_CHARS) return [block];
  const parts: TextBlock[] = [];
  let rest = block.text;
  while (rest.length > PAGE_TARGET_CHARS) {
    const window = rest.slice(0, PAGE_TARGET_CHARS);
    const cut = Math.max(window.lastIndexOf('. '), window.lastIndexOf('\n'));
    const at =
      cut > PAGE_TARGET_CHARS / 2
        ? cut + 1
        : window.lastIndexOf(' ') > 0
          ? window.lastIndexOf(' ')
          : PAGE_TARGET_CHARS;
    parts.push({ ...block, text: rest.slice(0, at).trim() });
    rest = rest.slice(at).trim();
  }
  if (rest) parts.push({ ...block, text: rest });
  return parts;
}

/**
 * Pages of comparable length for documents without physical pages (DOCX, Markdown, text): a
 * form feed always starts a page; otherwise a page closes when the next block would take it over
 * PAGE_TARGET_CHARS, or at a heading once it holds PAGE_MIN_CHARS. The same text always gives
 * the same pages, so citations stay valid.
 */
export function paginate(text: string, markdown: boolean): DocumentPage[] {
  const pages: DocumentPage[] = [];
  for (const sheet of text.split(FORM_FEED)) {
    let current: TextBlock[] = [];
    let size = 0;
    const close = () => {
      if (current.length) pages.push({ page: pages.length + 1, blocks: current });
      current = [];
      size = 0;
    };
    for (const block of blocksOf(sheet, markdown).flatMap(splitLongBlock)) {
      const length = block.text.length + 2;
      if (size > 0 && block.isHeading && size >= PAGE_MIN_CHARS) close();
      else if (size > 0 && size + length > PAGE_TARGET_CHARS) close();
      current.push(block);
      size += length;
    }
    close();
  }
  return pages;
}

/** Physical pages (PDF): each page's text, split into blocks at blank lines. */
export function pagesFromTexts(texts: string[]): DocumentPage[] {
  return texts.map((text, i) => ({ page: i + 1, blocks: blocksOf(text, false) }));
}
