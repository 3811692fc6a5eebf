/**
 * Reads a file of addresses for the address tools (SPEC §2 Tools): a CSV whose address column
 * the caller names, or plain text with one address per line (commas then belong to the address).
 * Refuses, with a message naming what is wrong, a file that is empty, binary, not UTF-8 or
 * lacks the named column.
 */

/** A file the tools refuse; `field` is the form field the message is about. */
export class AddressFileError extends Error {
  constructor(
    readonly field: 'file' | 'column' | 'countryColumn',
    message: string,
  ) {
    super(message);
    this.name = 'AddressFileError';
  }
}

/**
 * More rows than a person reads on a screen or waits for in one request: the tools split and
 * check a longer file in the background (the ProcessAddressFile command, `readAddressRows`).
 */
export const ADDRESS_FILE_MAX_ROWS = 10_000;

export type AddressFileRow = {
  /** 1-based line (CSV: the record's number counting the header as 1). */
  line: number;
  address: string;
  /** The row's country column, when one was named. */
  country?: string;
};
export type AddressFile = { column: string | null; rows: AddressFileRow[] };

const BINARY = 'file: this is a binary file; send a CSV or a text file with one address per line';
const NOT_UTF8 = 'file: the file is not UTF-8 text; save it as CSV UTF-8';
const EMPTY = 'file: the file is empty';

/**
 * RFC 4180 records (quoted fields may hold delimiters, quotes and line breaks), fed text a chunk
 * at a time: a quote or a CR at the end of a chunk is decided by the next one.
 */
class CsvRecordReader {
  private record: string[] = [];
  private field = '';
  private quoted = false;
  /** A quote inside a quoted field: an escaped quote if another follows, else its end. */
  private quoteSeen = false;
  /** The last character was a CR that ended a record (a following LF belongs to it). */
  private afterCr = false;
  private started = false;

  constructor(private readonly delimiter: string) {}

  push(text: string, out: string[][]): void {
    for (let i = 0; i < text.length; i++) {
      const c = text[i]!;
      if (this.afterCr) {
        this.afterCr = false;
        if (c === '\n') continue;
      }
      if (this.quoteSeen) {
        this.quoteSeen = false;
        if (c === '"') {
          this.field += '"';
          continue;
        }
        this.quoted = false;
      }
      if (this.quoted) {
        if (c === '"') this.quoteSeen = true;
        else this.field += c;
        continue;
      }
      if (c === '"' && this.field === '') {
        this.quoted = true;
        this.started = true;
      } else if (c === this.delimiter) {
        this.record.push(this.field);
        this.field = '';
        this.started = true;
      } else if (c === '\n' || c === '\r') {
        this.afterCr = c === '\r';
        this.record.push(this.field);
        out.push(this.record);
        this.record = [];
        this.field = '';
        this.started = false;
      } else {
        this.field += c;
        this.started = true;
      }
    }
  }

  end(out: string[][]): void {
    if (this.started || this.field !== '' || this.record.length > 0) {
      this.record.push(this.field);
      out.push(this.record);
    }
    this.record = [];
    this.field = '';
    this.started = false;
  }
}

/** The delimiter of a CSV header line: the most frequent of comma, semicolon and tab. */
function delimiterOf(headerLine: string): string {
  const counts = [',', ';', '\t'].map((d) => [d, headerLine.split(d).length] as const);
  return counts.reduce((a, b) => (b[1] > a[1] ? b : a))[0];
}

const headerKey = (name: string) => name.trim().toLowerCase();

type ReadOptions = { column?: string; countryColumn?: string };

/**
 * The addresses of a file's text, fed a chunk at a time (`push`, then `end`): with `column`, a
 * CSV with a header row whose column of that name (case-insensitive) holds the addresses, and
 * optionally `countryColumn`; without, one address per non-blank line. Holds only the current
 * record, so a file of any length streams through it.
 */
class AddressRowReader {
  /** Text before the header line is complete (the delimiter is read from it). */
  private head = '';
  private csv: CsvRecordReader | undefined;
  private records: string[][] = [];
  private at = -1;
  private countryAt = -1;
  /** The address column's name as the header writes it; null for a file of lines. */
  column: string | null = null;
  /** Records read so far, the header included (CSV), or lines (plain text). */
  private line = 0;
  private partialLine = '';
  private afterCr = false;
  rowCount = 0;

  constructor(private readonly options: ReadOptions) {
    if (!options.column && options.countryColumn)
      throw new AddressFileError(
        'countryColumn',
        'countryColumn: a country column needs a CSV file and its address column',
      );
  }

  push(text: string, out: AddressFileRow[]): void {
    if (!this.options.column) return this.pushLines(text, out);
    if (!this.csv) {
      this.head += text;
      const eol = this.head.search(/\r|\n/);
      if (eol < 0) return;
      this.csv = new CsvRecordReader(delimiterOf(this.head.slice(0, eol)));
      text = this.head;
      this.head = '';
    }
    this.csv.push(text, this.records);
    this.drain(out);
  }

