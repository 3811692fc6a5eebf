import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngineTestKit } from '../engine-test-kit.js';
import { generateReferenceData, writeMerchantsCsv } from './generate-merchants.js';
import { importReferenceData, suggestMerchantMapping } from './import-merchants.js';
import { loadMccCodes, mccGroupOf } from './mcc.js';
import { listReferenceVersions, openReferenceVersion } from './reference-version.js';

let kit: Awaited<ReturnType<typeof createEngineTestKit>>;
beforeAll(async () => {
  kit = await createEngineTestKit();
});
afterAll(() => kit.dispose());

describe('reference data generator', () => {
  it('is reproducible: the same seed gives the same merchants', async () => {
    const a = path.join(kit.dir, 'a.csv');
    const b = path.join(kit.dir, 'b.csv');
    const c = path.join(kit.dir, 'c.csv');
    const hashA = await writeMerchantsCsv(a, 7, 500, '2025-06-30');
    const hashB = await writeMerchantsCsv(b, 7, 500, '2025-06-30');
    const hashC = await writeMerchantsCsv(c, 8, 500, '2025-06-30');
    expect(hashA).toBe(hashB);
    expect(fs.readFileSync(a, 'utf8')).toBe(fs.readFileSync(b, 'utf8'));
    expect(hashC).not.toBe(hashA);
  });

  it('writes a versioned reference set with realistic fields and a match index', async () => {
    const root = path.join(kit.dir, 'reference');
    const version = await generateReferenceData({
      db: kit.db,
      rootDir: root,
      seed: 'test',
      count: 2000,
    });
    expect(version.manifest).toMatchObject({
      source: 'generator',
      merchantCount: 2000,
      generator: { seed: 'test', count: 2000 },
    });
    expect(version.manifest.versionId).toMatch(/^\d{8}T\d{6}Z-[0-9a-f]{12}$/);
    const stats = await kit.db.one<Record<string, number>>(`SELECT
        CAST(count(DISTINCT country) AS INTEGER) AS countries,
        CAST(avg(CASE WHEN accepts_virtual_card THEN 1 ELSE 0 END) * 100 AS INTEGER) AS vc_pct,
        CAST(count(*) FILTER (WHERE stp_enrolled AND NOT accepts_virtual_card) AS INTEGER) AS stp_without_vc,
        CAST(count(DISTINCT data_level) AS INTEGER) AS levels,
        CAST(count(*) FILTER (WHERE regexp_matches(merchant_name, ' (Ltd|Limited|Inc|LLC|GmbH|PLC|B\\.V\\.|SAS|SARL|AB)$')) AS INTEGER) AS with_suffix,
        CAST(count(dba_name) AS INTEGER) AS with_dba,
        CAST(count(*) FILTER (WHERE country = 'GBR' AND NOT regexp_full_match(postcode, '[A-Z]{1,2}[0-9]{1,2} [0-9][A-Z]{2}')) AS INTEGER) AS bad_uk_postcodes
      FROM read_parquet('${version.merchantsPath}')`);
    expect(stats!.countries).toBeGreaterThan(15);
    expect(stats!.vc_pct).toBeGreaterThan(30);
    expect(stats!.vc_pct).toBeLessThan(75);
    expect(stats!.stp_without_vc).toBe(0);
    expect(stats!.levels).toBe(3);
    expect(stats!.with_suffix).toBeGreaterThan(800);
    expect(stats!.with_dba).toBeGreaterThan(300);
    expect(stats!.bad_uk_postcodes).toBe(0);
    expect((await listReferenceVersions(root)).map((m) => m.versionId)).toEqual([
      version.manifest.versionId,
    ]);
    expect((await openReferenceVersion(version.dir)).manifest.contentHash).toBe(
      version.manifest.contentHash,
    );
  });

  it('groups MCCs by ISO 18245 ranges', () => {
    expect(loadMccCodes().length).toBeGreaterThan(900);
    expect(mccGroupOf(3001)).toBe('Airlines');
    expect(mccGroupOf(7011)).toBe('Miscellaneous stores');
    expect(mccGroupOf(7399)).toBe('Business services');
    expect(mccGroupOf(9399)).toBe('Government');
  });
});

describe('reference data importer', () => {
  it("maps a file whose headers are the product's own field names", () => {
    const headers = ['merchant_id', 'merchant_name', 'dba_name', 'address_line1', 'city', 'mcc'];
    expect(suggestMerchantMapping(headers)).toEqual({
      merchant_id: 0,
      merchant_name: 1,
      dba_name: 2,
      address_line1: 3,
      city: 4,
      mcc: 5,
    });
  });

  it('imports a real file with a column mapping and records its version', async () => {
    const csv = [
      'MID,Legal Name,DBA,Street,Town,Zip,Country,VAT,MCC,Accepts VC,STP,Data Level,Last Txn Date',
      'X1,Acme Supplies Ltd,ACME,1 High Street,London,SW1A 1AA,UK,GB123456789,5111,Y,N,L3,30/05/2025',
      'X2,Beta GmbH,,Hauptstraße 5,Berlin,10115,Germany,,7399,no,no,Level 2,2025-04-01',
      'X2,Duplicate GmbH,,,Berlin,10115,DE,,7399,,,,',
      'X3,,,,,,,,,,,,',
      'X4,Nowhere Ltd,,,,,Narnia,,,,,,',
    ].join('\n');
    const file = kit.file('merchants.csv', csv);
    const headers = csv.split('\n')[0]!.split(',');
    const mapping = {
      ...suggestMerchantMapping(headers),
      dba_name: 2,
      address_line1: 3,
      accepts_virtual_card: 9,
      stp_enrolled: 10,
    };
    expect(mapping).toMatchObject({
      merchant_id: 0,
      merchant_name: 1,
      city: 4,
      postcode: 5,
      country: 6,
      tax_id: 7,
      mcc: 8,
      data_level: 11,
      last_transaction_date: 12,
    });
    const result = await importReferenceData({
      db: kit.db,
      rootDir: path.join(kit.dir, 'imported'),
      file,
      declaredName: 'merchants.csv',
      mapping,
      workDir: kit.dir,
    });
    expect(result).toMatchObject({ rowCount: 5, rejectedCount: 3 });
    expect(result.rejected.map((r) => r.reason)).toEqual([
      'Duplicate merchant id X2',
      'Merchant name is blank',
      'Country is blank or not recognised',
    ]);
    expect(result.version.manifest).toMatchObject({
      source: 'import',
      merchantCount: 2,
      import: { fileName: 'merchants.csv' },
    });
    const rows = await kit.db.all(
      `SELECT merchant_id, country, accepts_card, accepts_virtual_card, stp_enrolled, data_level, CAST(last_transaction_date AS VARCHAR) AS d FROM read_parquet('${result.version.merchantsPath}') ORDER BY 1`,
    );
    expect(rows).toEqual([
      {
        merchant_id: 'X1',
        country: 'GBR',
        accepts_card: true,
        accepts_virtual_card: true,
        stp_enrolled: false,
        data_level: 3,
        d: '2025-05-30',
      },
      {
        merchant_id: 'X2',
        country: 'DEU',
        accepts_card: true,
        accepts_virtual_card: false,
        stp_enrolled: false,
        data_level: 2,
        d: '2025-04-01',
      },
    ]);
  });
});
