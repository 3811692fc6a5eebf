import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness.js';

const t = useTestApp();

let developer: string;
let sysAdmin: string;
beforeAll(async () => {
  [developer, sysAdmin] = await Promise.all([
    t.signIn('developer@example.com'),
    t.signIn('sysadmin@example.com'),
  ]);
});

const ANONYMIZE = '/api/v1/dev/tools/anonymize-csv';
const PREVIEW = '/api/v1/dev/tools/anonymize-csv/preview';

/** A multipart body as the page's FormData sends it: the fields first, then the file. */
async function send(
  url: string,
  content: string | Buffer,
  fields: Record<string, string> = {},
  cookie = developer,
) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('file', new Blob([content], { type: 'text/csv' }), 'spend.csv');
  const req = new Request('http://x', { method: 'POST', body: form });
  return t.request({
    method: 'POST',
    url,
    cookie,
    headers: Object.fromEntries(req.headers),
    payload: Buffer.from(await req.arrayBuffer()),
  });
}

const SPEND = [
  'Supplier Name,Email,Amount,Description,Invoice Date',
  'ACME Ltd,ap@acme.co.uk,1234.56,"Consulting, March",2026-03-01',
  'Widget Co,billing@widget.com,-250.00,Refund,2026-03-02',
  'acme ltd ,AP@ACME.CO.UK,"1,234.56",Second invoice,2026-03-03',
  '',
].join('\r\n');

const TREATMENTS = JSON.stringify({
  'Supplier Name': 'name',
  Email: 'email',
  Amount: 'amount',
  Description: 'text',
});

const rows = (body: string) => body.trimEnd().split('\r\n');

