import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type {
  JobDetails,
  PagedResponse,
  VendorDetail,
  VendorMatchedSupplier,
  VendorSearchHit,
} from '@b2b/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness.js';
import { jobPipeline } from '../../../test/job-pipeline.js';
import { PROQ_TEST_ENV, workerPool } from '../../../test/proq-kit.js';
import { eq } from 'drizzle-orm';
import { openEngineDb, sqlString } from '../../engine/duckdb.js';
import { listReferenceVersions } from '../../engine/reference-data/reference-version.js';
import { jobSupplierResults, jobs } from '../jobs/job.schema.js';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'b2b-vendors-test-'));
const t = useTestApp({
  ...PROQ_TEST_ENV,
  DATA_DIR: dataDir,
  REFERENCE_DEMO_MERCHANTS: '3000',
  ENGINE_MEMORY_LIMIT: '256MB',
});
const workers = workerPool(t);
const pipeline = jobPipeline(t);
const jobsBase = '/api/v1/job-artifacts';

type Merchant = {
  merchant_id: string;
  merchant_name: string;
  postcode: string | null;
  country: string;
};
let admin: string;
let merchants: Merchant[];
let job: JobDetails;

const search = (filters: unknown[], cookie = admin, extra: Record<string, unknown> = {}) =>
  t.request({
    method: 'POST',
    url: '/api/v1/vendors/search',
    cookie,
    payload: { pageNumber: 1, pageSize: 25, filters, ...extra },
  });
const matchedSuppliers = (
  merchantId: string,
  cookie: string,
  extra: Record<string, unknown> = {},
) =>
  t.request({
    method: 'POST',
    url: `/api/v1/vendors/${encodeURIComponent(merchantId)}/matched-suppliers`,
    cookie,
    payload: { pageNumber: 1, pageSize: 25, filters: [], ...extra },
  });
const f = (propertyName: string, comparisonOperator: string, value: unknown) => ({
  propertyName,
  comparisonOperator,
  value,
});

beforeAll(async () => {
  admin = await t.signIn('sysadmin@example.com');
  merchants = await pipeline.referenceMerchants<Merchant>(
    (source) =>
      `SELECT merchant_id, merchant_name, postcode, country FROM ${source} WHERE length(merchant_name) > 12 ORDER BY merchant_id LIMIT 5`,
  );
  // A small job whose suppliers are reference merchants, so they match.
  const lines = ['Supplier Name,Post Code,Country,Annual Spend'];
  merchants.forEach((m, i) =>
    lines.push(`"${m.merchant_name}",${m.postcode ?? ''},${m.country},${(i + 1) * 1000}`),
  );
  await workers.start({ concurrency: 1 });
  job = await pipeline.completedJob({
    cookie: admin,
    issuerName: 'Mastercard Issuing Demo',
    name: 'Vendors',
    currency: 'EUR',
    csv: `${lines.join('\n')}\n`,
  });
}, 240_000);

