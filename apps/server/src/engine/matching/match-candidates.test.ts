import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngineTestKit } from '../engine-test-kit.js';
import { buildSupplierList } from '../ingestion/aggregate.js';
import { suggestColumnMapping } from '../ingestion/column-mapping.js';
import { ingest } from '../ingestion/ingest.js';
import { sniffFile } from '../ingestion/sniff-file.js';
import { importReferenceData, suggestMerchantMapping } from '../reference-data/import-merchants.js';
import { defaultConfidenceRuleset } from './confidence-ruleset.js';
import { matchSuppliers } from './match-suppliers.js';

// One school name in nine towns (unrelated schools, as in real card data) — more records of
// the name than the quick pass keeps per supplier; the supplier's own town's comes last by id.
const SCHOOL_TOWNS = [
  'Dundee',
  'Ely',
  'Bolton',
  'Swansea',
  'Hexham',
  'Lewes',
  'Durham',
  'Crawley',
  'Barnstaple',
];
const MERCHANTS = [
  'merchant_id,merchant_name,dba_name,city,postcode,country,tax_id,mcc',
  ...SCHOOL_TOWNS.map((town, i) => `M0${i + 1},Castle Infant School,,${town},,GBR,,8211`),
].join('\n');

const SUPPLIERS = [
  'Supplier ID,Supplier Name,City,Postcode,Country,Annual Spend',
  'S01,CASTLE INFANT SCHOOL,Barnstaple,,GBR,1000',
].join('\n');

let kit: Awaited<ReturnType<typeof createEngineTestKit>>;
let rows: Record<string, { match_status: string; candidate_merchant_id: string | null }>;

beforeAll(async () => {
  kit = await createEngineTestKit();
  const { version: reference } = await importReferenceData({
    db: kit.db,
    rootDir: path.join(kit.dir, 'reference'),
    file: kit.file('merchants.csv', MERCHANTS),
    declaredName: 'merchants.csv',
    mapping: suggestMerchantMapping(MERCHANTS.split('\n')[0]!.split(',')),
    workDir: kit.dir,
  });
  const file = kit.file('suppliers.csv', SUPPLIERS);
  const sniff = await sniffFile(file, { declaredName: 'suppliers.csv', workDir: kit.dir });
  const ingested = await ingest({
    db: kit.db,
    file,
    sniff,
    jobType: 'matched-data-only',
    mapping: suggestColumnMapping(sniff.headers, 'matched-data-only').mapping,
    currency: 'GBP',
    outPath: path.join(kit.dir, 'rows.parquet'),
    workDir: kit.dir,
  });
  const list = await buildSupplierList({
    db: kit.db,
    rowsPath: ingested.parquetPath,
    outPath: path.join(kit.dir, 'suppliers.parquet'),
  });
  const out = path.join(kit.dir, 'matches.parquet');
  await matchSuppliers({
    db: kit.db,
    suppliersPath: list.parquetPath,
    reference,
    ruleset: defaultConfidenceRuleset(),
    fallbackCountryIso3: 'GBR',
    outPath: out,
  });
  const matched = await kit.db.all<{
    supplier_id: string;
    match_status: string;
    candidate_merchant_id: string | null;
  }>(
    `SELECT s.supplier_id, m.match_status, m.candidate_merchant_id
     FROM read_parquet('${out}') m JOIN read_parquet('${list.parquetPath}') s USING (supplier_key)`,
  );
  rows = Object.fromEntries(matched.map((r) => [r.supplier_id, r]));
}, 60_000);
afterAll(() => kit.dispose());

describe('candidates kept for comparison', () => {
  it("keeps the same-named record in the supplier's town when the name has many records", () => {
    expect(rows.S01).toMatchObject({ match_status: 'MATCHED', candidate_merchant_id: 'M09' });
  });
});
