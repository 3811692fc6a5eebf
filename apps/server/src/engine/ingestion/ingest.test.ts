import fs from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngineTestKit } from '../engine-test-kit.js';
import { aggregateConsultantDocuments, buildSupplierList, supplierMerges } from './aggregate.js';
import { suggestColumnMapping } from './column-mapping.js';
import { BLANK_NAMES_MESSAGE, ingest } from './ingest.js';
import { previewRows } from './preview.js';
import { sniffFile } from './sniff-file.js';

let kit: Awaited<ReturnType<typeof createEngineTestKit>>;
beforeAll(async () => {
  kit = await createEngineTestKit();
});
afterAll(() => kit.dispose());

const PAYMENTS = [
  'Vendor No;Vendor Name;Amount;Payment Date;Invoice Date;Payment Method;Terms;Country',
  'V1;Acme Ltd;"£1.234,50";01/02/2024;02/01/2024;BACS;Net 30;UK',
  'V1;ACME LIMITED;(100,00);15/02/2024;10/01/2024;BACS;Net 30;UK',
  'V2;REDACTED PERSONAL DATA;50,00;13/02/2024;;Cheque;;United Kingdom',
  ';;5,00;01/01/2024;;;;',
  'V3;Café Zoë;abc;30/02/2024;;Visa;Immediate;Deutschland',
  'V4;Foo;7,50;01/03/2024;;wire;;Narnia;extra',
  '',
  'V5;Bar GmbH;1.000,00;2024-03-01;2024-02-01;Card;2/10 Net 45;DE',
].join('\r\n');

async function ingestPayments(name: string, content: string | Buffer) {
  const file = kit.file(name, content);
  const sniff = await sniffFile(file, { declaredName: name, workDir: kit.dir });
  const { mapping } = suggestColumnMapping(sniff.headers, 'advanced', 'Payment');
  const result = await ingest({
    db: kit.db,
    file,
    sniff,
    jobType: 'advanced',
    documentType: 'Payment',
    mapping,
    currency: 'GBP',
    outPath: path.join(kit.dir, `${name}.parquet`),
    rejectsPath: path.join(kit.dir, `${name}.rejects.csv`),
    workDir: kit.dir,
  });
  return { file, sniff, mapping, result };
}