afterAll(async () => {
  await workers.stopAll();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('vendor search', () => {
  it('prepares the newest version’s search index ahead of the first search', async () => {
    await t.app.ctx.services.vendors.prepare();
    const [version] = fs.readdirSync(path.join(dataDir, 'files', 'reference'));
    expect(fs.existsSync(path.join(dataDir, 'files', 'reference', version!, 'vendor-search'))).toBe(
      true,
    );
  });

  it('finds a merchant by name despite a typo', async () => {
    const target = merchants[0]!;
    // Swap two letters in the middle of the name: a typo.
    const n = target.merchant_name;
    const mid = Math.floor(n.length / 2);
    const typo = n.slice(0, mid) + n[mid + 1] + n[mid] + n.slice(mid + 2);
    const res = await search([f('name', 'Contains', typo)]);
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json<PagedResponse<VendorSearchHit>>();
    expect(page.collection.map((h) => h.merchantId)).toContain(target.merchant_id);
    expect(page.collection[0]!.nameSimilarity).toBeGreaterThan(0.85);
  });

  it('filters by country, postcode, MCC and flags, paged', async () => {
    const target = merchants[1]!;
    const byCountry = (
      await search([f('country', 'Equal', target.country)], admin, { pageSize: 5 })
    ).json<PagedResponse<VendorSearchHit>>();
    expect(byCountry.collection).toHaveLength(5);
    expect(byCountry.totalCount).toBeGreaterThan(5);
    expect(byCountry.collection.every((h) => h.country === target.country)).toBe(true);

    const accepting = (
      await search([f('country', 'Equal', target.country), f('acceptsCard', 'Equal', true)])
    ).json<PagedResponse<VendorSearchHit>>();
    expect(accepting.collection.every((h) => h.acceptsCard === true)).toBe(true);
    expect(accepting.totalCount).toBeLessThan(byCountry.totalCount);

    if (target.postcode) {
      const byPostcode = (
        await search([f('postcode', 'StartsWith', target.postcode.slice(0, 3))])
      ).json<PagedResponse<VendorSearchHit>>();
      expect(byPostcode.collection.length).toBeGreaterThan(0);
      expect(
        byPostcode.collection.every((h) =>
          h.postcode?.toUpperCase().startsWith(target.postcode!.slice(0, 3).toUpperCase()),
        ),
      ).toBe(true);
    }
    const first = byCountry.collection[0]!;
    const byMcc = (await search([f('mcc', 'Equal', first.mcc)])).json<
      PagedResponse<VendorSearchHit>
    >();
    expect(byMcc.collection.every((h) => h.mcc === first.mcc)).toBe(true);
  });

  it('answers searches sent at the same time (they take turns on one connection)', async () => {
    const names = merchants.slice(0, 4).map((m) => m.merchant_name);
    const pages = await Promise.all(names.map((n) => search([f('name', 'Contains', n)])));
    pages.forEach((res, i) => {
      expect(res.statusCode, res.body).toBe(200);
      expect(
        res.json<PagedResponse<VendorSearchHit>>().collection.map((h) => h.merchantId),
      ).toContain(merchants[i]!.merchant_id);
    });
  });

  it('answers 400 naming an unknown property, a wrong operator or a bad sort', async () => {
    const unknown = await search([f('taxId', 'Equal', 'x')]);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json<{ message: string }>().message).toMatch(/body.filters\[0\].propertyName/);
    const op = await search([f('acceptsCard', 'Contains', 'x')]);
    expect(op.statusCode).toBe(400);
    expect(op.json<{ message: string }>().message).toMatch(/acceptsCard takes Equal/);
    const sort = await search([], admin, { orderBy: 'secret desc' });
    expect(sort.statusCode).toBe(400);
    expect(sort.json<{ message: string }>().message).toMatch(/body.orderBy/);
  });

  it('shows a vendor and, as a paged list, the suppliers of visible jobs that matched it; 404 for an unknown one', async () => {
    const suppliers = (
      await t.request({
        method: 'POST',
        url: `${jobsBase}/${job.id}/suppliers`,
        cookie: admin,
        payload: { pageNumber: 1, pageSize: 25, filters: [] },
      })
    ).json<PagedResponse<{ supplierKey: string; merchantId: string | null }>>();
    const matched = suppliers.collection.find((s) => s.merchantId);
    expect(matched, 'a supplier of the job matched').toBeTruthy();
    const res = await t.request({ url: `/api/v1/vendors/${matched!.merchantId}`, cookie: admin });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<VendorDetail>().vendor.merchantId).toBe(matched!.merchantId);
    const list = await matchedSuppliers(matched!.merchantId!, admin);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json<PagedResponse<VendorMatchedSupplier>>().collection).toContainEqual(
      expect.objectContaining({
        jobId: job.id,
        jobName: 'Vendors',
        supplierKey: matched!.supplierKey,
      }),
    );

    // A user of another issuer sees the merchant but not this job's supplier.
    const otherIssuer = await t.signIn('issuer@example.com');
    const theirs = await t.request({
      url: `/api/v1/vendors/${matched!.merchantId}`,
      cookie: otherIssuer,
    });
    expect(theirs.statusCode, theirs.body).toBe(200);
    const theirList = await matchedSuppliers(matched!.merchantId!, otherIssuer);
    expect(theirList.json<PagedResponse<VendorMatchedSupplier>>()).toMatchObject({
      collection: [],
      totalCount: 0,
    });

    const missing = await t.request({ url: '/api/v1/vendors/NO-SUCH-MERCHANT', cookie: admin });
    expect(missing.statusCode).toBe(404);
    const badSort = await matchedSuppliers(matched!.merchantId!, admin, { orderBy: 'secret' });
    expect(badSort.statusCode).toBe(400);
  });

  it('shows the merchant entity a record belongs to, with all its records', async () => {
    const { referenceRoot } = t.app.ctx.services.jobs.demo;
    const [version] = await listReferenceVersions(referenceRoot);
    const db = await openEngineDb({ threads: 1, memoryLimit: '256MB' });
    let entity: { entity_id: string; ids: string[] } | undefined;
    try {
      entity = await db.one(
        `SELECT entity_id, list(merchant_id ORDER BY merchant_id) AS ids
         FROM read_parquet(${sqlString(path.join(referenceRoot, version!.versionId, 'match-index.parquet'))})
         GROUP BY entity_id HAVING count(*) > 1 ORDER BY entity_id LIMIT 1`,
      );
    } finally {
      db.close();
    }
    expect(entity, 'the demo reference has a business listed more than once').toBeTruthy();
    const last = entity!.ids.at(-1)!;
    const res = await t.request({ url: `/api/v1/vendors/${last}`, cookie: admin });
    expect(res.statusCode, res.body).toBe(200);
    const detail = res.json<VendorDetail>();
    expect(detail.entity).toMatchObject({
      entityId: entity!.entity_id,
      recordCount: entity!.ids.length,
    });
    expect(detail.entity.records.map((r) => r.merchantId).sort()).toEqual(entity!.ids);

    // The search list says the same: each of the entity's records is listed with its count.
    const byName = await search([f('name', 'Equal', detail.vendor.merchantName)], admin, {
      pageSize: 100,
    });
    expect(byName.statusCode, byName.body).toBe(200);
    const hit = byName
      .json<PagedResponse<VendorSearchHit>>()
      .collection.find((h) => h.merchantId === last);
    expect(hit).toMatchObject({
      entityId: entity!.entity_id,
      entityRecordCount: entity!.ids.length,
    });
  });

  it('lists every matched supplier of the user’s own jobs however many invisible jobs matched the merchant first', async () => {
    const merchantId = merchants[4]!.merchant_id;
    const issuerUser = await t.signIn('issuer@example.com');
    const theirIssuers = (
      await t.request({ url: `${jobsBase}/wizard/issuers`, cookie: issuerUser })
    ).json<{ id: string; name: string; buyers: { id: string }[] }[]>();
    const allIssuers = (await t.request({ url: `${jobsBase}/wizard/issuers`, cookie: admin })).json<
      { id: string; name: string; buyers: { id: string }[] }[]
    >();
    const own = theirIssuers.find((i) => i.buyers.length > 0)!;
    const hidden = allIssuers.find(
      (i) => i.buyers.length > 0 && !theirIssuers.some((o) => o.id === i.id),
    )!;
    expect(own, 'the issuer user has an issuer with buyers').toBeTruthy();
    expect(hidden, 'an issuer the issuer user cannot see').toBeTruthy();
    const createJob = async (issuer: { id: string; buyers: { id: string }[] }, name: string) => {
      const res = await t.request({
        method: 'POST',
        url: `${jobsBase}?type=base&issuerId=${issuer.id}&buyerId=${issuer.buyers[0]!.id}&name=${encodeURIComponent(name)}&currency=EUR`,
        cookie: admin,
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json<JobDetails>().id;
    };
    // Three invisible jobs named to sort first, 300 matched suppliers between them (more than
    // the 200 the detail used to read before dropping other users' jobs).
    const hiddenJobs = await Promise.all(
      ['Aaa hidden 1', 'Aaa hidden 2', 'Aaa hidden 3'].map((n) => createJob(hidden, n)),
    );
    const ownJob = await createJob(own, 'Zzz own');
    // A plain Member of the issuer sees its jobs once published (SPEC §3, jobs.policy).
    await t.database.db.update(jobs).set({ isPublished: true }).where(eq(jobs.id, ownJob));
    const row = (jobId: string, i: number) => ({
      jobId,
      supplierKey: `k${i}`,
      supplierName: `Supplier ${String(i).padStart(3, '0')}`,
      matchStatus: 'MATCHED',
      confidence: 'High',
      matchSource: 'computed',
      merchantId,
    });
    await t.database.db
      .insert(jobSupplierResults)
      .values(hiddenJobs.flatMap((jobId) => Array.from({ length: 100 }, (_, i) => row(jobId, i))));
    await t.database.db
      .insert(jobSupplierResults)
      .values(Array.from({ length: 30 }, (_, i) => row(ownJob, i)));

    const seen: VendorMatchedSupplier[] = [];
    for (const pageNumber of [1, 2]) {
      const res = await matchedSuppliers(merchantId, issuerUser, { pageNumber, pageSize: 25 });
      expect(res.statusCode, res.body).toBe(200);
      const page = res.json<PagedResponse<VendorMatchedSupplier>>();
      expect(page.totalCount).toBe(30);
      seen.push(...page.collection);
    }
    expect(seen).toHaveLength(30);
    expect(new Set(seen.map((s) => s.jobId))).toEqual(new Set([ownJob]));
    expect(seen.map((s) => s.supplierName)).toEqual(
      Array.from({ length: 30 }, (_, i) => `Supplier ${String(i).padStart(3, '0')}`),
    );
    // Filters and sorts of the paged list request apply within the visible rows.
    const filtered = (
      await matchedSuppliers(merchantId, issuerUser, {
        orderBy: 'supplierName desc',
        filters: [
          { propertyName: 'supplierName', comparisonOperator: 'StartsWith', value: 'Supplier 02' },
        ],
      })
    ).json<PagedResponse<VendorMatchedSupplier>>();
    expect(filtered.totalCount).toBe(10);
    expect(filtered.collection[0]!.supplierName).toBe('Supplier 029');
    // The administrator, who sees every issuer, counts them all.
    const everything = (await matchedSuppliers(merchantId, admin)).json<
      PagedResponse<VendorMatchedSupplier>
    >();
    expect(everything.totalCount).toBeGreaterThanOrEqual(330);
  });

  it('refuses users without VendorsSearchView (403)', async () => {
    const mdo = await t.signIn('matcheddataonlyjobcreator@example.com');
    expect((await search([], mdo)).statusCode).toBe(403);
    expect(
      (await t.request({ url: `/api/v1/vendors/${merchants[0]!.merchant_id}`, cookie: mdo }))
        .statusCode,
    ).toBe(403);
    expect((await matchedSuppliers(merchants[0]!.merchant_id, mdo)).statusCode).toBe(403);
  });
});

describe('match override merchant check (jobs module)', () => {
  it('refuses a merchant id the job’s reference data does not hold (400 naming it), accepts a known one', async () => {
    const suppliers = (
      await t.request({
        method: 'POST',
        url: `${jobsBase}/${job.id}/suppliers`,
        cookie: admin,
        payload: { pageNumber: 1, pageSize: 25, filters: [] },
      })
    ).json<PagedResponse<{ supplierKey: string; merchantId: string | null }>>();
    const supplier = suppliers.collection[0]!;
    const decide = (merchantId: string) =>
      t.request({
        method: 'PUT',
        url: `${jobsBase}/${job.id}/suppliers/${encodeURIComponent(supplier.supplierKey)}/match`,
        cookie: admin,
        payload: { decision: 'merchant', merchantId },
      });
    const unknown = await decide('M-DOES-NOT-EXIST');
    expect(unknown.statusCode, unknown.body).toBe(400);
    expect(unknown.json<{ message: string }>().message).toMatch(
      /Merchant M-DOES-NOT-EXIST is not in the reference data this job was matched against/,
    );
    // Nothing was recorded: the supplier has no decision and the job did not run again.
    const after = (
      await t.request({
        url: `${jobsBase}/${job.id}/suppliers/${encodeURIComponent(supplier.supplierKey)}`,
        cookie: admin,
      })
    ).json<{ matchSource: string; merchantId: string | null }>();
    expect(after.merchantId).toBe(supplier.merchantId);
    expect(after.matchSource).not.toBe('override');
    const still = (
      await t.request({ url: `${jobsBase}/${job.id}`, cookie: admin })
    ).json<JobDetails>();
    expect(still.status).toBe('Completed');

    const known = merchants.find((m) => m.merchant_id !== supplier.merchantId)!.merchant_id;
    const ok = await decide(known);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json<{ merchantId: string | null }>().merchantId).toBe(known);
    // Let the re-run the decision started finish before the workers stop.
    await pipeline.waitUntilFinished(job.id, admin);
  }, 180_000);
});
