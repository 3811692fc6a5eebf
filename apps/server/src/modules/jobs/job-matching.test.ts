import fs from 'node:fs';
import path from 'node:path';
import type { JobDetails, SupplierResult, SupplierResultDetail } from '@b2b/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { useJobsTestApp } from '../../../test/jobs-test-app.js';
import { openEngineDb, sqlString } from '../../engine/duckdb.js';
import {
  importReferenceData,
  suggestMerchantMapping,
} from '../../engine/reference-data/import-merchants.js';
import { listReferenceVersions } from '../../engine/reference-data/reference-version.js';

const { t, pipeline, base, signedIn, dataDir } = useJobsTestApp('job-matching');

let admin: string;
let job: JobDetails;

/**
 * Card reference data as feeds deliver it: one business in other letter case, with and without
 * its legal form, and descriptors cut at 22 or 25 characters, one with no full-name record at all.
 */
const CARD_RECORDS = `merchant_id,merchant_name,city,postcode,country,mcc,accepts_card,accepts_virtual_card
X01,KESTREL VALLEY GARDEN C,Harrogate,,GBR,5261,true,false
X02,SQ *KESTREL VALLEY GARDEN,Harrogate,,GBR,5261,true,true
X03,NORTHGATE BAKERY,Leeds,LS1 4AB,GBR,5462,true,false
X04,Northgate Bakery Ltd,Leeds,,GBR,5462,true,false
X05,AGE UK NORTHUMBERLAN,Morpeth,,GBR,8398,true,false
X06,Age UK Northumberlan,Morpeth,NE61 1AA,GBR,8398,true,false
X07,HOLLIS & WREN JOINERY,York,,GBR,1750,true,false
X08,Hollis and Wren Joinery Ltd,York,YO1 7HH,GBR,1750,true,false
`;

/** The buyer's AP system has the full registered names. */
const SUPPLIERS = [
  'Supplier Name,City,Country,Annual Spend',
  'Kestrel Valley Garden Centre Ltd,Harrogate,GB,12000',
  'NORTHGATE BAKERY LIMITED,Leeds,GB,8000',
  'Age UK Northumberland,Morpeth,GB,3000',
  'Hollis & Wren Joinery Limited,York,GB,25000',
].join('\n');

beforeAll(async () => {
  ({ admin } = signedIn());
  // The demo reference merchants plus the card records above, imported as the newest version
  // (the one new jobs match against).
  const { referenceRoot } = t.app.ctx.services.jobs.demo;
  const [demo] = await listReferenceVersions(referenceRoot);
  const workDir = fs.mkdtempSync(path.join(referenceRoot, '..', 'card-records-'));
  const db = await openEngineDb({ threads: 1, memoryLimit: '256MB' });
  try {
    const extra = path.join(workDir, 'extra.csv');
    fs.writeFileSync(extra, CARD_RECORDS);
    const file = path.join(workDir, 'merchants.csv');
    await db.run(`COPY (
        SELECT merchant_id, merchant_name, city, postcode, country, mcc, accepts_card, accepts_virtual_card
        FROM read_parquet(${sqlString(path.join(referenceRoot, demo!.versionId, 'merchants.parquet'))})
        UNION ALL SELECT * FROM read_csv(${sqlString(extra)}, header = true, all_varchar = true)
      ) TO ${sqlString(file)} (HEADER)`);
    const headers = CARD_RECORDS.split('\n')[0]!.split(',');
    await importReferenceData({
      db,
      rootDir: referenceRoot,
      file,
      declaredName: 'merchants.csv',
      mapping: suggestMerchantMapping(headers),
      workDir,
    });
  } finally {
    db.close();
  }
  job = await pipeline.completedJob({
    cookie: admin,
    issuerName: 'PayTech Bank',
    name: 'Card feed duplicates',
    csv: `${SUPPLIERS}\n`,
  });
}, 300_000);

async function suppliers(): Promise<SupplierResult[]> {
  const res = await t.request({
    method: 'POST',
    url: `${base}/${job.id}/suppliers`,
    cookie: admin,
    payload: { pageSize: 10, orderBy: 'annualSpend desc' },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ collection: SupplierResult[] }>().collection;
}

async function detail(supplier: SupplierResult): Promise<SupplierResultDetail> {
  const res = await t.request({
    url: `${base}/${job.id}/suppliers/${encodeURIComponent(supplier.supplierKey)}`,
    cookie: admin,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<SupplierResultDetail>();
}

describe('matching a job against card reference data with duplicates and cut descriptors', () => {
  it('matches every full name at Medium or High to the business its records share', async () => {
    const rows = await suppliers();
    expect(rows).toHaveLength(4);
    for (const row of rows) {
      expect([row.supplierName, row.matchStatus]).toEqual([row.supplierName, 'MATCHED']);
      expect(['Medium', 'High']).toContain(row.confidence);
    }
    const business = Object.fromEntries(rows.map((r) => [r.supplierName, r.merchantId]));
    expect(['X01', 'X02']).toContain(business['Kestrel Valley Garden Centre Ltd']);
    expect(['X03', 'X04']).toContain(business['NORTHGATE BAKERY LIMITED']);
    expect(['X05', 'X06']).toContain(business['Age UK Northumberland']);
    expect(['X07', 'X08']).toContain(business['Hollis & Wren Joinery Limited']);
  });

  it('explains the match: the entity with all its descriptors, and a cut name as its own level', async () => {
    const kestrel = (await suppliers()).find((r) => r.supplierName.startsWith('Kestrel'))!;
    const { evidence } = await detail(kestrel);
    expect(evidence?.entity).toMatchObject({ entityId: 'X01', recordCount: 2 });
    expect(evidence?.entity?.descriptors).toEqual([
      'KESTREL VALLEY GARDEN C',
      'SQ *KESTREL VALLEY GARDEN',
    ]);
    expect(evidence?.model?.steps.find((s) => s.comparison === 'name')?.level).toBe('truncation');
    // The entity accepts virtual cards when any of its card feeds saw it do so.
    expect(kestrel.acceptsVirtualCard).toBe(true);
  });

  it('explains a supplier from a matches file written when evidence was JSON text', async () => {
    const kestrel = (await suppliers()).find((r) => r.supplierName.startsWith('Kestrel'))!;
    const current = await detail(kestrel);
    const relative = path.join('jobs', job.id, 'parquet', 'matches.parquet');
    const found = fs
      .readdirSync(dataDir, { recursive: true, encoding: 'utf8' })
      .find((f) => f.endsWith(relative));
    expect(found).toBeDefined();
    const file = path.join(dataDir, found!);
    const kept = `${file}.kept`;
    fs.copyFileSync(file, kept);
    const db = await openEngineDb({ threads: 1, memoryLimit: '256MB' });
    try {
      await db.run(`COPY (SELECT * REPLACE (CAST(to_json(evidence) AS VARCHAR) AS evidence)
        FROM read_parquet(${sqlString(kept)})) TO ${sqlString(file)} (FORMAT parquet)`);
      const [column] = await db.all<{ column_type: string }>(
        `SELECT column_type FROM (DESCRIBE SELECT evidence FROM read_parquet(${sqlString(file)}))`,
      );
      expect(column?.column_type).toBe('VARCHAR');
      expect(await detail(kestrel)).toEqual(current);
    } finally {
      db.close();
      fs.renameSync(kept, file);
    }
  });
});
