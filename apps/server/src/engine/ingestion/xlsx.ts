import fs from 'node:fs';
import ExcelJS from 'exceljs';
import { EngineError } from '../engine-error.js';
import { readZipDirectory, readZipEntry } from './zip-directory.js';

/** Sheet names in workbook order, read from `xl/workbook.xml` alone. */
export async function listSheetNames(filePath: string): Promise<string[]> {
  const entries = await readZipDirectory(filePath);
  const workbook = entries?.find((e) => e.name === 'xl/workbook.xml');
  if (!workbook) throw new EngineError('XLSX_INVALID', 'The workbook has no xl/workbook.xml.');
  const xml = (await readZipEntry(filePath, workbook)).toString('utf8');
  return [...xml.matchAll(/<(?:\w+:)?sheet\b[^>]*\bname="([^"]*)"/g)].map((m) => decodeXml(m[1]!));
}

function decodeXml(s: string): string {
  return s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');
}

/** A cell's value as the text a CSV export would hold (dates as ISO, formulas as their result). */
export function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) {
    const iso = value.toISOString();
    return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso.slice(0, 19).replace('T', ' ');
  }
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((r) => r.text).join('');
    if ('result' in value) return cellText((value.result ?? '') as ExcelJS.CellValue);
    if ('text' in value) return String(value.text);
    if ('error' in value) return '';
    return '';
  }
  return String(value);
}

function csvField(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * Streams one worksheet to a UTF-8 CSV file (comma-delimited). Call `checkUploadedFile` first: it
 * enforces the size and sheet limits before this unpacks anything.
 */
export async function xlsxToCsv(
  filePath: string,
  targetCsv: string,
  options: { sheetName?: string; maxRows?: number } = {},
): Promise<{ sheetName: string; sheetNames: string[]; rowCount: number }> {
  const sheetNames = await listSheetNames(filePath);
  const sheetName = options.sheetName ?? sheetNames[0];
  if (!sheetName || !sheetNames.includes(sheetName)) {
    throw new EngineError('SHEET_NOT_FOUND', `The workbook has no sheet named "${sheetName}".`);
  }
  const out = fs.createWriteStream(targetCsv);
  let rowCount = 0;
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(filePath, {
    worksheets: 'emit',
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    entries: 'ignore',
  });
  try {
    sheets: for await (const sheet of reader) {
      const name = (sheet as unknown as { name?: string }).name;
      if (name !== sheetName) {
        for await (const _row of sheet) void _row;
        continue;
      }
      for await (const row of sheet) {
        if (options.maxRows !== undefined && rowCount >= options.maxRows) break sheets;
        const values = (row.values as ExcelJS.CellValue[]).slice(1);
        const chunk = values.map((v) => csvField(cellText(v))).join(',') + '\n';
        rowCount++;
        if (!out.write(chunk))
          await new Promise<void>((resolve) => out.once('drain', () => resolve()));
      }
      break;
    }
  } finally {
    await new Promise<void>((resolve, reject) =>
      out.end((e?: Error | null) => (e ? reject(e) : resolve())),
    );
  }
  return { sheetName, sheetNames, rowCount };
}
