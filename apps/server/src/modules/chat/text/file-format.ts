import type { ChatDocumentFormat } from '@b2b/contract';

/** What a file's bytes are, whatever its name says. */
export type SniffResult = { format: ChatDocumentFormat } | { error: string };

const PDF_MAGIC = Buffer.from('%PDF-');
const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const OLE_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const UTF8_BOM = Buffer.from([0xef, 0xbb, 0xbf]);

const NAME_FORMATS: Record<string, ChatDocumentFormat> = {
  pdf: 'pdf',
  docx: 'docx',
  md: 'markdown',
  markdown: 'markdown',
  txt: 'text',
  text: 'text',
};
const FORMAT_LABELS: Record<ChatDocumentFormat, string> = {
  pdf: 'a PDF',
  docx: 'a Word (.docx) document',
  markdown: 'a Markdown file',
  text: 'a text file',
};
export const SUPPORTED_FORMATS_TEXT = 'PDF, Word (.docx), text or Markdown';

function extensionOf(filename: string): string {
  const dot = filename.lastIndexOf('.');
  return dot > 0 ? filename.slice(dot + 1).toLowerCase() : '';
}

/** Decodes UTF-8 (with or without BOM) text, or undefined when the bytes are not text. */
export function decodeText(bytes: Buffer): string | undefined {
  const body = bytes.subarray(0, 3).equals(UTF8_BOM) ? bytes.subarray(3) : bytes;
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(body);
  } catch {
    // Windows-1252 text is common in exports; accept it when it has no control bytes.
    if (body.some((b) => b < 0x09 || (b > 0x0d && b < 0x20 && b !== 0x1b))) return undefined;
    text = new TextDecoder('windows-1252').decode(body);
  }
  let control = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0) return undefined;
    if (c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d && c !== 0x0c) control++;
  }
  return control > text.length / 100 ? undefined : text;
}

/**
 * Recognises a PDF, a DOCX, Markdown or plain text by content. The name only tells Markdown
 * from plain text, and a name claiming another format than the content is refused.
 */
export function sniffFormat(filename: string, bytes: Buffer): SniffResult {
  if (bytes.length === 0) return { error: 'The file is empty.' };
  const claimed = NAME_FORMATS[extensionOf(filename)];
  let format: ChatDocumentFormat;
  if (bytes.subarray(0, 1024).includes(PDF_MAGIC)) format = 'pdf';
  else if (bytes.subarray(0, 4).equals(ZIP_MAGIC)) {
    if (!bytes.includes('word/document.xml')) {
      return {
        error: `This is a ZIP archive, not a Word document. Upload ${SUPPORTED_FORMATS_TEXT} files.`,
      };
    }
    format = 'docx';
  } else if (bytes.subarray(0, 8).equals(OLE_MAGIC)) {
    return {
      error:
        'Old Word (.doc) and other Office 97 files are not supported: save it as .docx or PDF.',
    };
  } else if (decodeText(bytes) !== undefined) {
    format = claimed === 'markdown' || claimed === 'text' ? claimed : guessTextFormat(bytes);
  } else {
    return { error: `Unsupported file type: upload ${SUPPORTED_FORMATS_TEXT} files.` };
  }
  const textual = (f: ChatDocumentFormat | undefined) => f === 'markdown' || f === 'text';
  if (claimed && claimed !== format && !(textual(claimed) && textual(format))) {
    return {
      error: `The file is named .${extensionOf(filename)} but its content is not ${FORMAT_LABELS[claimed]}.`,
    };
  }
  return { format };
}

/** A file without a telling name is Markdown when it has Markdown headings. */
function guessTextFormat(bytes: Buffer): ChatDocumentFormat {
  return /^#{1,6} \S/m.test(bytes.subarray(0, 8192).toString('utf8')) ? 'markdown' : 'text';
}