describe('ingest (Consultant Upload payments)', () => {
  it('parses typed values in SQL and reports every rejected row with its reason', async () => {
    const { result } = await ingestPayments('pay.csv', Buffer.from(PAYMENTS, 'latin1'));
    expect(result).toMatchObject({
      rowCount: 7,
      acceptedCount: 4,
      rejectedCount: 3,
      decimalSeparator: ',',
      dayFirst: true,
      flaggedRedactedCount: 1,
    });
    expect(result.rejected.map((r) => [r.rowNumber, r.reason])).toEqual([
      [5, 'Supplier id and supplier name are blank'],
      [6, 'Amount "abc" is not an amount; Document date "30/02/2024" is not a date'],
      [7, 'Row has more columns than the header'],
    ]);
    expect(result.rejected[1]!.raw).toMatchObject({ 'Vendor Name': 'Café Zoë', Amount: 'abc' });
    const rows = await kit.db.all(
      `SELECT supplier_id, supplier_name, name_redacted, CAST(amount AS DOUBLE) AS amount, currency,
         CAST(document_date AS VARCHAR) AS d, payment_method, payment_terms_days, country
       FROM read_parquet('${result.parquetPath}') ORDER BY row_number`,
    );
    expect(rows).toEqual([
      {
        supplier_id: 'V1',
        supplier_name: 'Acme Ltd',
        name_redacted: false,
        amount: 1234.5,
        currency: 'GBP',
        d: '2024-02-01',
        payment_method: 'ACH',
        payment_terms_days: 30,
        country: 'GBR',
      },
      {
        supplier_id: 'V1',
        supplier_name: 'ACME LIMITED',
        name_redacted: false,
        amount: -100,
        currency: 'GBP',
        d: '2024-02-15',
        payment_method: 'ACH',
        payment_terms_days: 30,
        country: 'GBR',
      },
      {
        supplier_id: 'V2',
        supplier_name: null,
        name_redacted: true,
        amount: 50,
        currency: 'GBP',
        d: '2024-02-13',
        payment_method: 'Cheque',
        payment_terms_days: null,
        country: 'GBR',
      },
      {
        supplier_id: 'V5',
        supplier_name: 'Bar GmbH',
        name_redacted: false,
        amount: 1000,
        currency: 'GBP',
        d: '2024-03-01',
        payment_method: 'Card',
        payment_terms_days: 45,
        country: 'DEU',
      },
    ]);
    const rejects = fs.readFileSync(result.rejectsPath!, 'utf8').split('\n');
    expect(rejects[0]).toBe(
      'Row,Reason,Vendor No,Vendor Name,Amount,Payment Date,Invoice Date,Payment Method,Terms,Country',
    );
    expect(rejects).toHaveLength(5);
  });

  it('previews the first rows exactly as ingestion parses them', async () => {
    const file = kit.file('preview.csv', Buffer.from(PAYMENTS, 'latin1'));
    const sniff = await sniffFile(file, { declaredName: 'preview.csv', workDir: kit.dir });
    const { mapping } = suggestColumnMapping(sniff.headers, 'advanced', 'Payment');
    const preview = await previewRows({
      db: kit.db,
      file,
      sniff,
      jobType: 'advanced',
      documentType: 'Payment',
      mapping,
      currency: 'GBP',
      workDir: kit.dir,
      n: 5,
    });
    expect(preview).toHaveLength(5);
    expect(preview[0]).toMatchObject({
      rowNumber: 2,
      rejectedReason: null,
      values: { amount: 1234.5, documentDate: '2024-02-01', country: 'GBR' },
    });
    expect(preview[3]!.rejectedReason).toBe('Supplier id and supplier name are blank');
  });

  it('reads the same data from an XLSX workbook', async () => {
    const wb = new ExcelJS.Workbook();
    const sheet = wb.addWorksheet('Sheet1');
    sheet.addRow(['Supplier', 'Payment Date', 'Amount']);
    sheet.addRow(['Acme Ltd', new Date(Date.UTC(2024, 1, 1)), 1234.5]);
    sheet.addRow(['Bar GmbH', new Date(Date.UTC(2024, 2, 1)), -20]);
    const { result } = await ingestPayments('pay.xlsx', Buffer.from(await wb.xlsx.writeBuffer()));
    expect(result).toMatchObject({ rowCount: 2, acceptedCount: 2, rejectedCount: 0 });
  });

  it('aggregates documents per supplier: counts, spend, methods, terms, frequency', async () => {
    const { result } = await ingestPayments('agg.csv', Buffer.from(PAYMENTS, 'latin1'));
    const out = path.join(kit.dir, 'suppliers.parquet');
    const agg = await aggregateConsultantDocuments({
      db: kit.db,
      documents: [{ documentType: 'Payment', parquetPath: result.parquetPath }],
      outPath: out,
    });
    expect(agg).toMatchObject({ supplierCount: 3, periodMonths: 2, spendBasis: 'Payment' });
    const acme = await kit.db.one(
      `SELECT supplier_name, CAST(spend AS DOUBLE) AS spend, CAST(annual_spend AS DOUBLE) AS annual, payment_count,
         credit_note_count, main_payment_method, payment_terms_days, actual_days_to_pay, days_beyond_terms, payments_per_month
       FROM read_parquet('${out}') WHERE supplier_id = 'V1'`,
    );
    expect(acme).toEqual({
      supplier_name: 'ACME LIMITED',
      spend: 1134.5,
      annual: 6807,
      payment_count: 2,
      credit_note_count: 1,
      main_payment_method: 'ACH',
      payment_terms_days: 30,
      actual_days_to_pay: 33,
      days_beyond_terms: 3,
      payments_per_month: 1,
    });
    const redacted = await kit.db.one(
      `SELECT is_redacted FROM read_parquet('${out}') WHERE supplier_id = 'V2'`,
    );
    expect(redacted).toEqual({ is_redacted: true });
  });
});

describe('ingest (Summary Upload)', () => {
  it('rejects blank and redacted names, merges repeated suppliers, converts currencies', async () => {
    const csv = [
      'Supplier Name,Supplier ID,Annual Spend,Currency,Post Code',
      'Acme Ltd,A1,"$1,000.00",USD,SW1A 1AA',
      'REDACTED,A2,10,GBP,',
      ',A3,5,GBP,',
      'Acme Ltd,A1,500,GBP,SW1A 1AA',
      'Zed Ltd,Z1,7,CHF,',
    ].join('\n');
    const file = kit.file('summary.csv', csv);
    const sniff = await sniffFile(file, { declaredName: 'summary.csv', workDir: kit.dir });
    const { mapping } = suggestColumnMapping(sniff.headers, 'base');
    const result = await ingest({
      db: kit.db,
      file,
      sniff,
      jobType: 'base',
      mapping,
      currency: 'GBP',
      fxRates: { USD: 0.8 },
      outPath: path.join(kit.dir, 'rows.parquet'),
      workDir: kit.dir,
    });
    expect(result.rejected.map((r) => r.reason)).toEqual([
      'Supplier name is redacted personal data',
      'Supplier name is blank',
    ]);
    expect(result.warnings).toEqual([
      expect.objectContaining({ field: 'currency', count: 1, examples: ['CHF'] }),
    ]);
    const list = await buildSupplierList({
      db: kit.db,
      rowsPath: result.parquetPath,
      outPath: path.join(kit.dir, 'list.parquet'),
    });
    expect(list).toMatchObject({ supplierCount: 2, mergedRowCount: 1 });
    const acme = await kit.db.one(
      `SELECT CAST(annual_spend AS DOUBLE) AS s, source_row_count FROM read_parquet('${list.parquetPath}') WHERE supplier_id = 'A1'`,
    );
    expect(acme).toEqual({ s: 1300, source_row_count: 2 });
  });
});

