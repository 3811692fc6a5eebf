import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { InsightChartData, JobDetails, JobSummary } from '@b2b/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness.js';
import { jobPipeline } from '../../../test/job-pipeline.js';
import { PROQ_TEST_ENV, workerPool } from '../../../test/proq-kit.js';
import { users } from '../users/user.schema.js';
import { jobInsightBars } from './insight.schema.js';

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
    // Five merchants that do not take cards: matched, they stay matched (the match outcome) but
    // count as not accepting cards (the card acceptance breakdown).
    (source) =>
      `(SELECT merchant_name, postcode, country FROM ${source} WHERE accepts_card ORDER BY merchant_id LIMIT 35)
       UNION ALL
       (SELECT merchant_name, postcode, country FROM ${source} WHERE NOT accepts_card ORDER BY merchant_id LIMIT 5)`,
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
    expect(summary.unavailableCharts).toEqual(
      expect.arrayContaining([
        { chart: 'IndustriesNaics', reason: "This job's data has no NAICS codes." },
      ]),
    );
  });

  it('counts the match outcome by match status and card acceptance apart, as the suppliers show', async () => {
    const summary = (await insights(job.id, 'summary')).json<JobSummary>();
    const list = await t.request({
      method: 'POST',
      url: `${jobsBase}/${job.id}/suppliers`,
      cookie: admin,
      payload: { pageSize: 100 },
    });
    expect(list.statusCode, list.body).toBe(200);
    const rows = list.json<{
      collection: { matchStatus: string; acceptsCard: boolean | null; annualSpend: number }[];
    }>().collection;
    expect(rows).toHaveLength(50);
    const figures = (keep: (r: (typeof rows)[number]) => boolean) => {
      const kept = rows.filter(keep);
      return {
        suppliers: kept.length,
        spend: Math.round(kept.reduce((n, r) => n + r.annualSpend, 0) * 100) / 100,
      };
    };
    const matched = (r: (typeof rows)[number]) => r.matchStatus === 'MATCHED';
    expect(summary.matchOutcome).toEqual([
      { status: 'MATCHED', ...figures(matched) },
      { status: 'UNMATCHED', ...figures((r) => !matched(r)) },
    ]);
    const yes = figures((r) => matched(r) && r.acceptsCard === true);
    const no = figures((r) => matched(r) && r.acceptsCard === false);
    expect(summary.cardAcceptance.matched).toEqual([
      { acceptsCard: 'YES', ...yes },
      { acceptsCard: 'NO', ...no },
      { acceptsCard: 'UNKNOWN', ...figures((r) => matched(r) && r.acceptsCard === null) },
    ]);
    // The merchants that take no cards are matched like the others.
    expect(no.suppliers).toBeGreaterThan(0);
    expect(summary.cardAcceptance.supplierPercent).toBe(
      Math.round((yes.suppliers / 50) * 1000) / 10,
    );
    expect(summary.cardAcceptance.spendPercent).toBe(
      Math.round((yes.spend / summary.tiles.spend) * 1000) / 10,
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

  it('refuse to answer zeros from insights stored before match status was counted apart', async () => {
    await t.database.db
      .delete(jobInsightBars)
      .where(and(eq(jobInsightBars.jobId, job.id), eq(jobInsightBars.grouping, 'MatchStatus')));
    try {
      const stale = await insights(job.id, 'summary');
      expect(stale.statusCode).toBe(409);
      expect(stale.json<{ message: string }>().message).toMatch(/retry its Aggregate step/);
    } finally {
      await t.app.ctx.services.insights.computeForJob(job);
    }
    expect((await insights(job.id, 'summary')).statusCode).toBe(200);
  });

  it('say why there are none for a Matched Data Only job or a job still being set up', async () => {
    const mdo = await createJob('matched-data-only', 'PayTech Bank');
    for (const what of ['summary', 'chart?chart=Countries']) {
      const res = await insights(mdo.id, what);
      expect(res.statusCode, what).toBe(409);
      expect(res.json<{ message: string }>().message).toBe(
        'Matched Data Only jobs are matched only: they have no scores and no insights.',
      );
    }
    const draft = await createJob('base', 'PayTech Bank');
    const early = await insights(draft.id, 'chart?chart=Countries');
    expect(early.statusCode).toBe(409);
    expect(early.json<{ message: string }>().message).toMatch(/not ready yet: its status is Draft/);
  });

  it('answer 404 to users who may not see the job and 403 without the tab permission', async () => {
    const issuerUser = await t.signIn('issuer@example.com');
    expect((await insights(job.id, 'summary', issuerUser)).statusCode).toBe(404);
    const chart = await insights(job.id, 'chart?chart=Countries', issuerUser);
    expect(chart.statusCode).toBe(404);
    expect(chart.json<{ message: string }>().message).toBe('No such job.');
    await t.database.db
      .update(users)
      .set({ tabbedViewRoles: [] })
      .where(eq(users.username, 'client@example.com'));
    const noTabs = await t.signIn('client@example.com');
    expect((await insights(job.id, 'summary', noTabs)).statusCode).toBe(403);
    expect((await insights(job.id, 'chart?chart=Countries', noTabs)).statusCode).toBe(403);
    expect((await insights(job.id, 'slicers')).statusCode).toBe(200);
  });

  it('answer the charts only with the insights permission of the issuer base', async () => {
    // The tab's accessor role without a standard role: the tab permission but no Insights_VIEW.
    await t.database.db
      .update(users)
      .set({
        standardRoles: [],
        tabbedViewRoles: ['JobSummaryAccessor', 'JobInsightsAccessor'],
        explicitPermissions: ['JobRead'],
      })
      .where(eq(users.username, 'issuerplus@example.com'));
    const tabOnly = await t.signIn('issuerplus@example.com');
    expect((await insights(job.id, 'chart?chart=Countries', tabOnly)).statusCode).toBe(403);
    expect((await insights(job.id, 'slicers', tabOnly)).statusCode).toBe(403);
  });
});
