import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { InsightChartData, JobDetails, JobSummary } from '@b2b/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness.js';
import { jobPipeline } from '../../../test/job-pipeline.js';
import { PROQ_TEST_ENV, workerPool } from '../../../test/proq-kit.js';
import { users } from '../users/user.schema.js';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'b2b-insights-test-'));
const t = useTestApp({
  ...PROQ_TEST_ENV,
  DATA_DIR: dataDir,
  REFERENCE_DEMO_MERCHANTS: '3000',
  ENGINE_MEMORY_LIMIT: '256MB',
});
const workers = workerPool(t);
const jobsBase = '/api/v1/job-artifacts';

let admin: string;
let job: JobDetails;

const pipeline = jobPipeline(t);
const createJob = (type: 'base' | 'matched-data-only', issuerName: string) =>
  pipeline.createJob({
    cookie: admin,
    type,
    issuerName,
    name: `Insights ${type}`,
    currency: 'EUR',
  });

const insights = (jobId: string, what: string, cookie = admin) =>
  t.request({ url: `${jobsBase}/${jobId}/insights/${what}`, cookie });

beforeAll(async () => {
  admin = await t.signIn('sysadmin@example.com');
  const merchants = await pipeline.referenceMerchants<{
    merchant_name: string;
    postcode: string | null;
    country: string;
  }>(
    (source) =>
      `SELECT merchant_name, postcode, country FROM ${source} ORDER BY merchant_id LIMIT 40`,
  );
  // Suppliers from the reference (most will match) and some nobody knows; two countries.
  const lines = ['Supplier Name,Post Code,Country,Annual Spend,Payment Method,SIC'];
  merchants.forEach((m, i) =>
    lines.push(
      `"${m.merchant_name}",${m.postcode ?? ''},${m.country},${(i + 1) * 1500},${i % 2 ? 'Cheque' : 'ACH'},${i % 4 === 0 ? '7372' : ''}`,
    ),
  );
  for (let i = 0; i < 10; i++) lines.push(`Nobody Knows ${i} Ltd,,GBR,${900 + i},Cheque,`);
  await workers.start({ concurrency: 1 });
  job = await pipeline.completedJob({
    cookie: admin,
    issuerName: 'Mastercard Issuing Demo',
    name: 'Insights base',
    currency: 'EUR',
    csv: `${lines.join('\n')}\n`,
  });
}, 240_000);

