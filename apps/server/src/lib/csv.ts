import { Transform } from 'node:stream';
/** CSV cell that a spreadsheet will not run as a formula (OWASP CSV injection). */
export function csvCell(value: string | null | undefined): string {
  let text = value ?? '';
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Rows as CSV text (CRLF line ends), every cell formula-safe. */
export function csvText(rows: readonly (readonly (string | null | undefined)[])[]): string {
  return rows.map((row) => `${row.map(csvCell).join(',')}\r\n`).join('');
}

const CRLF = Buffer.from('\r\n');

/**
 * CSV records ended with LF (as PostgreSQL's COPY writes them) rewritten with CRLF, the line end
 * the rest of the product's CSV uses. Only record ends change: a line break inside a quoted
 * field is data and stays as it is. `onRecords` hears how many records each chunk ended.
 */
export function crlfRecords(onRecords?: (count: number) => Promise<void> | void): Transform {
  let quoted = false;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      const parts: Buffer[] = [];
      let records = 0;
      let from = 0;
      let at = 0;
      // The next line feed at or after `at`, searched again only once `at` has passed it (a
      // row of many quoted fields would otherwise search to its end after each of them);
      // -1 once the chunk has none left, -2 before the first search.
      let nextLf = -2;
      for (;;) {
        // Jump between quotes and line ends only; every other byte is copied as it is.
        const quote = chunk.indexOf(0x22, at);
        if (!quoted && nextLf !== -1 && nextLf < at) nextLf = chunk.indexOf(0x0a, at);
        const lf = quoted ? -1 : nextLf;
        if (lf !== -1 && (quote === -1 || lf < quote)) {
          parts.push(chunk.subarray(from, lf), CRLF);
          records += 1;
          from = at = lf + 1;
        } else if (quote !== -1) {
          quoted = !quoted;
          at = quote + 1;
        } else break;
      }
      parts.push(chunk.subarray(from));
      const out = Buffer.concat(parts);
      if (records > 0 && onRecords) {
        Promise.resolve(onRecords(records)).then(() => done(null, out), done);
      } else done(null, out);
    },
  });
}
