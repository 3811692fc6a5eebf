import type {
  GlobalFilterOptions,
  GlobalOrganization,
  GlobalSummary,
  InsightChartData,
  JobDetails,
  PagedResponse,
} from '@b2b/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { globalInsightsJobs } from '../../../test/global-insights-jobs.js';
import { useTestApp } from '../../../test/harness.js';
import { jobs } from '../jobs/job.schema.js';

const t = useTestApp();
const base = '/api/v1/global-insights';
const fixture = globalInsightsJobs(t);

let admin: string;
let mastercard: { issuerId: string; buyerId: string };
let mastercardOther: { issuerId: string; buyerId: string };
let paytech: { issuerId: string; buyerId: string };
let jobA: JobDetails;
let jobB: JobDetails;
let jobC: JobDetails;
let draft: JobDetails;

beforeAll(() => {
  ({ admin, mastercard, mastercardOther, paytech, jobA, jobB, jobC, draft } = fixture);
});

const get = <T>(path: string, cookie = admin) =>
  t.request({ url: `${base}/${path}`, cookie }).then((res) => {
    expect(res.statusCode, res.body).toBe(200);
    return res.json<T>();
  });
const organizations = (payload: object, cookie = admin) =>
  t.request({ method: 'POST', url: `${base}/organizations`, cookie, payload });

