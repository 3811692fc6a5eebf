import { StringDecoder } from 'node:string_decoder';

const QUOTE = 0x22;
const CR = 0x0d;
const LF = 0x0a;

/** A CSV the reader cannot finish: an open quote at the end of the file. */
export class CsvShapeError extends Error {}

/**
 * Reads CSV records (RFC 4180: quoted fields may hold delimiters, doubled quotes and line breaks)
 * from chunks of bytes as they arrive, holding only the record in progress: `push` answers the
 * records a chunk completed, `end` the last one. Lines may end in CRLF, LF or CR; a UTF-8 BOM is
 * dropped; a quote inside an unquoted field is kept as text.
 */
export class CsvRecordReader {
  private readonly decoder = new StringDecoder('utf8');
  private readonly delimiter: number;
  private record: string[] = [];
  private field = '';
  /** Inside a quoted field. */
  private quoted = false;
  /** A quote ended the last chunk inside a quoted field: the next character decides what it was. */
  private quoteAtEnd = false;
  /** The last chunk ended with CR: a LF starting the next belongs to the same line end. */
  private crAtEnd = false;
  /** The current field began with a quote (so its text is not checked for a record start). */
  private fieldStarted = false;
  private first = true;

  constructor(delimiter = ',') {
    this.delimiter = delimiter.charCodeAt(0);
  }

  push(chunk: Buffer): string[][] {
    let text = this.decoder.write(chunk);
    if (this.first && text.length > 0) {
      this.first = false;
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    }
    return this.read(text);
  }

  end(): string[][] {
    const out = this.read(this.decoder.end());
    if (this.quoteAtEnd) {
      this.quoteAtEnd = false;
      this.quoted = false;
    }
    if (this.quoted) throw new CsvShapeError('a quoted field is not closed before the file ends');
    if (this.fieldStarted || this.field !== '' || this.record.length > 0) {
      this.record.push(this.field);
      out.push(this.record);
    }
    this.record = [];
    this.field = '';
    this.fieldStarted = false;
    return out;
  }

  private read(text: string): string[][] {
    const out: string[][] = [];
    const n = text.length;
    const delimiter = this.delimiter;
    let i = 0;
    if (this.crAtEnd) {
      this.crAtEnd = false;
      if (n > 0 && text.charCodeAt(0) === LF) i = 1;
    }
    if (this.quoteAtEnd && n > 0) {
      this.quoteAtEnd = false;
      if (text.charCodeAt(0) === QUOTE) {
        this.field += '"';
        i = 1;
      } else this.quoted = false;
    }
    while (i < n) {
      if (this.quoted) {
        const q = text.indexOf('"', i);
        if (q === -1) {
          this.field += text.slice(i);
          return out;
        }
        this.field += text.slice(i, q);
        if (q + 1 === n) {
          this.quoteAtEnd = true;
          return out;
        }
        if (text.charCodeAt(q + 1) === QUOTE) {
          this.field += '"';
          i = q + 2;
        } else {
          this.quoted = false;
          i = q + 1;
        }
        continue;
      }
      // Unquoted: copy up to the next delimiter, quote or line end.
      let j = i;
      let c = 0;
      for (; j < n; j++) {
        c = text.charCodeAt(j);
        if (c === delimiter || c === LF || c === CR || c === QUOTE) break;
      }
      if (j === n) {
        this.field += text.slice(i);
        return out;
      }
      if (c === QUOTE) {
        if (this.field === '' && j === i && !this.fieldStarted) {
          this.quoted = true;
          this.fieldStarted = true;
        } else this.field += text.slice(i, j + 1);
        i = j + 1;
        continue;
      }
      this.record.push(this.field + text.slice(i, j));
      this.field = '';
      this.fieldStarted = false;
      i = j + 1;
      if (c === delimiter) continue;
      out.push(this.record);
      this.record = [];
      if (c === CR) {
        if (i < n) {
          if (text.charCodeAt(i) === LF) i++;
        } else this.crAtEnd = true;
      }
    }
    return out;
  }
}

/** The delimiter of a header line: the most frequent of comma, semicolon and tab (comma on a tie). */
export function sniffDelimiter(firstLine: string): string {
  let best = ',';
  let most = 0;
  for (const d of [',', ';', '\t']) {
    const count = firstLine.split(d).length - 1;
    if (count > most) {
      best = d;
      most = count;
    }
  }
  return best;
}
