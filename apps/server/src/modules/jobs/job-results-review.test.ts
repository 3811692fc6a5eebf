import type { JobDetails, SupplierResult } from '@b2b/contract';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useJobsTestApp } from '../../../test/jobs-test-app.js';
import type { ReferenceMerchant } from '../../../test/job-pipeline.js';
import { issuerUsers, issuers } from '../issuers/issuer.schema.js';
import { users } from '../users/user.schema.js';
import { jobMatchOverrides } from './job.schema.js';

const { t, pipeline, base, signedIn } = useJobsTestApp('job-results-review');

type Page = { collection: SupplierResult[]; totalCount: number };

/**
 * Suppliers whose best candidate is uncertain: exact names with their postcode (High), names
 * with a letter dropped and no postcode, and names cut to their first word — the last two land
 * in Medium or Low, with a candidate to review.
 */
function reviewCsv(merchants: readonly ReferenceMerchant[]): string {
  const lines = ['Supplier Name,Vendor No,Post Code,Country,Annual Spend (GBP),Payment Method'];
  merchants.slice(0, 36).forEach((m, i) => {
    const kind = i % 3;
    const name =
      kind === 0
        ? m.merchant_name
        : kind === 1
          ? m.merchant_name.slice(0, -2) + m.merchant_name.slice(-1)
          : `${m.merchant_name.split(' ')[0]} Trading`;
    const postcode = kind === 0 ? (m.postcode ?? '') : '';
    lines.push(`"${name}",V${2000 + i},${postcode},GB,${1000 + i * 250},BACS`);
  });
  return `${lines.join('\r\n')}\r\n`;
}

let admin: string;
let job: JobDetails;

beforeAll(async () => {
  const { admin: cookie, merchants } = signedIn();
  admin = cookie;
  job = await pipeline.completedJob({
    cookie: admin,
    issuerName: 'PayTech Bank',
    csv: reviewCsv(merchants),
    name: 'Match review',
  });
}, 180_000);