describe('POST /api/v1/dev/tools/anonymize-csv', () => {
  it('rewrites names, e-mails, amounts and text consistently and keeps the rest', async () => {
    const res = await send(ANONYMIZE, SPEND, { treatments: TREATMENTS, key: 'k1' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="spend-anonymized.csv"');
    const [header, acme, widget, acmeAgain] = rows(res.body).map((r) => r.split(','));
    expect(header).toEqual(['Supplier Name', 'Email', 'Amount', 'Description', 'Invoice Date']);
    // Pseudonyms: two words and four digits; the e-mail at example.com.
    expect(acme![0]).toMatch(/^[A-Z][a-z]+ [A-Z][a-z]+ \d{6}$/);
    expect(acme![1]).toMatch(/^[a-z]+\.[a-z]+\.\d{6}@example\.com$/);
    expect(acme![3]).toBe('[redacted]');
    expect(acme![4]).toBe('2026-03-01');
    expect(acme![0]).not.toBe(widget![0]);
    // Case and spacing do not make another supplier; the same amount keeps its factor.
    expect(acmeAgain![0]).toBe(acme![0]);
    expect(acmeAgain![1]).toBe(acme![1]);
    expect(acmeAgain![2]).toBe(acme![2]);
    // Amounts: within ±10 %, sign kept, two decimals.
    const amount = Number(acme![2]);
    expect(acme![2]).toMatch(/^\d+\.\d{2}$/);
    expect(amount).toBeGreaterThanOrEqual(1234.56 * 0.9);
    expect(amount).toBeLessThanOrEqual(1234.56 * 1.1);
    expect(widget![2]).toMatch(/^-\d+\.\d{2}$/);
    expect(-Number(widget![2])).toBeGreaterThanOrEqual(225);
    expect(-Number(widget![2])).toBeLessThanOrEqual(275);
  });

  it('answers the same output for the same input and key, another for another key', async () => {
    const first = await send(ANONYMIZE, SPEND, { treatments: TREATMENTS, key: 'k1' });
    const again = await send(ANONYMIZE, SPEND, { treatments: TREATMENTS, key: 'k1' });
    const other = await send(ANONYMIZE, SPEND, { treatments: TREATMENTS, key: 'k2' });
    expect(again.body).toBe(first.body);
    const [, a] = rows(first.body).map((r) => r.split(','));
    const [, b] = rows(other.body).map((r) => r.split(','));
    expect(b![0]).not.toBe(a![0]);
    expect(b![1]).not.toBe(a![1]);
    expect(b![2]).not.toBe(a![2]);
  });

  it('maps a value the same way in another file (a pseudonym does not depend on row order)', async () => {
    const other = 'Amount,Email,Supplier Name\r\n1234.56,ap@acme.co.uk,ACME Ltd\r\n';
    const [first, second] = await Promise.all([
      send(ANONYMIZE, SPEND, { treatments: TREATMENTS, key: 'k1' }),
      send(ANONYMIZE, other, {
        treatments: JSON.stringify({ Amount: 'amount', Email: 'email', 'Supplier Name': 'name' }),
        key: 'k1',
      }),
    ]);
    const [, acme] = rows(first.body).map((r) => r.split(','));
    expect(rows(second.body)[1]).toBe([acme![2], acme![1], acme![0]].join(','));
  });

  it('uses the server’s default key without a key field, the same on every call', async () => {
    const a = await send(ANONYMIZE, SPEND, { treatments: TREATMENTS });
    const b = await send(ANONYMIZE, SPEND, { treatments: TREATMENTS });
    expect(a.statusCode, a.body).toBe(200);
    expect(b.body).toBe(a.body);
  });

  it('escapes formulas in kept cells and the header, keeps numbers and quoted line breaks', async () => {
    const csv =
      '=Total,Note\r\n=HYPERLINK("http://x"),"line one\nline two"\r\n+1,@SUM(A1)\r\n-2,\tx\r\n-1+2,x\r\n';
    const res = await send(ANONYMIZE, csv, { treatments: '{}', key: 'k' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).toBe(
      [
        "'=Total,Note",
        `"'=HYPERLINK(""http://x"")","line one\nline two"`,
        "'+1,'@SUM(A1)",
        // A plain negative number stays a number; anything else led by - is escaped.
        "-2,'\tx",
        "'-1+2,x",
        '',
      ].join('\r\n'),
    );
  });

  it('reads a semicolon-separated file and writes it comma-separated', async () => {
    const res = await send(ANONYMIZE, 'Vendor;Spend\nACME;10,00\n', {
      treatments: JSON.stringify({ Spend: 'text' }),
      key: 'k',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(rows(res.body)).toEqual(['Vendor,Spend', 'ACME,[redacted]']);
  });

  it('refuses a column the file does not have, naming it', async () => {
    const res = await send(ANONYMIZE, SPEND, {
      treatments: JSON.stringify({ Supplier: 'name' }),
      key: 'k',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message:
        'treatments: the file has no column "Supplier" (its columns: Supplier Name, Email, Amount, Description, Invoice Date)',
      errors: [{ field: 'treatments' }],
    });
  });

  it('refuses an empty key, naming the field', async () => {
    const res = await send(ANONYMIZE, SPEND, { treatments: TREATMENTS, key: '  ' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ errors: [{ field: 'key' }] });
    expect(res.json().message).toMatch(/^key: the key is empty/);
  });

  it('refuses missing, malformed or unknown treatments', async () => {
    const missing = await send(ANONYMIZE, SPEND, { key: 'k' });
    const notJson = await send(ANONYMIZE, SPEND, { treatments: '{', key: 'k' });
    const unknown = await send(ANONYMIZE, SPEND, {
      treatments: JSON.stringify({ Email: 'scramble' }),
      key: 'k',
    });
    for (const res of [missing, notJson, unknown]) {
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ errors: [{ field: 'treatments' }] });
    }
  });

  it('refuses a file that is not CSV and an empty file, naming the file', async () => {
    const zip = Buffer.concat([Buffer.from('PK\x03\x04', 'latin1'), Buffer.alloc(64, 1)]);
    const binary = await send(ANONYMIZE, zip, { treatments: '{}', key: 'k' });
    expect(binary.statusCode).toBe(400);
    expect(binary.json()).toMatchObject({
      message: 'file: not a CSV file (it holds binary data)',
      errors: [{ field: 'file' }],
    });
    const empty = await send(ANONYMIZE, '\r\n', { treatments: '{}', key: 'k' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ message: 'file: the file is empty' });
  });

  it('refuses a body that is not multipart, naming the file', async () => {
    const res = await t.request({
      method: 'POST',
      url: ANONYMIZE,
      cookie: developer,
      payload: { file: 'x' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ errors: [{ field: 'file' }] });
  });

  it('is refused (403) to a role without DevArea_CRUD', async () => {
    const res = await send(ANONYMIZE, SPEND, { treatments: TREATMENTS, key: 'k' }, sysAdmin);
    expect(res.statusCode).toBe(403);
  });
});

describe('POST /api/v1/dev/tools/anonymize-csv/preview', () => {
  it('answers the header with the treatment each name suggests and the first rows', async () => {
    const res = await send(PREVIEW, SPEND);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      delimiter: ',',
      columns: [
        { name: 'Supplier Name', suggested: 'name' },
        { name: 'Email', suggested: 'email' },
        { name: 'Amount', suggested: 'amount' },
        { name: 'Description', suggested: 'text' },
        { name: 'Invoice Date', suggested: 'keep' },
      ],
      sampleRows: [
        ['ACME Ltd', 'ap@acme.co.uk', '1234.56', 'Consulting, March', '2026-03-01'],
        ['Widget Co', 'billing@widget.com', '-250.00', 'Refund', '2026-03-02'],
        ['acme ltd ', 'AP@ACME.CO.UK', '1,234.56', 'Second invoice', '2026-03-03'],
      ],
    });
  });

  it('answers from the start of a large file without reading it all', async () => {
    const rowsOf = 'ACME Ltd,ap@acme.co.uk,1.00,x,2026-03-01\r\n'.repeat(100_000);
    const res = await send(PREVIEW, SPEND + rowsOf);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().sampleRows).toHaveLength(5);
  });

  it('reads the start of a file cut inside a quoted field', async () => {
    const res = await send(PREVIEW, 'Vendor,Spend Value\r\nACME,"12');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      columns: [
        { name: 'Vendor', suggested: 'name' },
        { name: 'Spend Value', suggested: 'amount' },
      ],
      sampleRows: [],
    });
  });

  it('is refused (403) to a role without DevArea_CRUD', async () => {
    const res = await send(PREVIEW, SPEND, {}, sysAdmin);
    expect(res.statusCode).toBe(403);
  });
});