async function ingestSummary(name: string, csv: string) {
  const file = kit.file(name, csv);
  const sniff = await sniffFile(file, { declaredName: name, workDir: kit.dir });
  const { mapping } = suggestColumnMapping(sniff.headers, 'base');
  return ingest({
    db: kit.db,
    file,
    sniff,
    jobType: 'base',
    mapping,
    currency: 'GBP',
    outPath: path.join(kit.dir, `${name}.parquet`),
    workDir: kit.dir,
  });
}

describe('supplier merges', () => {
  it('reports which rows of a supplier list became one supplier, with their spellings', async () => {
    const result = await ingestSummary(
      'merges.csv',
      [
        'Supplier Name,Annual Spend,Post Code',
        'Acme Ltd,100,SW1A 1AA',
        'ACME LTD.,200,SW1A 1AA',
        'acme ltd,50,SW1A 1AA',
        'Acme Ltd,10,SW1A 1AA',
        'Acme Ltd,10,EC1 1AA',
        'Café Zoë,5,',
        'Cafe Zoe!,5,',
        'Solo plc,7,',
      ].join('\n'),
    );
    const list = await buildSupplierList({
      db: kit.db,
      rowsPath: result.parquetPath,
      outPath: path.join(kit.dir, 'merges-list.parquet'),
    });
    expect(list).toMatchObject({ supplierCount: 4, mergedRowCount: 4 });
    expect(list.merges).toEqual({
      kind: 'rows',
      rowCount: 8,
      supplierCount: 4,
      mergedSupplierCount: 2,
      merges: [
        {
          supplierName: 'Acme Ltd',
          normalisedName: 'acme ltd',
          supplierId: null,
          rowCount: 4,
          spellings: [
            { name: 'Acme Ltd', rowCount: 2 },
            { name: 'ACME LTD.', rowCount: 1 },
            { name: 'acme ltd', rowCount: 1 },
          ],
          spellingCount: 3,
        },
        {
          supplierName: 'Café Zoë',
          normalisedName: 'cafe zoe',
          supplierId: null,
          rowCount: 2,
          spellings: [
            { name: 'Cafe Zoe!', rowCount: 1 },
            { name: 'Café Zoë', rowCount: 1 },
          ],
          spellingCount: 2,
        },
      ],
    });
  });

  it('lists at most the asked number of merges, the largest first, and counts them all', async () => {
    const rows = ['Supplier Name,Annual Spend'];
    for (let i = 1; i <= 5; i++) for (let r = 0; r <= i; r++) rows.push(`Supplier ${i},1`);
    const result = await ingestSummary('many-merges.csv', rows.join('\n'));
    const merges = await supplierMerges({
      db: kit.db,
      rowsPath: result.parquetPath,
      kind: 'rows',
      limit: 2,
    });
    expect(merges).toMatchObject({ rowCount: 20, supplierCount: 5, mergedSupplierCount: 5 });
    expect(merges.merges.map((m) => [m.supplierName, m.rowCount])).toEqual([
      ['Supplier 5', 6],
      ['Supplier 4', 5],
    ]);
  });

  it('counts a supplier of a document file as merged only when its name is spelt several ways', async () => {
    const { result } = await ingestPayments('merge-pay.csv', Buffer.from(PAYMENTS, 'latin1'));
    const merges = await supplierMerges({
      db: kit.db,
      rowsPath: result.parquetPath,
      kind: 'documents',
    });
    expect(merges).toMatchObject({ kind: 'documents', rowCount: 4, supplierCount: 3 });
    expect(merges.mergedSupplierCount).toBe(1);
    expect(merges.merges).toEqual([
      {
        supplierName: 'Acme Ltd',
        normalisedName: 'acme ltd',
        supplierId: 'V1',
        rowCount: 2,
        spellings: [
          { name: 'ACME LIMITED', rowCount: 1 },
          { name: 'Acme Ltd', rowCount: 1 },
        ],
        spellingCount: 2,
      },
    ]);
  });
});

describe('files without supplier names', () => {
  it('refuses a supplier list whose every supplier name is blank, writing nothing', async () => {
    const outPath = path.join(kit.dir, 'blank-names.csv.parquet');
    await expect(
      ingestSummary('blank-names.csv', 'Supplier Name,Annual Spend\n,100\n  ,200\n'),
    ).rejects.toThrow(BLANK_NAMES_MESSAGE);
    expect(fs.existsSync(outPath)).toBe(false);
  });

  it('refuses a document file whose rows carry supplier ids but no names', async () => {
    const csv = [
      'Vendor No,Vendor Name,Amount,Payment Date',
      'V1,,10,2024-01-01',
      'V2,,20,2024-01-02',
    ];
    await expect(ingestPayments('blank-pay.csv', csv.join('\n'))).rejects.toThrow(
      BLANK_NAMES_MESSAGE,
    );
  });
});
