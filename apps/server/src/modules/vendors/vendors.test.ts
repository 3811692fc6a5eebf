import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { JobDetails, PagedResponse, VendorDetail, VendorSearchHit } from '@b2b/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart } from '../../../test/chat-files.js';
import { useTestApp } from '../../../test/harness.js';
import { PROQ_TEST_ENV, waitFor, workerPool } from '../../../test/proq-kit.js';
import { openEngineDb, sqlString } from '../../engine/duckdb.js';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'b2b-vendors-test-'));
const t = useTestApp({
  ...PROQ_TEST_ENV,
  DATA_DIR: dataDir,
  REFERENCE_DEMO_MERCHANTS: '3000',
  ENGINE_MEMORY_LIMIT: '256MB',
});
const workers = workerPool(t);
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
const f = (propertyName: string, comparisonOperator: string, value: unknown) => ({
  propertyName,
  comparisonOperator,
  value,
});

beforeAll(async () => {
  admin = await t.signIn('sysadmin@example.com');
  const { engine } = t.app.ctx.services.jobs;
  const { versionId } = await engine.ensureReferenceData(3000);
  const db = await openEngineDb({ threads: 1, memoryLimit: '256MB' });
  try {
    merchants = await db.all<Merchant>(
      `SELECT merchant_id, merchant_name, postcode, country FROM read_parquet(${sqlString(
        path.join(engine.referenceRoot, versionId, 'merchants.parquet'),
      )}) WHERE length(merchant_name) > 12 ORDER BY merchant_id LIMIT 5`,
    );
  } finally {
    db.close();
  }
  // A small job whose suppliers are reference merchants, so they match.
  const issuers = (await t.request({ url: `${jobsBase}/wizard/issuers`, cookie: admin })).json<
    { id: string; name: string; buyers: { id: string }[] }[]
  >();
  const issuer = issuers.find((i) => i.name === 'Mastercard Issuing Demo')!;
  const created = await t.request({
    method: 'POST',
    url: `${jobsBase}?type=base&issuerId=${issuer.id}&buyerId=${issuer.buyers[0]!.id}&name=Vendors&currency=EUR`,
    cookie: admin,
  });
  expect(created.statusCode, created.body).toBe(201);
  job = created.json<JobDetails>();
  const lines = ['Supplier Name,Post Code,Country,Annual Spend'];
  merchants.forEach((m, i) =>
    lines.push(`"${m.merchant_name}",${m.postcode ?? ''},${m.country},${(i + 1) * 1000}`),
  );
  const up = await t.request({
    method: 'POST',
    url: `${jobsBase}/${job.id}/files?role=Suppliers`,
    cookie: admin,
    ...multipart([{ filename: 'suppliers.csv', content: `${lines.join('\n')}\n` }], 'file'),
  });
  expect(up.statusCode, up.body).toBe(201);
  await workers.start({ concurrency: 1 });
  const submit = await t.request({
    method: 'POST',
    url: `${jobsBase}/${job.id}/submit`,
    cookie: admin,
  });
  expect(submit.statusCode, submit.body).toBeLessThan(300);
  job = await waitFor(
    async () =>
      (await t.request({ url: `${jobsBase}/${job.id}`, cookie: admin })).json<JobDetails>(),
    (j) => j.status === 'Completed' || j.status === 'Error',
    120_000,
    'the job pipeline',
  );
  expect(job.status, JSON.stringify(job.steps)).toBe('Completed');
}, 240_000);

afterAll(async () => {
  await workers.stopAll();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('vendor search', () => {
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

  it('shows a vendor with the suppliers of visible jobs that matched it, and 404 for an unknown one', async () => {
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
    const detail = res.json<VendorDetail>();
    expect(detail.vendor.merchantId).toBe(matched!.merchantId);
    expect(detail.matchedSuppliers).toContainEqual(
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
    expect(theirs.json<VendorDetail>().matchedSuppliers).toEqual([]);

    const missing = await t.request({ url: '/api/v1/vendors/NO-SUCH-MERCHANT', cookie: admin });
    expect(missing.statusCode).toBe(404);
  });

  it('refuses users without VendorsSearchView (403)', async () => {
    const mdo = await t.signIn('matcheddataonlyjobcreator@example.com');
    expect((await search([], mdo)).statusCode).toBe(403);
    expect(
      (await t.request({ url: `/api/v1/vendors/${merchants[0]!.merchant_id}`, cookie: mdo }))
        .statusCode,
    ).toBe(403);
  });
});
