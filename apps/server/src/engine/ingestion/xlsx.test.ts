import fs from 'node:fs';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngineTestKit } from '../engine-test-kit.js';
import { listSheetNames, xlsxToCsv } from './xlsx.js';
import { isDateFormat } from './xlsx-parts.js';

let kit: Awaited<ReturnType<typeof createEngineTestKit>>;
beforeAll(async () => {
  kit = await createEngineTestKit();
});
afterAll(() => kit.dispose());

/**
 * A deflated ZIP archive of the given parts, in the given order. `declaredSizes` overrides the
 * uncompressed size the archive declares for a part, as a crafted file could.
 */
function zipOf(parts: [string, string][], declaredSizes: Record<string, number> = {}): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of parts) {
    const data = Buffer.from(text, 'utf8');
    const deflated = zlib.deflateRawSync(data);
    const nameBytes = Buffer.from(name, 'utf8');
    const size = declaredSizes[name] ?? data.length;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(zlib.crc32(data), 14);
    local.writeUInt32LE(deflated.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(zlib.crc32(data), 16);
    central.writeUInt32LE(deflated.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, deflated);
    centrals.push(central, nameBytes);
    offset += local.length + nameBytes.length + deflated.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const NS = 'xmlns:x="http://schemas.openxmlformats.org/spreadsheetml/2006/main"';
const REL_NS = 'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"';

/** A workbook as a .NET writer makes it: prefixed tags, the sheet's part named unconventionally. */
function prefixedWorkbook(sheetXml: string, extraParts: [string, string][] = []): Buffer {
  return zipOf([
    // The sheet comes first and the workbook last: nothing may depend on the archive's order.
    ['xl/worksheets/data.xml', sheetXml],
    [
      'xl/sharedStrings.xml',
      `<x:sst ${NS}><x:si><x:t>Supplier</x:t></x:si>` +
        `<x:si><x:r><x:t>Müller </x:t></x:r><x:r><x:t>GmbH</x:t></x:r>` +
        `<x:rPh sb="0" eb="1"><x:t>ミュラー</x:t></x:rPh></x:si>` +
        `<x:si><x:t>Line one_x000D_ line two</x:t></x:si><x:si><x:t>Amount</x:t></x:si></x:sst>`,
    ],
    [
      'xl/styles.xml',
      `<x:styleSheet ${NS}><x:numFmts><x:numFmt numFmtId="164" formatCode="dd/mm/yyyy"/>` +
        `<x:numFmt numFmtId="165" formatCode="&quot;day &quot;0.00"/></x:numFmts>` +
        `<x:cellStyleXfs><x:xf numFmtId="14"/></x:cellStyleXfs>` +
        `<x:cellXfs><x:xf numFmtId="0"/><x:xf numFmtId="164"/><x:xf numFmtId="165"/>` +
        `<x:xf numFmtId="14"/></x:cellXfs></x:styleSheet>`,
    ],
    [
      'xl/_rels/workbook.xml.rels',
      `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
        `<Relationship Id="R7" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="/xl/worksheets/data.xml"/>` +
        `<Relationship Id="R8" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/notes.xml"/>` +
        `</Relationships>`,
    ],
    ...extraParts,
    [
      'xl/workbook.xml',
      `<x:workbook ${NS} ${REL_NS}><x:workbookPr date1904="1"/><x:sheets>` +
        `<x:sheet name="Pay &amp; Co" sheetId="3" r:id="R7"/><x:sheet name="Notes" sheetId="1" r:id="R8"/>` +
        `</x:sheets></x:workbook>`,
    ],
  ]);
}

const SHEET = `<x:worksheet ${NS}><x:sheetData>
  <x:row r="1"><x:c r="A1" t="s"><x:v>0</x:v></x:c><x:c r="B1" t="s"><x:v>3</x:v></x:c><x:c r="D1" t="inlineStr"><x:is><x:t>Paid</x:t></x:is></x:c></x:row>
  <x:row r="2"><x:c r="A2" t="s"><x:v>1</x:v></x:c><x:c r="B2" s="2"><x:v>1234.50</x:v></x:c><x:c r="D2" s="1"><x:v>43892</x:v></x:c></x:row>
  <x:row r="3"><x:c r="A3" s="1"/><x:c r="B3" s="1"/></x:row>
  <x:row r="4"><x:c r="A4" t="s"><x:v>2</x:v></x:c><x:c r="B4"><x:f>B2*2</x:f><x:v>2469</x:v></x:c><x:c r="C4" t="b"><x:v>1</x:v></x:c><x:c r="D4" t="e"><x:v>#N/A</x:v></x:c></x:row>
  <x:row r="5"><x:c r="C5" t="str"><x:f>"a,"&amp;"b"</x:f><x:v>a,b</x:v></x:c><x:c r="D5" s="3"><x:v>43892.5</x:v></x:c></x:row>
</x:sheetData></x:worksheet>`;

describe('reading a sheet of any writer', () => {
  it('reads prefixed tags, parts in any order, phonetic runs, the 1904 date system and gaps', async () => {
    const file = kit.file('prefixed.xlsx', prefixedWorkbook(SHEET));
    expect(await listSheetNames(file)).toEqual(['Pay & Co', 'Notes']);
    const csv = `${kit.dir}/prefixed.csv`;
    const result = await xlsxToCsv(file, csv);
    expect(result).toMatchObject({ sheetName: 'Pay & Co', rowCount: 4 });
    // Row 3 holds only formatting and is left out; 43892 in the 1904 system is 2024-03-03.
    expect(fs.readFileSync(csv, 'utf8')).toBe(
      'Supplier,Amount,,Paid\n' +
        'Müller GmbH,1234.5,,2024-03-03\n' +
        '"Line one\r line two",2469,TRUE,\n' +
        ',,"a,b",2024-03-03 12:00:00\n',
    );
  });

  it('stops reading at the row limit', async () => {
    const file = kit.file('limit.xlsx', prefixedWorkbook(SHEET));
    const csv = `${kit.dir}/limit.csv`;
    expect((await xlsxToCsv(file, csv, { maxRows: 2 })).rowCount).toBe(2);
    expect(fs.readFileSync(csv, 'utf8').split('\n')).toHaveLength(3);
  });

  it('names a listed sheet the archive does not hold, and a sheet that is not XML', async () => {
    const file = kit.file('missing.xlsx', prefixedWorkbook(SHEET));
    await expect(xlsxToCsv(file, `${kit.dir}/m.csv`, { sheetName: 'Notes' })).rejects.toMatchObject(
      { code: 'XLSX_INVALID', message: expect.stringContaining('"Notes"') },
    );

    const broken = kit.file('broken.xlsx', prefixedWorkbook(`<x:worksheet ${NS}><x:row>`));
    await expect(xlsxToCsv(broken, `${kit.dir}/b.csv`)).rejects.toMatchObject({
      code: 'XLSX_INVALID',
      message: expect.stringContaining('xl/worksheets/data.xml'),
    });
  });

  it('refuses a sheet whose local header is not where the directory says', async () => {
    const crafted = Buffer.from(prefixedWorkbook(SHEET));
    crafted.write('XXXX', 0, 'latin1'); // the sheet is the archive's first part
    await expect(
      xlsxToCsv(kit.file('moved.xlsx', crafted), `${kit.dir}/h.csv`),
    ).rejects.toMatchObject({
      code: 'XLSX_INVALID',
      message: expect.stringContaining('xl/worksheets/data.xml'),
    });
  });

  it('refuses a part that unpacks to more than the archive declares', async () => {
    const rows = Array.from(
      { length: 2000 },
      (_, i) => `<x:row><x:c t="inlineStr"><x:is><x:t>Row ${i}</x:t></x:is></x:c></x:row>`,
    ).join('');
    const sheetXml = `<x:worksheet ${NS}><x:sheetData>${rows}</x:sheetData></x:worksheet>`;
    const archive = prefixedWorkbook(sheetXml);
    // Rewrite the sheet's declared size (the first part) down to 100 bytes in both headers.
    const crafted = Buffer.from(archive);
    crafted.writeUInt32LE(100, 22);
    const central = crafted.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    crafted.writeUInt32LE(100, central + 24);
    await expect(
      xlsxToCsv(kit.file('bomb.xlsx', crafted), `${kit.dir}/x.csv`),
    ).rejects.toMatchObject({
      code: 'XLSX_INVALID',
      message: expect.stringMatching(/more than the 100 bytes it declares/),
    });
  });
});

describe('date formats', () => {
  it('tells dates from numbers, ignoring quoted text and bracketed blocks', () => {
    expect(isDateFormat('dd/mm/yyyy')).toBe(true);
    expect(isDateFormat('[$-409]h:mm AM/PM')).toBe(true);
    expect(isDateFormat('"day "0.00')).toBe(false);
    expect(isDateFormat('[Red]#,##0.00')).toBe(false);
    expect(isDateFormat('General')).toBe(false);
  });
});
