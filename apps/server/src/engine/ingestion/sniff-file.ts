import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { DEFAULT_UPLOAD_LIMITS, type FileSniff, type UploadLimits } from '@b2b/contract';
import { EngineError } from '../engine-error.js';
import { cleanHeaders, detectDelimiter, detectHeaderRow, splitRecords } from './csv-sniff.js';
import { decodeSample, detectEncoding, transcodeToUtf8 } from './encoding.js';
import { checkUploadedFile, readHead } from './file-type.js';
import { xlsxToCsv } from './xlsx.js';

const SAMPLE_BYTES = 256 * 1024;
const SAMPLE_ROWS = 20;

export interface SniffOptions {
  /** The name the file was uploaded with: its extension says what it should be. */
  declaredName: string;
  /** Scratch folder for converted samples. */
  workDir: string;
  limits?: UploadLimits;
  /** For workbooks: the sheet to read (the first by default). */
  sheetName?: string;
}

/**
 * Checks an uploaded file (limits, content against extension) and finds out how to read it:
 * encoding, delimiter, header row, headers and a few sample rows for the mapping screen.
 */
export async function sniffFile(filePath: string, options: SniffOptions): Promise<FileSniff> {
  const checked = await checkUploadedFile(
    filePath,
    options.declaredName,
    options.limits ?? DEFAULT_UPLOAD_LIMITS,
  );
  if (checked.kind === 'xlsx') {
    await fs.promises.mkdir(options.workDir, { recursive: true });
    const sampleCsv = path.join(options.workDir, `sniff-${randomUUID()}.csv`);
    try {
      const sheet = await xlsxToCsv(filePath, sampleCsv, {
        sheetName: options.sheetName,
        maxRows: 200,
      });
      const text = await fs.promises.readFile(sampleCsv, 'utf8');
      return {
        ...describeRecords(splitRecords(text, ',', 200)),
        kind: 'xlsx',
        encoding: 'utf-8',
        delimiter: ',',
        sheetNames: sheet.sheetNames,
        sheetName: sheet.sheetName,
      };
    } finally {
      await fs.promises.rm(sampleCsv, { force: true });
    }
  }
  const encoding = await detectEncoding(filePath);
  const text = decodeSample(await readHead(filePath, SAMPLE_BYTES), encoding);
  const delimiter = detectDelimiter(text);
  return {
    ...describeRecords(splitRecords(text, delimiter, 200)),
    kind: 'csv',
    encoding,
    delimiter,
  };
}

function describeRecords(records: string[][]) {
  if (records.every((r) => r.every((c) => c.trim() === ''))) {
    throw new EngineError('NO_HEADER', 'The file has no header row and no data.');
  }
  const headerRowIndex = detectHeaderRow(records);
  const headers = cleanHeaders(records[headerRowIndex] ?? []);
  const sampleRows = records
    .slice(headerRowIndex + 1)
    .filter((r) => r.some((c) => c.trim() !== ''))
    .slice(0, SAMPLE_ROWS);
  return { headerRowIndex, headers, sampleRows };
}

/** A UTF-8 CSV that DuckDB can read, and how to read it. */
export interface PreparedCsv {
  csvPath: string;
  delimiter: string;
  /** Lines before the first data row (title rows and the header). */
  skipLines: number;
  /** True when `csvPath` is a converted copy the caller may delete. */
  converted: boolean;
}

/**
 * Turns an upload into a UTF-8 CSV for DuckDB: workbooks are streamed to CSV, Windows-1252 and
 * UTF-16 are transcoded; UTF-8 (with or without byte-order mark) is read in place. `maxBytes` /
 * `maxRows` limit the conversion for previews.
 */
export async function prepareCsv(
  filePath: string,
  sniff: FileSniff,
  workDir: string,
  options: { maxBytes?: number; maxRows?: number } = {},
): Promise<PreparedCsv> {
  const skipLines = sniff.headerRowIndex + 1;
  if (sniff.kind === 'csv' && (sniff.encoding === 'utf-8' || sniff.encoding === 'utf-8-bom')) {
    return { csvPath: filePath, delimiter: sniff.delimiter, skipLines, converted: false };
  }
  await fs.promises.mkdir(workDir, { recursive: true });
  const csvPath = path.join(workDir, `upload-${randomUUID()}.csv`);
  if (sniff.kind === 'xlsx') {
    const maxRows = options.maxRows !== undefined ? skipLines + options.maxRows : undefined;
    await xlsxToCsv(filePath, csvPath, { sheetName: sniff.sheetName, maxRows });
    return { csvPath, delimiter: ',', skipLines, converted: true };
  }
  await transcodeToUtf8(filePath, sniff.encoding, csvPath, { maxBytes: options.maxBytes });
  return { csvPath, delimiter: sniff.delimiter, skipLines, converted: true };
}