async function list(jobId: string, options: { review?: boolean; cookie?: string; page?: object }) {
  return t.request({
    method: 'POST',
    url: `${base}/${jobId}/suppliers${options.review ? '?review=candidates' : ''}`,
    cookie: options.cookie ?? admin,
    payload: { pageSize: 100, ...options.page },
  });
}
async function page(jobId: string, review: boolean, body: object = {}): Promise<Page> {
  const res = await list(jobId, { review, page: body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Page>();
}
function decide(jobId: string, decisions: unknown[], cookie = admin) {
  return t.request({
    method: 'POST',
    url: `${base}/${jobId}/supplier-match-decisions`,
    cookie,
    payload: { decisions },
  });
}
const overridesOf = (jobId: string) =>
  t.database.db.select().from(jobMatchOverrides).where(eq(jobMatchOverrides.jobId, jobId));

/** The review queue's rule, written again over the full list. */
const isCandidate = (s: SupplierResult) =>
  s.override === null &&
  s.candidateMerchantId !== null &&
  (s.confidence === 'Low' || s.confidence === 'Medium');

describe('the match review queue', () => {
  it('lists every supplier’s best candidate, also when UNMATCHED', async () => {
    const all = await page(job.id, false);
    expect(all.totalCount).toBe(36);
    const unmatched = all.collection.filter(
      (s) => s.matchStatus === 'UNMATCHED' && s.candidateMerchantId !== null,
    );
    expect(unmatched.length).toBeGreaterThan(0);
    for (const s of unmatched) {
      expect(s.candidateMerchantName).toBeTruthy();
      expect(s.merchantName).toBeNull();
      expect(s.matchScore).toBeTypeOf('number');
    }
    for (const s of all.collection.filter((r) => r.matchStatus === 'MATCHED')) {
      expect(s.candidateMerchantId).toBe(s.merchantId);
      expect(s.candidateMerchantName).toBe(s.merchantName);
    }
    // The match model's weight comes with its probability (both null while rules decide).
    for (const s of all.collection) {
      expect(s.matchProbability === null).toBe(s.matchWeight === null);
      if (s.matchProbability !== null) expect(s.matchProbability).toBeLessThanOrEqual(1);
    }
  });

  it('filters to undecided Low and Medium candidates, strongest first, counted as paged', async () => {
    const all = await page(job.id, false);
    const expected = all.collection.filter(isCandidate);
    expect(expected.length).toBeGreaterThanOrEqual(2);
    const queue = await page(job.id, true);
    expect(queue.totalCount).toBe(expected.length);
    expect(queue.collection.map((s) => s.supplierKey).sort()).toEqual(
      expected.map((s) => s.supplierKey).sort(),
    );
    // Strongest first: match weight (nulls last), then match score.
    const rank = (x: SupplierResult, y: SupplierResult) =>
      (y.matchWeight ?? -Infinity) - (x.matchWeight ?? -Infinity) ||
      (y.matchScore ?? -Infinity) - (x.matchScore ?? -Infinity);
    const ordered = [...queue.collection].sort(rank);
    expect(queue.collection.map((s) => [s.matchWeight, s.matchScore])).toEqual(
      ordered.map((s) => [s.matchWeight, s.matchScore]),
    );

    // Pages of one add up to the same queue, with the same count on each.
    const keys: string[] = [];
    for (let n = 1; n <= expected.length; n++) {
      const one = await page(job.id, true, { pageSize: 1, pageNumber: n });
      expect(one.totalCount).toBe(expected.length);
      keys.push(one.collection[0]!.supplierKey);
    }
    expect(keys).toEqual(queue.collection.map((s) => s.supplierKey));

    // Other filters narrow the queue further; an unknown review value is refused.
    const low = await page(job.id, true, {
      filters: [{ propertyName: 'confidence', comparisonOperator: 'Equal', value: 'Low' }],
    });
    expect(low.totalCount).toBe(expected.filter((s) => s.confidence === 'Low').length);
    const bad = await t.request({
      method: 'POST',
      url: `${base}/${job.id}/suppliers?review=everything`,
      cookie: admin,
      payload: {},
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('review');
  });

  it('refuses a role without JobEdit, and hides the job from another issuer', async () => {
    const issuerUser = await t.signIn('issuer@example.com');
    const [candidate] = (await page(job.id, true)).collection;
    const before = (await overridesOf(job.id)).length;
    const refused = await decide(
      job.id,
      [{ supplierKey: candidate!.supplierKey, decision: 'rejected' }],
      issuerUser,
    );
    expect(refused.statusCode).toBe(403);

    // A member of another issuer neither sees the job's suppliers nor learns the job exists.
    const { db } = t.database;
    const [other] = await db.select().from(users).where(eq(users.username, 'client@example.com'));
    const [mastercard] = await db
      .select()
      .from(issuers)
      .where(eq(issuers.issuerKey, 'mastercard-issuing'));
    await db.delete(issuerUsers).where(eq(issuerUsers.userId, other!.id));
    await db
      .insert(issuerUsers)
      .values({ issuerId: mastercard!.id, userId: other!.id, userRole: 'Member' });
    const outsider = await t.signIn('client@example.com');
    expect((await list(job.id, { review: true, cookie: outsider })).statusCode).toBe(404);
    expect(
      (
        await decide(
          job.id,
          [{ supplierKey: candidate!.supplierKey, decision: 'rejected' }],
          outsider,
        )
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await decide('00000000-0000-4000-8000-000000000000', [
          { supplierKey: 'x', decision: 'rejected' },
        ])
      ).statusCode,
    ).toBe(404);
    expect(await overridesOf(job.id)).toHaveLength(before);
  });

  it('writes nothing when one decision of a batch is wrong, and names it', async () => {
    const queue = (await page(job.id, true)).collection;
    const before = (await overridesOf(job.id)).length;
    const [a, b] = queue;
    const confirmA = {
      supplierKey: a!.supplierKey,
      decision: 'merchant',
      merchantId: a!.candidateMerchantId,
    };
    const rejectB = { supplierKey: b!.supplierKey, decision: 'rejected' };

    const unknownKey = await decide(job.id, [
      confirmA,
      rejectB,
      { supplierKey: 'no-such-supplier', decision: 'rejected' },
    ]);
    expect(unknownKey.statusCode).toBe(400);
    expect(unknownKey.json<{ message: string }>().message).toContain('no-such-supplier');

    const repeated = await decide(job.id, [confirmA, { ...rejectB, supplierKey: a!.supplierKey }]);
    expect(repeated.statusCode).toBe(400);
    expect(repeated.json<{ message: string }>().message).toContain(a!.supplierKey);

    const foreignMerchant = await decide(job.id, [
      { ...confirmA, merchantId: 'NOT-A-MERCHANT-42' },
      rejectB,
    ]);
    expect(foreignMerchant.statusCode).toBe(400);
    expect(foreignMerchant.json<{ message: string }>().message).toContain('NOT-A-MERCHANT-42');

    expect((await decide(job.id, [])).statusCode).toBe(400);
    const tooMany = Array.from({ length: 501 }, (_, i) => ({
      supplierKey: `k${i}`,
      decision: 'rejected',
    }));
    const oversized = await decide(job.id, tooMany);
    expect(oversized.statusCode).toBe(400);
    expect(oversized.body).toContain('decisions');

    expect(await overridesOf(job.id)).toHaveLength(before);
    expect((await page(job.id, true)).totalCount).toBe(queue.length);
    const after = await t.request({ url: `${base}/${job.id}`, cookie: admin });
    expect(after.json<JobDetails>().status).toBe('Completed');
  });

  it('records a batch at once, audited, and keeps it across the re-run it starts', async () => {
    const queue = (await page(job.id, true)).collection;
    const before = (await overridesOf(job.id)).length;
    const [a, b] = queue;
    const res = await decide(job.id, [
      { supplierKey: a!.supplierKey, decision: 'merchant', merchantId: a!.candidateMerchantId },
      { supplierKey: b!.supplierKey, decision: 'rejected' },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json<{ decided: number; suppliers: SupplierResult[] }>();
    expect(answer.decided).toBe(2);
    const [confirmed, rejected] = answer.suppliers;
    expect(confirmed).toMatchObject({
      supplierKey: a!.supplierKey,
      matchStatus: 'MATCHED',
      matchSource: 'override',
      merchantId: a!.candidateMerchantId,
      merchantName: a!.candidateMerchantName,
      override: { decision: 'merchant', merchantId: a!.candidateMerchantId },
    });
    expect(rejected).toMatchObject({
      supplierKey: b!.supplierKey,
      matchStatus: 'UNMATCHED',
      matchSource: 'rejected',
      override: { decision: 'rejected', merchantId: null },
    });

    // Each decision is its own override row: who decided, and when.
    const [sysadmin] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.username, 'sysadmin@example.com'));
    const audit = (await overridesOf(job.id)).filter((o) =>
      [a!.supplierKey, b!.supplierKey].includes(o.supplierKey),
    );
    expect(audit).toHaveLength(2);
    expect(await overridesOf(job.id)).toHaveLength(before + 2);
    for (const row of audit) {
      expect(row).toMatchObject({ userId: sysadmin!.id, username: 'sysadmin@example.com' });
      expect(row.createdAt).toBeInstanceOf(Date);
    }

    // Decided suppliers leave the queue, and the full list shows each with its decision.
    const left = await page(job.id, true);
    expect(left.totalCount).toBe(queue.length - 2);
    const listed = new Map((await page(job.id, false)).collection.map((s) => [s.supplierKey, s]));
    expect(listed.get(a!.supplierKey)!.override).toMatchObject({
      decision: 'merchant',
      merchantId: a!.candidateMerchantId,
      byUsername: 'sysadmin@example.com',
    });
    expect(listed.get(b!.supplierKey)!.override).toMatchObject({ decision: 'rejected' });
    // The job is matched again and keeps the decisions.
    const rerun = await pipeline.waitUntilFinished(job.id, admin);
    expect(rerun.status).toBe('Completed');
    const detail = async (key: string) =>
      (
        await t.request({
          url: `${base}/${job.id}/suppliers/${encodeURIComponent(key)}`,
          cookie: admin,
        })
      ).json<SupplierResult>();
    expect(await detail(a!.supplierKey)).toMatchObject({
      matchStatus: 'MATCHED',
      confidence: 'High',
      matchSource: 'override',
      ruleId: 'manual-override',
      merchantId: a!.candidateMerchantId,
    });
    expect(await detail(b!.supplierKey)).toMatchObject({
      matchStatus: 'UNMATCHED',
      matchSource: 'rejected',
      ruleId: 'manual-rejection',
      candidateMerchantId: b!.candidateMerchantId,
    });
    expect((await page(job.id, true)).totalCount).toBe(queue.length - 2);
    const still = await t.database.db
      .select()
      .from(jobMatchOverrides)
      .where(
        and(eq(jobMatchOverrides.jobId, job.id), eq(jobMatchOverrides.supplierKey, a!.supplierKey)),
      );
    expect(still).toHaveLength(1);
  });
});
