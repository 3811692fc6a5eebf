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
// More electricians than a token or token-pair block holds, each with another first word, in
// the school towns; the one in Winchester is the supplier's, whose first word is misspelt.
const FIRST_WORDS = ['Alder', 'Beacon', 'Cedar', 'Delta', 'Ember', 'Falcon', 'Granite', 'Harbour'];
const SECOND_WORDS = ['Ash', 'Bridge', 'Crest', 'Dale', 'Field', 'Gate', 'Hill'];
const ELECTRICIANS = FIRST_WORDS.flatMap((a) =>
  SECOND_WORDS.flatMap((b) =>
    SCHOOL_TOWNS.slice(0, 4).map((town) => [`${a}${b.toLowerCase()}`, town]),
  ),
);
// A town's name that well over a block's worth of its businesses start with, and a word
// ("stores") as common: neither forms a block (token, prefix) for the businesses below.
const TOWN_SHOPS = FIRST_WORDS.flatMap((a) =>
  SECOND_WORDS.flatMap((b) => ['Dundee', 'Ely'].map((town) => [`${a}${b.toLowerCase()}`, town])),
);
// Village stores abroad, in countries whose codes sort before the job's own.
const VILLAGE_STORES_ABROAD = [
  ['Alpen', 'Wien', 'AUT'],
  ['Brugge', 'Brugge', 'BEL'],
  ['Dorf', 'Berlin', 'DEU'],
  ['Odense', 'Odense', 'DNK'],
  ['Sierra', 'Madrid', 'ESP'],
  ['Loire', 'Tours', 'FRA'],
];
const SCHOOL_STREETS = ['Abbey', 'Brook', 'Church', 'Dover', 'Elm', 'Fore', 'Glebe', 'Hart', 'Ivy'];
const MERCHANTS = [
  'merchant_id,merchant_name,dba_name,address,city,postcode,country,tax_id,mcc',
  ...SCHOOL_TOWNS.map((town, i) => `M0${i + 1},Castle Infant School,,,${town},,GBR,,8211`),
  ...SCHOOL_TOWNS.map(
    (town, i) =>
      `K0${i + 1},Castle Junior School,,${i + 1} ${SCHOOL_STREETS[i]} Road,${town},,GBR,,8211`,
  ),
  ...ELECTRICIANS.map(
    ([word, town], i) => `E${i},${word} Electrical Services Ltd,,,${town},,GBR,,1731`,
  ),
  'E999,Summit Electrical Services Ltd,,,Winchester,,GBR,,1731',
  'E998,Crewe Electrical Services Ltd,,,Crewe,,GBR,,1731',
  // One business's two sites (one name and MCC, two towns), and two unrelated bakeries.
  'L01,Lewis Chemicals Ltd,,,Redhill,,GBR,,5169',
  'L02,LEWIS CHEMICALS LTD,,,Canterbury,,GBR,,5169',
  'N01,Northgate Bakery,,,Leeds,,GBR,,5462',
  'N02,Northgate Bakery,,,York,,GBR,,5812',
  ...TOWN_SHOPS.map(([word, town], i) => `T${i},Warwick ${word} Stores,,,${town},,GBR,,5411`),
  'V01,Warwick Village Stores Ltd,,,Warwick,,GBR,,5411',
  ...VILLAGE_STORES_ABROAD.map(
    ([word, town, country], i) => `V1${i},${word} Village Stores,,,${town},,${country},,5411`,
  ),
  // A payment processor's descriptor, run together and cut: one word, none of the name's.
  'C01,SQ *WARWICKCRICKETCLU,,,Warwick,,GBR,,7941',
  // A short one, whose words other merchants use apart.
  'C02,SQ*ELMINN,,,Warwick,,GBR,,5812',
  'I01,Swan Inn,,,Ely,,GBR,,5812',
  'I02,Elm Bakery,,,Dundee,,GBR,,5462',
].join('\n');

const SUPPLIERS = [
  'Supplier ID,Supplier Name,Address,City,Postcode,Country,Annual Spend',
  'S01,CASTLE INFANT SCHOOL,,Barnstaple,,GBR,1000',
  'S02,Summxt Electrical Services Ltd,,Winchester,,GBR,1000',
  'S03,Lewis Chemicals,,,,GBR,1000',
  'S04,Northgate Bakery,,,,GBR,1000',
  'S05,Castle Junior School,8 Hart Rd,,,GBR,1000',
  // Misspelt in its first letters, without a town: its other words are too common to block on.
  'S06,Sunmit Electrical Services Ltd,,,,GBR,1000',
  // A four-letter word with a letter dropped.
  'S10,Crwe Electrical Services Ltd,,,,GBR,1000',
  // No country: its words are rarer abroad than at home, where the business is.
  'S07,Warwick Villpge Stores,,,,,1000',
  'S08,Warwick Cricket Club,,,,GBR,1000',
  'S09,Elm Inn Ltd,,,,GBR,1000',
].join('\n');

let kit: Awaited<ReturnType<typeof createEngineTestKit>>;
let rows: Record<
  string,
  { match_status: string; candidate_merchant_id: string | null; rule_id: string | null }
>;

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
    rule_id: string | null;
  }>(
    `SELECT s.supplier_id, m.match_status, m.candidate_merchant_id, m.rule_id
     FROM read_parquet('${out}') m JOIN read_parquet('${list.parquetPath}') s USING (supplier_key)`,
  );
  rows = Object.fromEntries(matched.map((r) => [r.supplier_id, r]));
}, 60_000);
afterAll(() => kit.dispose());

describe('candidates kept for comparison', () => {
  it("keeps the same-named record in the supplier's town when the name has many records", () => {
    expect(rows.S01).toMatchObject({ match_status: 'MATCHED', candidate_merchant_id: 'M09' });
  });

  it("keeps the record on the supplier's street when the file gives no town", () => {
    expect(rows.S05).toMatchObject({ match_status: 'MATCHED', candidate_merchant_id: 'K08' });
  });

  it("finds a misspelt name among the town's merchants with its first letters", () => {
    expect(rows.S02).toMatchObject({ match_status: 'MATCHED', candidate_merchant_id: 'E999' });
  });

  it('finds a name whose rare word is misspelt by the word merchants use one edit away', () => {
    expect(rows.S06).toMatchObject({ match_status: 'MATCHED', candidate_merchant_id: 'E999' });
  });

  it('finds a name whose four-letter word lost a letter by the word merchants use', () => {
    expect(rows.S10).toMatchObject({ match_status: 'MATCHED', candidate_merchant_id: 'E998' });
  });

  it("blocks a supplier without a country in the job's country before any other", () => {
    expect(rows.S07).toMatchObject({ match_status: 'MATCHED', candidate_merchant_id: 'V01' });
  });

  it('finds a descriptor run together by a payment processor and cut short', () => {
    expect(rows.S08).toMatchObject({ candidate_merchant_id: 'C01' });
  });

  it('finds a short run-together descriptor that is the whole name without spaces', () => {
    expect(rows.S09).toMatchObject({ candidate_merchant_id: 'C02' });
  });
});

describe('runner-up entities', () => {
  it('does not hold a business back for its other site: one name and MCC, two towns', () => {
    expect(rows.S03).toMatchObject({ match_status: 'MATCHED', rule_id: 'match-weight' });
  });

  it('holds a name two unrelated businesses carry at Low', () => {
    expect(rows.S04).toMatchObject({ match_status: 'UNMATCHED', rule_id: 'close-runner-up' });
  });
});
