import type { CsvTreatment, CsvTreatments } from '@b2b/contract';
import { createCellAnonymizer } from './csv-anonymizer.js';
import { CsvRecordReader, sniffDelimiter } from './csv-records.js';

/** Why a file cannot be anonymized, said before any output is sent (a 400 naming `field`). */
export class AnonymizeInputError extends Error {
  constructor(
    message: string,
    readonly field: string,
  ) {
    super(message);
  }
}

/** A CSV opened far enough to know its header; `records` reads the rest as it arrives. */
export type OpenedCsv = {
  delimiter: string;
  header: string[];
  records: AsyncGenerator<string[][]>;
  /** Reads the rest of the source unparsed, so an upload the caller has seen enough of completes. */
  skipRest: () => Promise<void>;
};

/** How much of the file is read to find the header line before giving up. */
const HEADER_MAX_BYTES = 1024 * 1024;

const looksBinary = (head: Buffer) =>
  head.includes(0) || head.subarray(0, 4).equals(Buffer.from('PK\x03\x04', 'latin1'));

/**
 * Reads a CSV's header from a stream of bytes (an upload), holding at most the first megabyte;
 * the records after it are read only when `records` is pulled, so the caller's back-pressure
 * reaches the upload and memory stays constant. A blank line is no record.
 */
export async function openCsv(
  source: AsyncIterable<Buffer>,
  afterEnd: () => void = () => {},
): Promise<OpenedCsv> {
  const chunks = source[Symbol.asyncIterator]();
  const head: Buffer[] = [];
  let size = 0;
  let done = false;
  while (size < HEADER_MAX_BYTES) {
    const next = await chunks.next();
    if (next.done) {
      done = true;
      break;
    }
    head.push(next.value);
    size += next.value.length;
    if (next.value.includes(0x0a) || next.value.includes(0x0d)) break;
  }
  const start = Buffer.concat(head);
  if (looksBinary(start.subarray(0, 64 * 1024)))
    throw new AnonymizeInputError('file: not a CSV file (it holds binary data)', 'file');
  const firstLine = start.toString('utf8').split(/\r\n|\r|\n/, 1)[0] ?? '';
  const delimiter = sniffDelimiter(firstLine);
  const reader = new CsvRecordReader(delimiter);
  const filled = (records: string[][]) =>
    records.filter((r) => r.length > 1 || (r[0] ?? '') !== '');

  let pending = filled(reader.push(start));
  // The header line may be longer than the first chunk: read on until it is complete.
  while (pending.length === 0 && !done) {
    const next = await chunks.next();
    if (next.done) done = true;
    else pending = filled(reader.push(next.value));
  }
  if (done) pending.push(...filled(reader.end()));
  const header = pending.shift();
  if (!header) throw new AnonymizeInputError('file: the file is empty', 'file');

  async function* records(): AsyncGenerator<string[][]> {
    if (pending.length > 0) yield pending;
    if (done) return;
    for (;;) {
      const next = await chunks.next();
      if (next.done) {
        done = true;
        break;
      }
      const batch = filled(reader.push(next.value));
      if (batch.length > 0) yield batch;
    }
    afterEnd();
    const last = filled(reader.end());
    if (last.length > 0) yield last;
  }
  async function skipRest(): Promise<void> {
    while (!done) done = (await chunks.next()).done === true;
  }
  return { delimiter, header, records: records(), skipRest };
}

const NEGATIVE_NUMBER = /^-\d+(\.\d+)?$/;

/**
 * A CSV cell a spreadsheet will not run as a formula (OWASP CSV injection), quoted as needed. A
 * plain negative number is no formula and stays a number (the perturbed amounts keep their sign).
 */
function safeCell(value: string): string {
  let text = value;
  const c = text.charCodeAt(0);
  // = + - @ tab CR
  if (
    (c === 0x3d || c === 0x2b || c === 0x2d || c === 0x40 || c === 0x09 || c === 0x0d) &&
    !(c === 0x2d && NEGATIVE_NUMBER.test(text))
  )
    text = `'${text}`;
  return /[",\r\n]/.test(text) || (text.length > 0 && text !== text.trim())
    ? `"${text.replace(/"/g, '""')}"`
    : text;
}

/**
 * The treatment of each header column. Names the first column of `treatments` the header lacks
 * (a 400 on `treatments`); columns not listed are kept.
 */
export function planColumns(header: readonly string[], treatments: CsvTreatments): CsvTreatment[] {
  const known = new Set(header);
  const unknown = Object.keys(treatments).find((name) => !known.has(name));
  if (unknown !== undefined)
    throw new AnonymizeInputError(
      `treatments: the file has no column "${unknown}" (its columns: ${header.join(', ')})`,
      'treatments',
    );
  return header.map((name) => treatments[name] ?? 'keep');
}

/**
 * The anonymized CSV (comma-separated, CRLF, every cell formula-safe) as text chunks, one per
 * batch of records read. Cells beyond the header's columns are redacted: they have no treatment.
 */
export async function* anonymizedCsv(
  opened: OpenedCsv,
  plan: readonly CsvTreatment[],
  key: string,
): AsyncGenerator<string> {
  const anonymize = createCellAnonymizer(key);
  yield `${opened.header.map(safeCell).join(',')}\r\n`;
  for await (const batch of opened.records) {
    let text = '';
    for (const record of batch) {
      let line = '';
      for (let i = 0; i < record.length; i++) {
        const value = anonymize(plan[i] ?? 'text', record[i]!);
        line += i === 0 ? safeCell(value) : `,${safeCell(value)}`;
      }
      text += `${line}\r\n`;
    }
    yield text;
  }
}
