import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngineTestKit } from '../engine-test-kit.js';
import { suggestColumnMapping } from './column-mapping.js';
import { ingest } from './ingest.js';
import { previewRows } from './preview.js';
import { sniffFile } from './sniff-file.js';

let kit: Awaited<ReturnType<typeof createEngineTestKit>>;
beforeAll(async () => {
  kit = await createEngineTestKit();
});
afterAll(() => kit.dispose());

const CSV = [
  'Supplier Name,Supplier ID,Annual Spend,Address',
  'Acme Ltd,A1,100,"Flat 3, 12 High St, Leeds LS6 3AB"',
  'Müller GmbH,M1,200,"Hauptstraße 5, 10115 Berlin, Deutschland"',
  'Nobody,N1,5,',
].join('\n');

async function run(name: string, options: { splitAddress?: boolean }) {
  const file = kit.file(`${name}.csv`, CSV);
  const sniff = await sniffFile(file, { declaredName: `${name}.csv`, workDir: kit.dir });
  const { mapping } = suggestColumnMapping(sniff.headers, 'base');
  expect(mapping).toMatchObject({ addressLine1: 3 });
  expect(mapping.city).toBeUndefined();
  const outPath = path.join(kit.dir, `${name}.parquet`);
  const result = await ingest({
    db: kit.db,
    file,
    sniff,
    jobType: 'base',
    mapping,
    currency: 'GBP',
    options,
    outPath,
    workDir: kit.dir,
  });
  expect(result.acceptedCount).toBe(3);
  return kit.db.all(
    `SELECT supplier_id, address_line1, address_line2, city, postcode, country
     FROM read_parquet('${outPath}') ORDER BY supplier_id`,
  );
}

describe('splitting a single address column at ingestion', () => {
  it('fills street, building, town, postcode and country from whole addresses', async () => {
    expect(await run('split', { splitAddress: true })).toEqual([
      {
        supplier_id: 'A1',
        address_line1: '12 High St',
        address_line2: 'Flat 3',
        city: 'Leeds',
        postcode: 'LS6 3AB',
        country: 'GBR',
      },
      {
        supplier_id: 'M1',
        address_line1: 'Hauptstraße 5',
        address_line2: null,
        city: 'Berlin',
        postcode: '10115',
        country: 'DEU',
      },
      {
        supplier_id: 'N1',
        address_line1: null,
        address_line2: null,
        city: null,
        postcode: null,
        country: null,
      },
    ]);
  });

  it('keeps the whole address in address line 1 without the option', async () => {
    const rows = await run('whole', {});
    expect(rows[0]).toMatchObject({
      address_line1: 'Flat 3, 12 High St, Leeds LS6 3AB',
      city: null,
      postcode: null,
    });
  });

  it('shows the split components in the preview, as ingestion will read them', async () => {
    const file = kit.file('preview.csv', CSV);
    const sniff = await sniffFile(file, { declaredName: 'preview.csv', workDir: kit.dir });
    const { mapping } = suggestColumnMapping(sniff.headers, 'base');
    const rows = await previewRows({
      db: kit.db,
      file,
      sniff,
      jobType: 'base',
      mapping,
      currency: 'GBP',
      options: { splitAddress: true },
      workDir: kit.dir,
    });
    expect(rows[0]!.values).toMatchObject({
      addressLine1: '12 High St',
      addressLine2: 'Flat 3',
      city: 'Leeds',
      postcode: 'LS6 3AB',
      country: 'GBR',
    });
    expect(Object.keys(rows[0]!.values)).toEqual(
      expect.arrayContaining(['city', 'region', 'postcode', 'country']),
    );
  });
});