afterAll(async () => {
  await workers.stopAll();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('job insights', () => {
  it('are computed by the Aggregate step and summarised for the summary tab', async () => {
    const res = await insights(job.id, 'summary');
    expect(res.statusCode, res.body).toBe(200);
    const summary = res.json<JobSummary>();
    expect(summary.currency).toBe('EUR');
    expect(summary.tiles).toMatchObject({ jobCount: 1, organizations: 1, suppliers: 50 });
    expect(summary.tiles.spend).toBeCloseTo(
      Array.from({ length: 40 }, (_, i) => (i + 1) * 1500).reduce((a, b) => a + b, 0) +
        Array.from({ length: 10 }, (_, i) => 900 + i).reduce((a, b) => a + b, 0),
    );
    expect(summary.spendByProduct.map((p) => p.product)).toEqual([
      'Optima',
      'Stp',
      'Vcard',
      'Pcard',
      'TandEcard',
      'Scf',
      'InstantPay',
      'Boost',
    ]);
    const [matched, unmatched] = summary.matchOutcome;
    expect(matched!.suppliers + unmatched!.suppliers).toBe(50);
    expect(matched!.suppliers).toBeGreaterThan(20);
    expect(summary.confidence.reduce((n, c) => n + c.suppliers, 0)).toBe(50);
    expect(summary.cardAcceptance.supplierPercent).toBeCloseTo((matched!.suppliers / 50) * 100, 0);
    expect(summary.unavailableCharts).toEqual(
      expect.arrayContaining([
        { chart: 'IndustriesNaics', reason: "This job's data has no NAICS codes." },
      ]),
    );
  });

  it('draws each chart for a slice, adding up to the slice, and says which the data cannot fill', async () => {
    const countries = (await insights(job.id, 'chart?chart=Countries')).json<InsightChartData>();
    expect(countries.available).toBe(true);
    expect(countries.bars.reduce((n, b) => n + b.suppliers, 0)).toBe(50);
    expect(countries.bars.every((b, i, all) => i === 0 || all[i - 1]!.spend >= b.spend)).toBe(true);

    const sic = (
      await insights(job.id, 'chart?chart=IndustriesSicIndustry')
    ).json<InsightChartData>();
    expect(sic.bars.find((b) => b.key === '7372')?.suppliers).toBe(10);

    const naics = (await insights(job.id, 'chart?chart=IndustriesNaics')).json<InsightChartData>();
    expect(naics).toMatchObject({
      available: false,
      reason: "This job's data has no NAICS codes.",
      bars: [],
    });

    const bands = (
      await insights(
        job.id,
        'chart?chart=SuppliersAverage&slicer=Card%20Accepting&slicerValue=UNMATCHED',
      )
    ).json<InsightChartData>();
    expect(bands.measure).toBe('averageSpend');
    for (const bar of bands.bars) expect(bar.value).toBeCloseTo(bar.spend / bar.suppliers, 1);
  });

  it('lists the slicer values that hold suppliers', async () => {
    const res = await insights(job.id, 'slicers');
    expect(res.statusCode).toBe(200);
    const slicers =
      res.json<{ slicer: string; values: { value: string; suppliers: number }[] }[]>();
    expect(slicers.map((s) => s.slicer)).toEqual([
      'Overall',
      'Card Accepting',
      'VC Accepting',
      'Detail Level',
      'STP Capable',
      'Card Capability',
    ]);
    const accepting = slicers.find((s) => s.slicer === 'Card Accepting')!;
    expect(accepting.values.reduce((n, v) => n + v.suppliers, 0)).toBe(50);
  });

  it('refuses slices and charts that do not exist, naming what was wrong', async () => {
    const value = await insights(
      job.id,
      'chart?chart=Countries&slicer=Card%20Accepting&slicerValue=MAYBE',
    );
    expect(value.statusCode).toBe(400);
    expect(value.json<{ errors: { field: string }[] }>().errors[0]!.field).toBe(
      'querystring.slicerValue',
    );
    const chart = await insights(job.id, 'chart?chart=Pie');
    expect(chart.statusCode).toBe(400);
    expect(chart.json<{ errors: { field: string }[] }>().errors[0]!.field).toBe(
      'querystring.chart',
    );
    const product = await insights(job.id, 'summary?product=Gold');
    expect(product.statusCode).toBe(400);
  });

  it('say why there are none for a Matched Data Only job or a job still being set up', async () => {
    const mdo = await createJob('matched-data-only', 'PayTech Bank');
    const res = await insights(mdo.id, 'summary');
    expect(res.statusCode).toBe(409);
    expect(res.json<{ message: string }>().message).toBe(
      'Matched Data Only jobs are matched only: they have no scores and no insights.',
    );
    const draft = await createJob('base', 'PayTech Bank');
    const early = await insights(draft.id, 'chart?chart=Countries');
    expect(early.statusCode).toBe(409);
    expect(early.json<{ message: string }>().message).toMatch(/not ready yet: its status is Draft/);
  });

  it('answer 404 to users who may not see the job and 403 without the tab permission', async () => {
    const issuerUser = await t.signIn('issuer@example.com');
    expect((await insights(job.id, 'summary', issuerUser)).statusCode).toBe(404);
    await t.database.db
      .update(users)
      .set({ tabbedViewRoles: [] })
      .where(eq(users.username, 'client@example.com'));
    const noTabs = await t.signIn('client@example.com');
    expect((await insights(job.id, 'summary', noTabs)).statusCode).toBe(403);
    expect((await insights(job.id, 'chart?chart=Countries', noTabs)).statusCode).toBe(403);
    expect((await insights(job.id, 'slicers')).statusCode).toBe(200);
  });
});
