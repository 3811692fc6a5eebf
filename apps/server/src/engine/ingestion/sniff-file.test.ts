import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngineTestKit } from '../engine-test-kit.js';
import { cleanHeaders, detectDelimiter, detectHeaderRow, splitRecords } from './csv-sniff.js';
import { detectEncoding, windows1252ToUtf8 } from './encoding.js';
import { prepareCsv, sniffFile } from './sniff-file.js';

let kit: Awaited<ReturnType<typeof createEngineTestKit>>;
beforeAll(async () => {
  kit = await createEngineTestKit();
});
afterAll(() => kit.dispose());

describe('encoding detection', () => {
  it('tells UTF-8 with and without BOM, Windows-1252 and UTF-16 apart', async () => {
    const text = 'Supplier,Amount\nCafé Zoë,£12\n';
    expect(await detectEncoding(kit.file('a.csv', text))).toBe('utf-8');
    expect(await detectEncoding(kit.file('b.csv', '\uFEFF' + text))).toBe('utf-8-bom');
    expect(await detectEncoding(kit.file('c.csv', Buffer.from(text, 'latin1')))).toBe(
      'windows-1252',
    );
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
    expect(await detectEncoding(kit.file('d.csv', utf16))).toBe('utf-16le');
    expect(await detectEncoding(kit.file('e.csv', Buffer.from(text, 'utf16le')))).toBe('utf-16le');
  });

  it('maps the Windows-1252 specials (€, smart quotes) to UTF-8', () => {
    const bytes = Buffer.from([0x80, 0x20, 0x93, 0x41, 0x94, 0x20, 0xa3, 0x35]);
    expect(windows1252ToUtf8(bytes).toString('utf8')).toBe('€ “A” £5');
  });

  it('decides on the whole file, not only its start', async () => {
    const start = 'Name,Amount\n' + 'Plain ASCII Ltd,1\n'.repeat(30_000);
    const file = kit.file(
      'late.csv',
      Buffer.concat([Buffer.from(start), Buffer.from([0x43, 0x61, 0x66, 0xe9, 0x0a])]),
    );
    expect(await detectEncoding(file)).toBe('windows-1252');
  });
});

describe('delimiter and header detection', () => {
  it.each([
    [',', 'a,b,c\n1,2,3\n4,5,6\n'],
    [';', 'a;b;c\n"1,5";2;3\n4;5;6\n'],
    ['\t', 'a\tb\tc\n1,0\t2\t3\n'],
    ['|', 'a|b|c\n1|2|3\n'],
  ])('detects %j', (delimiter, text) => {
    expect(detectDelimiter(text)).toBe(delimiter);
  });

  it('skips report titles and blank lines above the header', () => {
    const records = splitRecords('AP extract 2024\n\nVendor;Amount;Date\nAcme;1;01/01/2024\n', ';');
    expect(detectHeaderRow(records)).toBe(2);
  });

  it('keeps quoted delimiters and line breaks inside one field', () => {
    expect(splitRecords('a,b\n"x, ""y""\nz",2\n', ',')).toEqual([
      ['a', 'b'],
      ['x, "y"\nz', '2'],
    ]);
  });

  it('names blank and repeated headers', () => {
    expect(cleanHeaders(['Name', '', 'name', ' Amount '])).toEqual([
      'Name',
      'Column 2',
      'name (2)',
      'Amount',
    ]);
  });
});

describe('sniffFile', () => {
  it('reads a Windows-1252 semicolon file with a title row', async () => {
    const text =
      'Payments export\r\n\r\nVendor Name;Amount;Payment Date\r\nCafé;"1.234,50";03/04/2024\r\n';
    const file = kit.file('pay.csv', Buffer.from(text, 'latin1'));
    const sniff = await sniffFile(file, { declaredName: 'pay.csv', workDir: kit.dir });
    expect(sniff).toMatchObject({
      kind: 'csv',
      encoding: 'windows-1252',
      delimiter: ';',
      headerRowIndex: 2,
      headers: ['Vendor Name', 'Amount', 'Payment Date'],
      sampleRows: [['Café', '1.234,50', '03/04/2024']],
    });
    const prepared = await prepareCsv(file, sniff, kit.dir);
    expect(prepared.converted).toBe(true);
    expect(prepared.skipLines).toBe(3);
  });
});
