import { sql } from 'drizzle-orm';
import type { SupplierResult } from '@b2b/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { useJobsTestApp } from '../../../test/jobs-test-app.js';
import { type ReferenceMerchant } from '../../../test/job-pipeline.js';
import { rows } from '../../../test/proq-kit.js';

const { t, pipeline, base, signedIn } = useJobsTestApp('job-results');

let admin: string;
let merchants: ReferenceMerchant[] = [];

beforeAll(() => {
  ({ admin, merchants } = signedIn());
});

async function suppliersOf(jobId: string, filters: unknown[] = [], cookie = admin) {
  return t.request({
    method: 'POST',
    url: `${base}/${jobId}/suppliers`,
    cookie,
    payload: { pageSize: 100, filters },
  });
}
const matchedOnly = [
  { propertyName: 'matchStatus', comparisonOperator: 'Equal', value: 'MATCHED' },
];

describe('a completed job’s results', () => {
  it('lists suppliers with matches, confidence, evidence and eight scores', async () => {
    const { job } = await pipeline.jobAt('completed', { cookie: admin, merchants });
    const res = await suppliersOf(job.id, matchedOnly);
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json<{ collection: SupplierResult[]; totalCount: number }>();
    expect(page.totalCount).toBeGreaterThanOrEqual(20);
    const first = page.collection[0]!;
    expect(first.merchantName).toBeTruthy();
    expect(['High', 'Medium', 'Low']).toContain(first.confidence);
    for (const key of [
      'optimaScore',
      'stpScore',
      'vcardScore',
      'pcardScore',
      'tandEcardScore',
      'scfScore',
      'instantPayScore',
      'boostScore',
    ] as const) {
      expect(first[key]).toBeTypeOf('number');
    }
    expect(first.cardAccepting).toBe('MATCHED');
    const detail = await t.request({
      url: `${base}/${job.id}/suppliers/${encodeURIComponent(first.supplierKey)}`,
      cookie: admin,
    });
    expect(detail.statusCode).toBe(200);
    const d = detail.json<{
      evidence: { fields: Record<string, unknown> } | null;
      scoreDrivers: Record<string, unknown>;
    }>();
    expect(d.evidence?.fields.nameScore).toBeTypeOf('number');
    expect(Object.keys(d.scoreDrivers)).toContain('Optima');

    const badFilter = await suppliersOf(job.id, [
      { propertyName: 'nope', comparisonOperator: 'Equal', value: 1 },
    ]);
    expect(badFilter.statusCode).toBe(400);
  });

  it('shows an issuer member the levels but not the scores, and refuses sorting by them', async () => {
    const { job } = await pipeline.jobAt('completed', { cookie: admin, merchants });
    await pipeline.publish(job.id, admin);
    const member = await t.signIn('issuer@example.com');
    const listed = await suppliersOf(job.id, matchedOnly, member);
    expect(listed.statusCode, listed.body).toBe(200);
    const row = listed.json<{ collection: SupplierResult[] }>().collection[0]!;
    expect(row.optimaScore).toBeNull();
    expect(row.vcardScore).toBeNull();
    expect(['High', 'Medium', 'Low', 'None']).toContain(row.optimaLevel);
    const asAdmin = (await suppliersOf(job.id, matchedOnly)).json<{
      collection: SupplierResult[];
    }>();
    expect(typeof asAdmin.collection[0]!.optimaScore).toBe('number');

    const detail = await t.request({
      url: `${base}/${job.id}/suppliers/${encodeURIComponent(row.supplierKey)}`,
      cookie: member,
    });
    expect(detail.json<{ scoreDrivers: unknown; stpScore: unknown }>()).toMatchObject({
      scoreDrivers: null,
      stpScore: null,
    });

    const sorted = await t.request({
      method: 'POST',
      url: `${base}/${job.id}/suppliers`,
      cookie: member,
      payload: { pageSize: 10, orderBy: 'vcardScore desc' },
    });
    expect(sorted.statusCode).toBe(403);
    expect(sorted.json<{ message: string }>().message).toContain('vcardScore');
    const filtered = await suppliersOf(
      job.id,
      [{ propertyName: 'stpScore', comparisonOperator: 'GreaterThan', value: 50 }],
      member,
    );
    expect(filtered.statusCode).toBe(403);
  });

  it('answers 404 for the suppliers of a job the user may not see, whatever the page asks', async () => {
    const { job } = await pipeline.jobAt('completed', { cookie: admin, merchants });
    // An issuer's member sees the issuer's jobs once they are published.
    const member = await t.signIn('issuer@example.com');
    const pageOf = (payload: object) =>
      t.request({ method: 'POST', url: `${base}/${job.id}/suppliers`, cookie: member, payload });
    for (const payload of [
      { pageSize: 5 },
      { pageSize: 5, pageNumber: 1000 },
      { pageSize: 5, filters: matchedOnly },
      { pageSize: 5, orderBy: 'vcardScore desc' },
      { pageSize: 5, filters: [{ propertyName: 'nope', comparisonOperator: 'Equal', value: 1 }] },
    ]) {
      const res = await pageOf(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(404);
    }
    await pipeline.publish(job.id, admin);
    const seen = await pageOf({ pageSize: 5 });
    expect(seen.statusCode, seen.body).toBe(200);
    const page = seen.json<{ collection: SupplierResult[]; totalCount: number }>();
    expect(page.collection).toHaveLength(5);
    expect(page.collection[0]).not.toHaveProperty('jobCurrency');
    expect((await pageOf({ pageSize: 5, orderBy: 'vcardScore desc' })).statusCode).toBe(403);
    const badFilter = await pageOf({
      pageSize: 5,
      filters: [{ propertyName: 'nope', comparisonOperator: 'Equal', value: 1 }],
    });
    expect(badFilter.statusCode).toBe(400);
  });

  it('keeps a rejected match across re-runs (Match again, then re-scoring)', async () => {
    let { job } = await pipeline.jobAt('completed', { cookie: admin, merchants });
    const issuerUser = await t.signIn('issuer@example.com');
    const matched = (await suppliersOf(job.id, matchedOnly)).json<{
      collection: SupplierResult[];
    }>().collection[0]!;
    const key = encodeURIComponent(matched.supplierKey);
    const refused = await t.request({
      method: 'PUT',
      url: `${base}/${job.id}/suppliers/${key}/match`,
      cookie: issuerUser,
      payload: { decision: 'rejected' },
    });
    expect(refused.statusCode).toBe(403);
    const res = await t.request({
      method: 'PUT',
      url: `${base}/${job.id}/suppliers/${key}/match`,
      cookie: admin,
      payload: { decision: 'rejected' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<SupplierResult>().matchStatus).toBe('UNMATCHED');
    job = await pipeline.waitUntilFinished(job.id, admin);
    expect(job.status).toBe('Completed');
    const afterRun = (
      await t.request({ url: `${base}/${job.id}/suppliers/${key}`, cookie: admin })
    ).json<SupplierResult>();
    expect(afterRun.matchStatus).toBe('UNMATCHED');
    expect(afterRun.matchSource).toBe('rejected');
    expect(afterRun.override?.decision).toBe('rejected');

    const rescore = await t.request({
      method: 'POST',
      url: `${base}/${job.id}/rescore`,
      cookie: admin,
      payload: { scoringRulesetVersion: 1 },
    });
    expect(rescore.statusCode, rescore.body).toBe(200);
    job = await pipeline.waitUntilFinished(job.id, admin);
    const afterRescore = (
      await t.request({ url: `${base}/${job.id}/suppliers/${key}`, cookie: admin })
    ).json<SupplierResult>();
    expect(afterRescore.matchSource).toBe('rejected');
    expect(afterRescore.cardAccepting).toBe('UNMATCHED');
    // Each load swapped in a new partition of its own and dropped the one it replaced.
    const tables = await rows<{ name: string; attached: boolean; n: number }>(
      t.database,
      sql`select c.relname as name, c.relispartition as attached,
            (select count(*)::int from job_supplier_results r where r.job_id = ${job.id}) as n
          from pg_class c where c.relkind = 'r'
            and starts_with(c.relname, ${`job_supplier_results_${job.id.replace(/-/g, '')}_`})`,
    );
    expect(tables).toHaveLength(1);
    expect(tables[0]).toMatchObject({ attached: true, n: job.supplierCount });

    const unknownVersion = await t.request({
      method: 'POST',
      url: `${base}/${job.id}/rescore`,
      cookie: admin,
      payload: { scoringRulesetVersion: 99 },
    });
    expect(unknownVersion.statusCode).toBe(404);
  });

  it('totals an unfiltered list from the row count stored with its results', async () => {
    const { job } = await pipeline.jobAt('completed', { cookie: admin, merchants });
    const countOf = async (where: ReturnType<typeof sql>) =>
      (
        await rows<{ n: number }>(
          t.database,
          sql`select count(*)::int as n from job_supplier_results where job_id = ${job.id} and ${where}`,
        )
      )[0]!.n;
    const all = await countOf(sql`true`);
    const [stored] = await rows<{ n: number | null }>(
      t.database,
      sql`select results_count as n from jobs where id = ${job.id}`,
    );
    expect(stored!.n).toBe(all);
    const totalOf = async (payload: object) => {
      const res = await t.request({
        method: 'POST',
        url: `${base}/${job.id}/suppliers`,
        cookie: admin,
        payload,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ totalCount: number; collection: unknown[] }>();
    };
    expect((await totalOf({ pageSize: 5 })).totalCount).toBe(all);
    const pastTheEnd = await totalOf({ pageSize: 5, pageNumber: 1000 });
    expect(pastTheEnd).toMatchObject({ totalCount: all, collection: [] });
    // A filter counts the rows it leaves.
    expect((await totalOf({ pageSize: 5, filters: matchedOnly })).totalCount).toBe(
      await countOf(sql`match_status = 'MATCHED'`),
    );
    // The stored count is what an unfiltered list says: it is not counted again per page…
    await t.database.db.execute(
      sql`update jobs set results_count = ${all + 7} where id = ${job.id}`,
    );
    expect((await totalOf({ pageSize: 5 })).totalCount).toBe(all + 7);
    // …and results stored before the count was kept (none stored) are counted.
    await t.database.db.execute(sql`update jobs set results_count = null where id = ${job.id}`);
    expect((await totalOf({ pageSize: 5 })).totalCount).toBe(all);
  });
});
