import fs from 'node:fs';
import { EngineError } from '../engine-error.js';
import {
  decodeOoxmlEscapes,
  parseXmlPart,
  readDateStyles,
  readSharedStrings,
  readXlsxWorkbook,
} from './xlsx-parts.js';

/** Sheet names in workbook order, from `xl/workbook.xml` and its relationships. */
export async function listSheetNames(filePath: string): Promise<string[]> {
  return (await readXlsxWorkbook(filePath)).sheets.map((sheet) => sheet.name);
}

/** A date as ISO text: the day alone at midnight, else day and time to the second. */
function dateText(date: Date): string {
  if (Number.isNaN(date.getTime())) return '';
  const iso = date.toISOString();
  return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso.slice(0, 19).replace('T', ' ');
}

/** An Excel serial date (days since 1899-12-30, or since 1904-01-01 in the 1904 system). */
function serialDateText(serial: number, date1904: boolean): string {
  const epochDays = serial - 25569 + (date1904 ? 1462 : 0);
  return dateText(new Date(Math.round(epochDays * 86_400_000)));
}

function csvField(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The column a cell reference names, from 0: `C12` → 2. */
function columnIndex(reference: string): number {
  let column = 0;
  for (const char of reference) {
    const code = char.charCodeAt(0);
    if (code < 65 || code > 90) break;
    column = column * 26 + (code - 64);
  }
  return column - 1;
}

interface OpenCell {
  column: number;
  type: string;
  date: boolean;
}

export interface SheetOptions {
  /** The sheet to read; the workbook's first when left out. */
  sheetName?: string;
  /** Rows to read at most; reading stops there. */
  maxRows?: number;
}

export interface SheetRead {
  sheetName: string;
  sheetNames: string[];
  rowCount: number;
}

/**
 * Reads one worksheet row by row, streaming: `onRow` gets each row's cell texts, and `afterChunk`
 * runs after each chunk of the sheet's XML (a caller writing output waits for backpressure
 * there). A cell's text is what Excel shows apart from number formatting: formula results, rich
 * text joined, dates as ISO. Rows with no value at all are left out; formatted but empty rows
 * are common below a sheet's data.
 */
async function readSheet(
  filePath: string,
  options: SheetOptions,
  onRow: (cells: string[]) => void,
  afterChunk: () => Promise<void> = async () => {},
): Promise<SheetRead> {
  const workbook = await readXlsxWorkbook(filePath);
  const sheetNames = workbook.sheets.map((sheet) => sheet.name);
  const sheetName = options.sheetName ?? sheetNames[0];
  const sheet = workbook.sheets.find((s) => s.name === sheetName);
  if (!sheetName || !sheet) {
    throw new EngineError('SHEET_NOT_FOUND', `The workbook has no sheet named "${sheetName}".`);
  }
  if (!sheet.entry) {
    throw new EngineError(
      'XLSX_INVALID',
      `The workbook lists a sheet "${sheetName}" but does not hold it.`,
    );
  }
  const sharedStrings = await readSharedStrings(filePath, workbook.sharedStrings);
  const dateStyles = await readDateStyles(filePath, workbook.styles);

  const cellValue = (raw: string, cell: OpenCell): string => {
    switch (cell.type) {
      case 's':
        return sharedStrings[Number(raw)] ?? '';
      case 'inlineStr':
      case 'str':
        return decodeOoxmlEscapes(raw);
      case 'b':
        return raw === '1' ? 'TRUE' : raw === '0' ? 'FALSE' : raw;
      case 'e':
        return '';
      case 'd':
        return dateText(new Date(raw));
      default: {
        if (raw.trim() === '') return '';
        const number = Number(raw);
        if (!Number.isFinite(number)) return raw;
        return cell.date ? serialDateText(number, workbook.date1904) : String(number);
      }
    }
  };

  let rowCount = 0;
  let full = false;
  let row: string[] = [];
  let nextColumn = 0;
  let cell: OpenCell | undefined;
  let value: string[] = [];
  let inValue = false;
  let inInlineText = false;
  let phonetic = 0;

  const endRow = () => {
    if (!row.some((text) => text !== undefined && text !== '')) return;
    if (options.maxRows !== undefined && rowCount >= options.maxRows) {
      full = true;
      return;
    }
    rowCount++;
    onRow(Array.from(row, (text) => text ?? ''));
  };

  await parseXmlPart(
    filePath,
    sheet.entry,
    {
      open(name, attributes) {
        if (name === 'row') {
          row = [];
          nextColumn = 0;
        } else if (name === 'c') {
          const style = Number(attributes.s ?? 0);
          cell = {
            column: attributes.r ? columnIndex(attributes.r) : nextColumn,
            type: attributes.t ?? 'n',
            date: dateStyles[style] === true,
          };
          value = [];
        } else if (name === 'v' && cell) {
          inValue = true;
        } else if (name === 'rPh') {
          phonetic++;
        } else if (name === 't' && cell?.type === 'inlineStr' && phonetic === 0) {
          inInlineText = true;
        }
      },
      close(name) {
        if (name === 'v') inValue = false;
        else if (name === 't') inInlineText = false;
        else if (name === 'rPh') phonetic--;
        else if (name === 'c' && cell) {
          row[cell.column] = cellValue(value.join(''), cell);
          nextColumn = cell.column + 1;
          cell = undefined;
        } else if (name === 'row') endRow();
      },
      text(text) {
        if (inValue || inInlineText) value.push(text);
      },
    },
    async () => {
      await afterChunk();
      return !full;
    },
  );
  return { sheetName, sheetNames, rowCount };
}

/**
 * Streams one worksheet to a UTF-8 CSV file (comma-delimited), as `readSheet` reads it. Call
 * `checkUploadedFile` first: it enforces the size and sheet limits before this unpacks anything.
 */
export async function xlsxToCsv(
  filePath: string,
  targetCsv: string,
  options: SheetOptions = {},
): Promise<SheetRead> {
  const out = fs.createWriteStream(targetCsv);
  let pending: string[] = [];
  try {
    return await readSheet(
      filePath,
      options,
      (cells) => pending.push(cells.map(csvField).join(',') + '\n'),
      async () => {
        if (pending.length === 0) return;
        const chunk = pending.join('');
        pending = [];
        if (!out.write(chunk)) {
          await new Promise<void>((resolve) => out.once('drain', () => resolve()));
        }
      },
    );
  } finally {
    if (pending.length > 0) out.write(pending.join(''));
    await new Promise<void>((resolve, reject) =>
      out.end((e?: Error | null) => (e ? reject(e) : resolve())),
    );
  }
}

/** One worksheet's rows as cell texts (a small file: the rows are held in memory). */
export async function readSheetRows(
  filePath: string,
  options: SheetOptions = {},
): Promise<SheetRead & { rows: string[][] }> {
  const rows: string[][] = [];
  const read = await readSheet(filePath, options, (cells) => rows.push(cells));
  return { ...read, rows };
}