describe('global insights', () => {
  it('add up the summary of every visible completed job with insights in the default currency', async () => {
    const summary = await get<GlobalSummary>('summary');
    expect(summary.tiles).toMatchObject({
      jobCount: 2,
      organizations: 2,
      suppliers: 15,
      spend: 1500,
      pos: 6,
      invoices: 30,
      payments: 40,
      averages: { APOV: 250, AIV: 50, APV: 37.5 },
    });
    // EUR has the most jobs (A and C); B's GBP is offered, never added.
    expect(summary.currency).toBe('EUR');
    expect(summary.currencies).toEqual([
      { currency: 'EUR', jobs: 2 },
      { currency: 'GBP', jobs: 1 },
    ]);
    expect(summary.matchOutcome).toEqual([
      { status: 'MATCHED', suppliers: 7, spend: 800 },
      { status: 'UNMATCHED', suppliers: 8, spend: 700 },
    ]);
    // Card acceptance apart: of 1,500 spend, 600 is with merchants known to accept cards.
    expect(summary.cardAcceptance).toEqual({
      spendPercent: 40,
      supplierPercent: 33.3,
      matched: [
        { acceptsCard: 'YES', suppliers: 5, spend: 600 },
        { acceptsCard: 'NO', suppliers: 1, spend: 100 },
        { acceptsCard: 'UNKNOWN', suppliers: 1, spend: 100 },
      ],
    });
    // Unavailable only when every selected job lacks the data.
    expect(summary.unavailableCharts).toEqual([
      { chart: 'IndustriesNaics', reason: "None of the selected jobs' data has NAICS codes." },
    ]);
  });

  it('sum each chart bar across jobs, weighting averages, with one bar per job for By Job', async () => {
    const countries = await get<InsightChartData>('chart?chart=Countries');
    expect(countries.available).toBe(true);
    expect(countries.bars.map((b) => [b.key, b.suppliers, b.spend])).toEqual([
      ['GBR', 11, 1100],
      ['DEU', 4, 400],
    ]);
    // Terms weighted by invoices: (30 × 10 + 60 × 30) / 40.
    expect(countries.bars[0]!.avgTermsDays).toBe(52.5);
    expect(countries.bars[1]!.avgTermsDays).toBeNull();

    const byJob = await get<InsightChartData>('chart?chart=Jobs');
    expect(byJob.bars.map((b) => [b.key, b.label, b.spend])).toEqual([
      [jobA.id, 'Global A', 1000],
      [jobC.id, 'Global C', 500],
    ]);

    const naics = await get<InsightChartData>('chart?chart=IndustriesNaics');
    expect(naics).toMatchObject({
      available: false,
      reason: "None of the selected jobs' data has NAICS codes.",
      bars: [],
    });
    // Job C has SIC codes, so the chart stays available across both.
    const sic = await get<InsightChartData>('chart?chart=IndustriesSicDivision');
    expect(sic.available).toBe(true);
    // Only job A lacks SIC codes: narrowed to it, the chart says why.
    const sicOfA = await get<InsightChartData>(
      `chart?chart=IndustriesSicDivision&jobIds=${jobA.id}`,
    );
    expect(sicOfA.reason).toBe("None of the selected jobs' data has SIC codes.");
  });

  it('narrow by issuer, buyer and job', async () => {
    const tiles = async (query: string) => (await get<GlobalSummary>(`summary?${query}`)).tiles;
    expect(await tiles(`issuerIds=${paytech.issuerId}`)).toMatchObject({
      jobCount: 1,
      spend: 600,
    });
    expect(await tiles(`buyerIds=${mastercard.buyerId}`)).toMatchObject({
      jobCount: 1,
      spend: 1000,
    });
    expect(await tiles(`jobIds=${jobA.id},${jobC.id}`)).toMatchObject({
      jobCount: 2,
      spend: 1500,
    });
    expect(await tiles(`jobIds=${jobA.id}&jobIds=${jobC.id}`)).toMatchObject({ jobCount: 2 });
    // Filters combine: PayTech's issuer and job A's id select nothing.
    expect(await tiles(`issuerIds=${paytech.issuerId}&jobIds=${jobA.id}`)).toMatchObject({
      jobCount: 0,
      organizations: 0,
      suppliers: 0,
      spend: 0,
    });
    const chart = await get<InsightChartData>(`chart?chart=Countries&buyerIds=${paytech.buyerId}`);
    expect(chart.bars.map((b) => [b.key, b.spend])).toEqual([['GBR', 600]]);
  });

  it('never add amounts in different currencies: one currency per call, chosen or by default', async () => {
    // Every call narrows to the default (EUR: A and C) without being told.
    const byJob = await get<InsightChartData>('chart?chart=Jobs');
    expect(byJob.bars.map((b) => b.key)).toEqual([jobA.id, jobC.id]);
    const orgs = (await organizations({})).json<PagedResponse<GlobalOrganization>>();
    expect(orgs.collection.map((o) => [o.buyerId, o.currency])).toEqual([
      [mastercard.buyerId, 'EUR'],
      [mastercardOther.buyerId, 'EUR'],
    ]);

    // Asked for GBP (in any case): job B alone, in every call.
    for (const currency of ['GBP', 'gbp']) {
      const gbp = await get<GlobalSummary>(`summary?currency=${currency}`);
      expect(gbp.currency).toBe('GBP');
      expect(gbp.tiles).toMatchObject({ jobCount: 1, organizations: 1, suppliers: 3, spend: 600 });
      expect(gbp.matchOutcome).toEqual([
        { status: 'MATCHED', suppliers: 3, spend: 600 },
        { status: 'UNMATCHED', suppliers: 0, spend: 0 },
      ]);
      // The choice is offered whichever currency is in effect.
      expect(gbp.currencies.map((c) => c.currency)).toEqual(['EUR', 'GBP']);
    }
    const gbpJobs = await get<InsightChartData>('chart?chart=Jobs&currency=GBP');
    expect(gbpJobs.bars.map((b) => [b.key, b.spend])).toEqual([[jobB.id, 600]]);
    const gbpCountries = await get<InsightChartData>('chart?chart=Countries&currency=GBP');
    expect(gbpCountries.bars.map((b) => [b.key, b.spend, b.avgTermsDays])).toEqual([
      ['GBR', 600, 10],
    ]);
    const slicers =
      await get<{ slicer: string; values: { value: string; spend: number }[] }[]>(
        'slicers?currency=GBP',
      );
    expect(slicers.find((s) => s.slicer === 'Card Accepting')!.values).toEqual([
      { value: 'MATCHED', suppliers: 3, spend: 600 },
    ]);
    const gbpOrgs = (await organizations({ currency: 'gbp' })).json<
      PagedResponse<GlobalOrganization>
    >();
    expect(gbpOrgs.collection.map((o) => [o.buyerId, o.spend, o.currency])).toEqual([
      [paytech.buyerId, 600, 'GBP'],
    ]);

    // Tied on jobs, the larger spend decides: B's GBP 600 over C's EUR 500.
    const tied = await get<GlobalSummary>(`summary?jobIds=${jobB.id},${jobC.id}`);
    expect(tied).toMatchObject({ currency: 'GBP', tiles: { jobCount: 1, spend: 600 } });
    const tiedOrgs = (await organizations({ jobIds: [jobB.id, jobC.id] })).json<
      PagedResponse<GlobalOrganization>
    >();
    expect(tiedOrgs.collection.map((o) => o.buyerId)).toEqual([paytech.buyerId]);

    // A currency none of the jobs has: the empty answer, in that currency.
    const usd = await get<GlobalSummary>('summary?currency=USD');
    expect(usd).toMatchObject({ currency: 'USD', tiles: { jobCount: 0, spend: 0 } });
    expect(usd.currencies.map((c) => c.currency)).toEqual(['EUR', 'GBP']);
    expect((await get<InsightChartData>('chart?chart=Jobs&currency=USD')).bars).toEqual([]);
    const usdOrgs = (await organizations({ currency: 'USD' })).json<
      PagedResponse<GlobalOrganization>
    >();
    expect(usdOrgs.totalCount).toBe(0);
  });

  it('leave out jobs without insights and list the filter options', async () => {
    const options = await get<GlobalFilterOptions>('filter-options');
    // Every currency: the filter bar is where jobs in another currency are picked.
    const ours = options.jobs.filter((j) => [jobA.id, jobB.id, jobC.id, draft.id].includes(j.id));
    expect(ours.map((j) => [j.name, j.currency])).toEqual([
      ['Global A', 'EUR'],
      ['Global B', 'GBP'],
      ['Global C', 'EUR'],
    ]);
    expect(options.issuers.map((i) => i.id)).toEqual(
      expect.arrayContaining([mastercard.issuerId, paytech.issuerId]),
    );
    expect(options.buyers.find((b) => b.id === paytech.buyerId)).toMatchObject({
      issuerName: 'PayTech Bank',
      jobCount: 1,
    });
    const slicers =
      await get<{ slicer: string; values: { value: string; suppliers: number }[] }[]>('slicers');
    expect(slicers.find((s) => s.slicer === 'Card Accepting')!.values).toEqual([
      { value: 'MATCHED', suppliers: 7, spend: 800 },
      { value: 'UNMATCHED', suppliers: 8, spend: 700 },
    ]);
  });

  it("never include another issuer's jobs for a user who may not see them", async () => {
    // issuer@example.com is a plain Member of PayTech Bank only: PayTech's jobs count once
    // published (SPEC §3, jobs.policy).
    const issuerUser = await t.signIn('issuer@example.com');
    const unpublished = await get<GlobalSummary>('summary', issuerUser);
    expect(unpublished.tiles).toMatchObject({ jobCount: 0, spend: 0 });
    await t.database.db.update(jobs).set({ isPublished: true }).where(eq(jobs.id, jobB.id));
    const summary = await get<GlobalSummary>('summary', issuerUser);
    expect(summary.tiles).toMatchObject({ jobCount: 1, spend: 600, organizations: 1 });
    // Mastercard's EUR jobs neither count towards the default nor show as a choice.
    expect(summary.currency).toBe('GBP');
    expect(summary.currencies).toEqual([{ currency: 'GBP', jobs: 1 }]);
    const asked = await get<GlobalSummary>(`summary?jobIds=${jobA.id}`, issuerUser);
    expect(asked).toMatchObject({ currency: null, currencies: [] });
    expect(asked.tiles).toMatchObject({ jobCount: 0, spend: 0 });
    const inEur = await get<GlobalSummary>('summary?currency=EUR', issuerUser);
    expect(inEur).toMatchObject({ currency: 'EUR', currencies: [{ currency: 'GBP', jobs: 1 }] });
    expect(inEur.tiles).toMatchObject({ jobCount: 0, spend: 0 });
    const eurJobs = await get<InsightChartData>('chart?chart=Jobs&currency=EUR', issuerUser);
    expect(eurJobs.bars).toEqual([]);
    const byJob = await get<InsightChartData>('chart?chart=Jobs', issuerUser);
    expect(byJob.bars.map((b) => b.key)).toEqual([jobB.id]);
    const options = await get<GlobalFilterOptions>('filter-options', issuerUser);
    expect(options.jobs.map((j) => j.id)).toEqual([jobB.id]);
    expect(options.issuers.map((i) => i.name)).toEqual(['PayTech Bank']);
    const orgs = await organizations({}, issuerUser);
    expect(
      orgs.json<PagedResponse<GlobalOrganization>>().collection.map((o) => [o.buyerId, o.currency]),
    ).toEqual([[paytech.buyerId, 'GBP']]);
  });

  it('are refused without GlobalInsightsView', async () => {
    const noAccess = await t.signIn('matcheddataonlyjobcreator@example.com');
    for (const path of ['summary', 'chart?chart=Countries', 'slicers', 'filter-options']) {
      expect((await t.request({ url: `${base}/${path}`, cookie: noAccess })).statusCode).toBe(403);
    }
    expect((await organizations({}, noAccess)).statusCode).toBe(403);
    expect((await t.request({ url: `${base}/summary` })).statusCode).toBe(401);
  });

  it('refuse malformed filters, naming the field', async () => {
    const res = await t.request({ url: `${base}/summary?issuerIds=not-an-id`, cookie: admin });
    expect(res.statusCode).toBe(400);
    const body = res.json<{ message: string; errors: { field: string; message: string }[] }>();
    expect(body.errors[0]).toMatchObject({
      field: expect.stringMatching(/^querystring\.issuerIds/),
      message: expect.stringMatching(/comma-separated list of at most 100 ids/),
    });
    const tooMany = Array.from(
      { length: 101 },
      (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    );
    const many = await t.request({
      url: `${base}/chart?chart=Jobs&jobIds=${tooMany.join(',')}`,
      cookie: admin,
    });
    expect(many.statusCode).toBe(400);
    for (const [path, currency] of [
      ['summary', 'EURO'],
      ['chart?chart=Jobs', 'E1R'],
      ['slicers', ''],
    ] as const) {
      const sep = path.includes('?') ? '&' : '?';
      const bad = await t.request({
        url: `${base}/${path}${sep}currency=${currency}`,
        cookie: admin,
      });
      expect(bad.statusCode, path).toBe(400);
      expect(bad.json<{ errors: { field: string; message: string }[] }>().errors[0]).toMatchObject({
        field: 'querystring.currency',
        message: expect.stringMatching(/3-letter currency code/),
      });
    }
    const unknown = await t.request({ url: `${base}/summary?sellerIds=x`, cookie: admin });
    expect(unknown.statusCode).toBe(400);
    const bodyIds = await organizations({ buyerIds: ['nope'] });
    expect(bodyIds.statusCode).toBe(400);
    expect(bodyIds.json<{ errors: { field: string }[] }>().errors[0]!.field).toMatch(
      /^body\.buyerIds/,
    );
    const bodyCurrency = await organizations({ currency: 'pounds' });
    expect(bodyCurrency.statusCode).toBe(400);
    expect(bodyCurrency.json<{ errors: { field: string }[] }>().errors[0]!.field).toBe(
      'body.currency',
    );
  });
});
