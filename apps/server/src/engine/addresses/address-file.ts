/**
 * Reads a file of addresses for the address tools (SPEC §2 Tools): a CSV whose address column
 * the caller names, or plain text with one address per line (commas then belong to the address).
 * Refuses, with a message naming what is wrong, a file that is empty, binary, too long or
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

/** More rows than a person reads on a screen or waits for in one request. */
export const ADDRESS_FILE_MAX_ROWS = 10_000;

export type AddressFileRow = {
  /** 1-based line (CSV: the record's number counting the header as 1). */
  line: number;
  address: string;
  /** The row's country column, when one was named. */
  country?: string;
};
export type AddressFile = { column: string | null; rows: AddressFileRow[] };

/** Text of a UTF-8 file, or the reason it is not one. */
function textOf(data: Buffer): string {
  if (data.length === 0) throw new AddressFileError('file', 'file: the file is empty');
  // NUL bytes, or bytes that are not UTF-8, mean a spreadsheet, a zip or an image.
  if (data.subarray(0, 8192).includes(0))
    throw new AddressFileError(
      'file',
      'file: this is a binary file; send a CSV or a text file with one address per line',
    );
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(data);
  } catch {
    throw new AddressFileError('file', 'file: the file is not UTF-8 text; save it as CSV UTF-8');
  }
  text = text.replace(/^\uFEFF/, '');
  if (text.trim() === '') throw new AddressFileError('file', 'file: the file is empty');
  return text;
}

/** RFC 4180 records (quoted fields may hold delimiters, quotes and line breaks). */
export function parseCsvRecords(text: string, delimiter: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else field += c;
    } else if (c === '"' && field === '') quoted = true;
    else if (c === delimiter) {
      record.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      record.push(field);
      records.push(record);
      record = [];
      field = '';
    } else field += c;
  }
  if (field !== '' || record.length > 0) {
    record.push(field);
    records.push(record);
  }
  return records;
}

/** The delimiter of a CSV header line: the most frequent of comma, semicolon and tab. */
function delimiterOf(headerLine: string): string {
  const counts = [',', ';', '\t'].map((d) => [d, headerLine.split(d).length] as const);
  return counts.reduce((a, b) => (b[1] > a[1] ? b : a))[0];
}

const headerKey = (name: string) => name.trim().toLowerCase();

/**
 * The addresses of a file. With `column`, a CSV with a header row whose column of that name
 * (case-insensitive) holds the addresses, and optionally `countryColumn`; without, one address
 * per non-blank line.
 */
export function readAddressFile(
  data: Buffer,
  options: { column?: string; countryColumn?: string } = {},
): AddressFile {
  const text = textOf(data);
  if (!options.column) {
    if (options.countryColumn)
      throw new AddressFileError(
        'countryColumn',
        'countryColumn: a country column needs a CSV file and its address column',
      );
    const rows: AddressFileRow[] = [];
    text.split(/\r\n|\r|\n/).forEach((line, i) => {
      if (line.trim() !== '') rows.push({ line: i + 1, address: line.trim() });
    });
    return { column: null, rows: limited(rows) };
  }
  const firstLine = text.slice(0, text.search(/\r|\n|$/));
  const [header, ...body] = parseCsvRecords(text, delimiterOf(firstLine));
  const names = (header ?? []).map(headerKey);
  const at = names.indexOf(headerKey(options.column));
  if (at < 0)
    throw new AddressFileError(
      'column',
      `column: the file has no column "${options.column}"; its columns are ${(header ?? []).map((h) => `"${h.trim()}"`).join(', ')}`,
    );
  let countryAt = -1;
  if (options.countryColumn) {
    countryAt = names.indexOf(headerKey(options.countryColumn));
    if (countryAt < 0)
      throw new AddressFileError(
        'countryColumn',
        `countryColumn: the file has no column "${options.countryColumn}"`,
      );
  }
  const rows: AddressFileRow[] = [];
  body.forEach((cells, i) => {
    if (cells.every((c) => c.trim() === '')) return;
    rows.push({
      line: i + 2,
      address: (cells[at] ?? '').trim(),
      ...(countryAt >= 0 ? { country: (cells[countryAt] ?? '').trim() } : {}),
    });
  });
  if (rows.length === 0)
    throw new AddressFileError('file', 'file: the file has a header row but no addresses');
  return { column: header![at]!.trim(), rows: limited(rows) };
}

function limited(rows: AddressFileRow[]): AddressFileRow[] {
  if (rows.length > ADDRESS_FILE_MAX_ROWS)
    throw new AddressFileError(
      'file',
      `file: ${rows.length.toLocaleString('en-GB')} addresses; at most ${ADDRESS_FILE_MAX_ROWS.toLocaleString('en-GB')} per file`,
    );
  return rows;
}