  end(out: AddressFileRow[]): void {
    if (!this.options.column) {
      this.pushLines('\n', out);
      if (this.rowCount === 0) throw new AddressFileError('file', EMPTY);
      return;
    }
    if (!this.csv) {
      if (this.head.trim() === '') throw new AddressFileError('file', EMPTY);
      this.csv = new CsvRecordReader(delimiterOf(this.head));
      this.csv.push(this.head, this.records);
    }
    this.csv.end(this.records);
    this.drain(out);
    if (this.at < 0) throw new AddressFileError('file', EMPTY);
    if (this.rowCount === 0)
      throw new AddressFileError('file', 'file: the file has a header row but no addresses');
  }

  private pushLines(text: string, out: AddressFileRow[]): void {
    let from = 0;
    for (let i = 0; i < text.length; i++) {
      const c = text[i];
      if (c !== '\n' && c !== '\r') continue;
      const wasCr = this.afterCr;
      this.afterCr = c === '\r';
      if (c === '\n' && wasCr && i === from) {
        from = i + 1;
        continue;
      }
      this.line += 1;
      const address = (this.partialLine + text.slice(from, i)).trim();
      this.partialLine = '';
      if (address !== '') {
        out.push({ line: this.line, address });
        this.rowCount += 1;
      }
      from = i + 1;
    }
    if (from < text.length) {
      this.afterCr = false;
      this.partialLine += text.slice(from);
    }
  }

  private header(cells: string[]): void {
    const names = cells.map(headerKey);
    const { column, countryColumn } = this.options as Required<ReadOptions>;
    this.at = names.indexOf(headerKey(column));
    if (this.at < 0)
      throw new AddressFileError(
        'column',
        `column: the file has no column "${column}"; its columns are ${cells.map((h) => `"${h.trim()}"`).join(', ')}`,
      );
    if (countryColumn) {
      this.countryAt = names.indexOf(headerKey(countryColumn));
      if (this.countryAt < 0)
        throw new AddressFileError(
          'countryColumn',
          `countryColumn: the file has no column "${countryColumn}"`,
        );
    }
    this.column = cells[this.at]!.trim();
  }

  private drain(out: AddressFileRow[]): void {
    for (const cells of this.records) {
      this.line += 1;
      if (this.at < 0) {
        // Blank lines before the header row are skipped; a file of only those is empty.
        if (cells.every((c) => c.trim() === '')) continue;
        this.header(cells);
        continue;
      }
      if (cells.every((c) => c.trim() === '')) continue;
      out.push({
        line: this.line,
        address: (cells[this.at] ?? '').trim(),
        ...(this.countryAt >= 0 ? { country: (cells[this.countryAt] ?? '').trim() } : {}),
      });
      this.rowCount += 1;
    }
    this.records = [];
  }
}

/**
 * The addresses of a file held in memory (the tools' in-request path; the caller decides what
 * to do with more than ADDRESS_FILE_MAX_ROWS). Refuses an empty, binary or non-UTF-8 file and a
 * missing column, naming the field.
 */
export function readAddressFile(data: Buffer, options: ReadOptions = {}): AddressFile {
  if (data.length === 0) throw new AddressFileError('file', EMPTY);
  // NUL bytes, or bytes that are not UTF-8, mean a spreadsheet, a zip or an image.
  if (data.subarray(0, 8192).includes(0)) throw new AddressFileError('file', BINARY);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(data);
  } catch {
    throw new AddressFileError('file', NOT_UTF8);
  }
  const reader = new AddressRowReader(options);
  const rows: AddressFileRow[] = [];
  reader.push(text.replace(/^\uFEFF/, ''), rows);
  reader.end(rows);
  return { column: reader.column, rows };
}

/**
 * The addresses of a stored file, streamed: batches of rows as the bytes arrive, so a file of a
 * million rows never sits in memory whole (the ProcessAddressFile command). `onBytes` hears how
 * many bytes each chunk held (progress). The same checks and messages as `readAddressFile`.
 */
export async function* readAddressRows(
  chunks: AsyncIterable<Buffer | string> | Iterable<Buffer | string>,
  options: ReadOptions & { onBytes?: (bytes: number) => void | Promise<void> } = {},
): AsyncGenerator<{ column: string | null; rows: AddressFileRow[] }> {
  const reader = new AddressRowReader(options);
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let first = true;
  const decode = (bytes?: Buffer) => {
    try {
      return bytes ? decoder.decode(bytes, { stream: true }) : decoder.decode();
    } catch {
      throw new AddressFileError('file', NOT_UTF8);
    }
  };
  for await (const chunk of chunks) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    if (bytes.length === 0) continue;
    if (first && bytes.subarray(0, 8192).includes(0)) throw new AddressFileError('file', BINARY);
    let text = decode(bytes);
    if (first) text = text.replace(/^\uFEFF/, '');
    first = false;
    const rows: AddressFileRow[] = [];
    reader.push(text, rows);
    await options.onBytes?.(bytes.length);
    if (rows.length > 0) yield { column: reader.column, rows };
  }
  const rows: AddressFileRow[] = [];
  reader.push(decode(), rows);
  reader.end(rows);
  if (rows.length > 0) yield { column: reader.column, rows };
}
