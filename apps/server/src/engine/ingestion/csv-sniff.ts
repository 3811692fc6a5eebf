import type { Delimiter } from '@b2b/contract';

const DELIMITERS: Delimiter[] = [',', ';', '\t', '|'];

/**
 * Splits the start of a CSV text into records (RFC 4180 quoting, CRLF or LF). Only used on the
 * sniffing sample; DuckDB parses the file itself. A final record cut off by the end of the sample
 * is dropped.
 */
export function splitRecords(text: string, delimiter: string, maxRecords = 200): string[][] {
  const records: string[][] = [];
  let field = '';
  let record: string[] = [];
  let quoted = false;
  let i = 0;
  while (i < text.length && records.length < maxRecords) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else field += ch;
    } else if (ch === '"' && field.length === 0) quoted = true;
    else if (ch === delimiter) {
      record.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      if (ch === '\r' && text[i + 1] === '\n') i++;
    } else field += ch;
    i++;
  }
  // Keep a final record only when the sample holds the whole file.
  if (i >= text.length && !quoted && (field.length > 0 || record.length > 0)) {
    record.push(field);
    records.push(record);
  }
  return records;
}

const isBlankRecord = (r: string[]) => r.every((c) => c.trim() === '');

/** The field count most records share, and how many share it. */
function modalWidth(records: string[][]): { width: number; share: number } {
  const counts = new Map<number, number>();
  for (const r of records) counts.set(r.length, (counts.get(r.length) ?? 0) + 1);
  let width = 0;
  let share = 0;
  for (const [w, n] of counts) {
    if (n > share || (n === share && w > width)) {
      width = w;
      share = n;
    }
  }
  return { width, share };
}

/**
 * Picks the delimiter that splits the sample into the most consistent number of fields (more than
 * one). Title rows above the header do not disturb it: consistency is measured on the records
 * after the first few.
 */
export function detectDelimiter(text: string): Delimiter {
  let best: { delimiter: Delimiter; score: number } = { delimiter: ',', score: -1 };
  for (const delimiter of DELIMITERS) {
    const records = splitRecords(text, delimiter, 100).filter((r) => !isBlankRecord(r));
    if (records.length === 0) continue;
    const { width, share } = modalWidth(records);
    if (width < 2) continue;
    const score = (share / records.length) * 1000 + Math.min(width, 50);
    if (score > best.score) best = { delimiter, score };
  }
  return best.delimiter;
}

const NUMERIC = /^[\s£$€(-]*[\d.,\s]+[)-]?\s*$/;
const DATE_LIKE = /^\d{1,4}[/.-]\d{1,2}[/.-]\d{1,4}/;

/**
 * The header is the first record that has the file's usual width and reads like labels: mostly
 * non-empty, not numbers or dates. Report titles and blank lines above it are skipped.
 */
export function detectHeaderRow(records: string[][]): number {
  const nonBlank = records.filter((r) => !isBlankRecord(r));
  if (nonBlank.length === 0) return 0;
  const { width } = modalWidth(nonBlank);
  const limit = Math.min(records.length, 30);
  for (let i = 0; i < limit; i++) {
    const r = records[i]!;
    if (isBlankRecord(r) || r.length < Math.max(2, Math.ceil(width * 0.6))) continue;
    const filled = r.filter((c) => c.trim() !== '');
    const labels = filled.filter((c) => !NUMERIC.test(c) && !DATE_LIKE.test(c.trim()));
    if (filled.length >= r.length * 0.5 && labels.length >= filled.length * 0.7) return i;
  }
  return records.findIndex((r) => !isBlankRecord(r));
}

/** Header labels: trimmed; blanks become "Column N"; repeats get " (2)", " (3)". */
export function cleanHeaders(cells: string[]): string[] {
  const seen = new Map<string, number>();
  return cells.map((cell, i) => {
    const base = cell.replace(/\s+/g, ' ').trim() || `Column ${i + 1}`;
    const n = (seen.get(base.toLowerCase()) ?? 0) + 1;
    seen.set(base.toLowerCase(), n);
    return n === 1 ? base : `${base} (${n})`;
  });
}
