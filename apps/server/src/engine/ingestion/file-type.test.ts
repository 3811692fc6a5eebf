import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_UPLOAD_LIMITS } from '@b2b/contract';
import { createEngineTestKit } from '../engine-test-kit.js';
import { EngineError } from '../engine-error.js';
import { checkUploadedFile } from './file-type.js';
import { listSheetNames, xlsxToCsv } from './xlsx.js';
import { readZipDirectory } from './zip-directory.js';

let kit: Awaited<ReturnType<typeof createEngineTestKit>>;
let workbook: string;
beforeAll(async () => {
  kit = await createEngineTestKit();
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet('Payments');
  sheet.addRow(['Supplier', 'Amount', 'Date']);
  sheet.addRow(['Acme, "Ltd"', 1234.5, new Date(Date.UTC(2024, 2, 4))]);
  sheet.addRow([
    { richText: [{ text: 'Rich ' }, { text: 'Text' }] },
    { formula: 'B2*2', result: 2469 },
    '04/03/2024',
  ]);
  wb.addWorksheet('Notes').addRow(['x']);
  wb.addWorksheet('More').addRow(['y']);
  workbook = kit.file('book.xlsx', Buffer.from(await wb.xlsx.writeBuffer()));
});
afterAll(() => kit.dispose());

async function refusal(promise: Promise<unknown>): Promise<EngineError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(EngineError);
  return error as EngineError;
}

describe('content against extension', () => {
  it('accepts a CSV and an XLSX that are what they say', async () => {
    expect(await checkUploadedFile(kit.file('ok.csv', 'a,b\n1,2\n'), 'ok.csv')).toEqual({
      kind: 'csv',
    });
    expect(await checkUploadedFile(workbook, 'book.xlsx')).toEqual({ kind: 'xlsx', sheetCount: 3 });
  });

  it('refuses a .csv that is really a workbook, a ZIP or a PDF', async () => {
    const renamed = kit.file(
      'renamed.csv',
      await import('node:fs').then((fs) => fs.readFileSync(workbook)),
    );
    expect((await refusal(checkUploadedFile(renamed, 'renamed.csv'))).message).toMatch(
      /named as a CSV file but its content is an Excel workbook/,
    );
    const zip = kit.file('z.csv', Buffer.from('PK\x05\x06' + '\0'.repeat(18), 'binary'));
    expect((await refusal(checkUploadedFile(zip, 'z.csv'))).code).toBe('FILE_TYPE_MISMATCH');
    const pdf = kit.file('p.csv', '%PDF-1.7\n1 0 obj\n');
    expect((await refusal(checkUploadedFile(pdf, 'p.csv'))).message).toMatch(/PDF document/);
  });

  it('refuses an .xlsx that is text, an old .xls, other extensions and empty files', async () => {
    const text = kit.file('t.xlsx', 'a,b\n');
    expect((await refusal(checkUploadedFile(text, 't.xlsx'))).code).toBe('FILE_TYPE_MISMATCH');
    const xls = kit.file(
      'old.xlsx',
      Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0]),
    );
    expect((await refusal(checkUploadedFile(xls, 'old.xlsx'))).message).toMatch(/Excel 97-2003/);
    expect((await refusal(checkUploadedFile(text, 'notes.docx'))).code).toBe('FILE_UNSUPPORTED');
    expect((await refusal(checkUploadedFile(kit.file('e.csv', ''), 'e.csv'))).code).toBe(
      'FILE_EMPTY',
    );
  });

  it('applies the upload size limit', async () => {
    const file = kit.file('big.csv', 'a,b\n'.repeat(100));
    const limits = { ...DEFAULT_UPLOAD_LIMITS, maxUploadBytes: 100 };
    expect((await refusal(checkUploadedFile(file, 'big.csv', limits))).code).toBe('FILE_TOO_LARGE');
  });
});

describe('XLSX limits, checked from the ZIP directory before unpacking', () => {
  it('reads sizes and sheet names without inflating the sheets', async () => {
    const entries = await readZipDirectory(workbook);
    expect(entries?.some((e) => e.name === 'xl/worksheets/sheet1.xml')).toBe(true);
    expect(await listSheetNames(workbook)).toEqual(['Payments', 'Notes', 'More']);
  });

  it('refuses too many sheets and too much uncompressed data', async () => {
    const fewSheets = { ...DEFAULT_UPLOAD_LIMITS, maxXlsxSheets: 2 };
    expect((await refusal(checkUploadedFile(workbook, 'book.xlsx', fewSheets))).code).toBe(
      'XLSX_TOO_MANY_SHEETS',
    );
    const small = { ...DEFAULT_UPLOAD_LIMITS, maxXlsxUncompressedBytes: 1000 };
    expect((await refusal(checkUploadedFile(workbook, 'book.xlsx', small))).code).toBe(
      'XLSX_TOO_LARGE',
    );
  });

  it('streams a sheet to CSV with dates, rich text and formula results', async () => {
    const csv = `${kit.dir}/book.csv`;
    const result = await xlsxToCsv(workbook, csv);
    expect(result).toMatchObject({ sheetName: 'Payments', rowCount: 3 });
    const text = await import('node:fs').then((fs) => fs.readFileSync(csv, 'utf8'));
    expect(text).toBe(
      'Supplier,Amount,Date\n"Acme, ""Ltd""",1234.5,2024-03-04\nRich Text,2469,04/03/2024\n',
    );
    await expect(xlsxToCsv(workbook, csv, { sheetName: 'Nope' })).rejects.toThrow(/no sheet named/);
  });
});
