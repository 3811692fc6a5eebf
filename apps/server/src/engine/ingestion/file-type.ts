import fs from 'node:fs';
import path from 'node:path';
import { DEFAULT_UPLOAD_LIMITS, type UploadLimits } from '@b2b/contract';
import { EngineError } from '../engine-error.js';
import { readZipDirectory, type ZipEntry } from './zip-directory.js';

/** What a file is by its content, whatever its name says. */
export type ContentKind =
  'text' | 'xlsx' | 'docx' | 'pptx' | 'zip' | 'pdf' | 'xls' | 'gzip' | 'image' | 'binary';

const KIND_NAMES: Record<ContentKind, string> = {
  text: 'a text (CSV) file',
  xlsx: 'an Excel workbook (XLSX)',
  docx: 'a Word document',
  pptx: 'a PowerPoint presentation',
  zip: 'a ZIP archive',
  pdf: 'a PDF document',
  xls: 'an Excel 97-2003 workbook (.xls)',
  gzip: 'a compressed (gzip) file',
  image: 'an image',
  binary: 'a binary file',
};

const TEXT_EXTENSIONS = new Set(['.csv', '.txt', '.tsv', '.tab', '']);
const XLSX_EXTENSIONS = new Set(['.xlsx', '.xlsm']);

/** Reads the first bytes of a file. */
export async function readHead(filePath: string, bytes: number): Promise<Buffer> {
  const handle = await fs.promises.open(filePath, 'r');
  try {
    const buffer = Buffer.alloc(bytes);
    const { bytesRead } = await handle.read(buffer, 0, bytes, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** Tells a file's kind from its first bytes (and, for ZIP archives, its directory). */
export async function detectContentKind(
  filePath: string,
): Promise<{ kind: ContentKind; zipEntries?: ZipEntry[] }> {
  const head = await readHead(filePath, 8192);
  const starts = (...bytes: number[]) => bytes.every((b, i) => head[i] === b);
  if (starts(0x50, 0x4b, 0x03, 0x04) || starts(0x50, 0x4b, 0x05, 0x06)) {
    const zipEntries = await readZipDirectory(filePath);
    const names = new Set((zipEntries ?? []).map((e) => e.name));
    if (names.has('xl/workbook.xml')) return { kind: 'xlsx', zipEntries };
    if (names.has('word/document.xml')) return { kind: 'docx', zipEntries };
    if (names.has('ppt/presentation.xml')) return { kind: 'pptx', zipEntries };
    return { kind: 'zip', zipEntries };
  }
  if (starts(0x25, 0x50, 0x44, 0x46)) return { kind: 'pdf' };
  if (starts(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1)) return { kind: 'xls' };
  if (starts(0x1f, 0x8b)) return { kind: 'gzip' };
  if (starts(0x89, 0x50, 0x4e, 0x47) || starts(0xff, 0xd8, 0xff) || starts(0x47, 0x49, 0x46)) {
    return { kind: 'image' };
  }
  return { kind: looksLikeText(head) ? 'text' : 'binary' };
}

/** UTF-8/Windows-1252 text has no NUL bytes; UTF-16 has them in every other byte. */
function looksLikeText(head: Buffer): boolean {
  if (head.length === 0) return true;
  if (starts16Bom(head)) return true;
  let nulEven = 0;
  let nulOdd = 0;
  let control = 0;
  for (let i = 0; i < head.length; i++) {
    const b = head[i]!;
    if (b === 0) {
      if (i % 2 === 0) nulEven++;
      else nulOdd++;
    } else if (b < 0x09 || (b > 0x0d && b < 0x20 && b !== 0x1a)) control++;
  }
  const pairs = head.length / 2;
  // UTF-16 without a byte-order mark: mostly ASCII with a NUL in each pair.
  if (nulOdd > pairs * 0.4 || nulEven > pairs * 0.4) return true;
  return nulEven + nulOdd === 0 && control <= head.length * 0.01;
}

function starts16Bom(head: Buffer): boolean {
  return (head[0] === 0xff && head[1] === 0xfe) || (head[0] === 0xfe && head[1] === 0xff);
}

/**
 * Checks an upload before anything reads it: size limit, that its content is what its name says
 * (a `.csv` that is really a ZIP or PDF is refused with a clear message), and for XLSX the
 * uncompressed size and sheet count declared in the ZIP directory.
 */
export async function checkUploadedFile(
  filePath: string,
  declaredName: string,
  limits: UploadLimits = DEFAULT_UPLOAD_LIMITS,
): Promise<{ kind: 'csv' | 'xlsx'; sheetCount?: number }> {
  const { size } = await fs.promises.stat(filePath);
  if (size === 0) throw new EngineError('FILE_EMPTY', `The file "${declaredName}" is empty.`);
  if (size > limits.maxUploadBytes) {
    throw new EngineError(
      'FILE_TOO_LARGE',
      `The file "${declaredName}" is ${formatBytes(size)}; the limit is ${formatBytes(limits.maxUploadBytes)}.`,
    );
  }
  const extension = path.extname(declaredName).toLowerCase();
  const expected = XLSX_EXTENSIONS.has(extension)
    ? 'xlsx'
    : TEXT_EXTENSIONS.has(extension)
      ? 'text'
      : undefined;
  if (!expected) {
    throw new EngineError(
      'FILE_UNSUPPORTED',
      `"${declaredName}" is not a supported file type: upload a CSV (or text) file or an Excel workbook (.xlsx).`,
    );
  }
  const { kind, zipEntries } = await detectContentKind(filePath);
  if (kind !== expected) {
    const named = expected === 'xlsx' ? 'an Excel workbook (XLSX)' : 'a CSV file';
    const hint =
      kind === 'xls'
        ? ' Save it as .xlsx or CSV and upload it again.'
        : kind === 'xlsx' || kind === 'text'
          ? ' Rename it with the right extension, or save it in the expected format.'
          : '';
    throw new EngineError(
      'FILE_TYPE_MISMATCH',
      `"${declaredName}" is named as ${named} but its content is ${KIND_NAMES[kind]}.${hint}`,
    );
  }
  if (kind === 'text') return { kind: 'csv' };
  return { kind: 'xlsx', sheetCount: checkXlsxLimits(declaredName, zipEntries ?? [], limits) };
}

/** Applies the XLSX limits to the ZIP directory; returns the sheet count. */
export function checkXlsxLimits(
  declaredName: string,
  entries: ZipEntry[],
  limits: UploadLimits,
): number {
  const uncompressed = entries.reduce((sum, e) => sum + e.uncompressedSize, 0);
  if (uncompressed > limits.maxXlsxUncompressedBytes) {
    throw new EngineError(
      'XLSX_TOO_LARGE',
      `The workbook "${declaredName}" unpacks to ${formatBytes(uncompressed)}; the limit is ${formatBytes(limits.maxXlsxUncompressedBytes)}. Save the sheet as CSV and upload that instead.`,
    );
  }
  const sheetCount = entries.filter((e) => /^xl\/worksheets\/[^/]+\.xml$/.test(e.name)).length;
  if (sheetCount === 0) {
    throw new EngineError('XLSX_INVALID', `The workbook "${declaredName}" has no worksheets.`);
  }
  if (sheetCount > limits.maxXlsxSheets) {
    throw new EngineError(
      'XLSX_TOO_MANY_SHEETS',
      `The workbook "${declaredName}" has ${sheetCount} sheets; the limit is ${limits.maxXlsxSheets}.`,
    );
  }
  return sheetCount;
}

export function formatBytes(bytes: number): string {
  if (bytes >= 1024 ** 3) return `${(bytes / 1024 ** 3).toFixed(1)} GiB`;
  if (bytes >= 1024 ** 2) return `${(bytes / 1024 ** 2).toFixed(1)} MiB`;
  if (bytes >= 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${bytes} bytes`;
}
