import { once } from 'node:events';
import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { csvCell } from './csv.js';

/** One cell of a data download: text, a number, a yes/no, or nothing. */
export type Cell = string | number | boolean | null | undefined;

/** Writes to a stream and waits when its buffer is full, so memory stays one batch. */
async function write(out: Writable, chunk: string | Buffer): Promise<void> {
  if (!out.write(chunk)) await once(out, 'drain');
}

/** A table written row batch by row batch, then ended (CSV or XLSX). */
export type TableWriter = {
  writeRows(rows: readonly (readonly Cell[])[]): Promise<void>;
  end(): Promise<void>;
};
/** CSV can also take lines already written (supplier-export.read.ts shapes them in SQL). */
export type CsvTableWriter = TableWriter & { writeLines(lines: readonly string[]): Promise<void> };

const csvValue = (v: Cell): string =>
  typeof v === 'number'
    ? Number.isFinite(v)
      ? String(v)
      : ''
    : typeof v === 'boolean'
      ? v
        ? 'TRUE'
        : 'FALSE'
      : // Text: a leading = + - @ tab or CR is prefixed with ' (lib/csv.ts, OWASP CSV injection).
        csvCell(v);

/**
 * CSV, UTF-8 with a byte-order mark so Excel reads accents, CRLF line ends; every text cell
 * formula-safe. Numbers stay numbers (a negative amount is not text and is not escaped).
 */
export async function csvTableWriter(
  out: Writable,
  header: readonly string[],
): Promise<CsvTableWriter> {
  await write(out, `\uFEFF${header.map(csvCell).join(',')}\r\n`);
  return {
    async writeRows(rows) {
      let text = '';
      for (const row of rows) text += `${row.map(csvValue).join(',')}\r\n`;
      await write(out, text);
    },
    async writeLines(lines) {
      if (lines.length > 0) await write(out, `${lines.join('\r\n')}\r\n`);
    },
    async end() {
      out.end();
      await once(out, 'finish');
    },
  };
}

/**
 * XLSX through exceljs's streaming WorkbookWriter: each row is committed as it is written, so
 * the workbook never sits in memory. Text is stored as plain strings (never a formula, whatever
 * it starts with); numbers and yes/no as their own types.
 */
export async function xlsxTableWriter(
  out: Writable,
  header: readonly string[],
  sheetName = 'Suppliers',
): Promise<TableWriter> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: false,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet(sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.addRow([...header]).commit();
  return {
    async writeRows(rows) {
      for (const row of rows) sheet.addRow(row.map((v) => (v === undefined ? null : v))).commit();
      // Let the zip stream flush what the committed rows produced.
      await new Promise((resolve) => setImmediate(resolve));
    },
    async end() {
      sheet.commit();
      await workbook.commit();
    },
  };
}
