import type { JobDetails } from '@b2b/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, expect } from 'vitest';
import { jobInsightBars, jobInsights } from '../src/modules/insights/insight.schema.js';
import { jobs } from '../src/modules/jobs/job.schema.js';
import type { TestApp } from './harness.js';

const jobsBase = '/api/v1/job-artifacts';

type Ids = { issuerId: string; buyerId: string };

/**
 * Two EUR jobs at Mastercard (A, C: two buyers; C's one match of unknown card acceptance) and one GBP job at PayTech (B), whose spend is
 * larger than C's, with their insights stored as the pipeline's Aggregate step would (the bars
 * are what global insights add up), plus a PayTech draft without any: every figure of the
 * global insights tests tells which jobs were added up.
 */
export function globalInsightsJobs(t: TestApp) {
  const s = {} as {
    admin: string;
    mastercard: Ids;
    mastercardOther: Ids;
    paytech: Ids;
    jobA: JobDetails;
    jobB: JobDetails;
    jobC: JobDetails;
    draft: JobDetails;
  };

  async function createJob(issuerName: string, name: string, currency: string, buyer = 0) {
    const issuers = (await t.request({ url: `${jobsBase}/wizard/issuers`, cookie: s.admin })).json<
      { id: string; name: string; buyers: { id: string }[] }[]
    >();
    const issuer = issuers.find((i) => i.name === issuerName)!;
    const res = await t.request({
      method: 'POST',
      url: `${jobsBase}?type=base&issuerId=${issuer.id}&buyerId=${issuer.buyers[buyer]!.id}&name=${encodeURIComponent(name)}&currency=${currency}`,
      cookie: s.admin,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<JobDetails>();
  }

  type Figures = {
    suppliers: number;
    spend: number;
    pos?: number;
    invoices?: number;
    payments?: number;
    avgTermsDays?: number | null;
  };

  /**
   * Stores a job's insights as the pipeline's Aggregate step would (the bars are what global
   * insights add up), so the sums are known exactly without running the pipeline.
   */
  async function storeInsights(
    job: JobDetails,
    bars: { grouping: string; slicer?: string; value?: string; bucket: string; f: Figures }[],
    unavailable: Record<string, string>,
  ) {
    const { db } = t.database;
    await db
      .update(jobs)
      .set({ status: 'Completed', completedAt: new Date() })
      .where(eq(jobs.id, job.id));
    await db.insert(jobInsights).values({ jobId: job.id, barCount: bars.length, unavailable });
    await db.insert(jobInsightBars).values(
      bars.map((b) => ({
        jobId: job.id,
        grouping: b.grouping,
        slicer: b.slicer ?? 'Overall',
        slicerValue: b.value ?? 'All',
        product: 'All',
        bucket: b.bucket,
        label: b.grouping === 'Jobs' ? job.name : b.bucket,
        sortKey: null,
        suppliers: b.f.suppliers,
        spend: b.f.spend,
        pos: b.f.pos ?? 0,
        invoices: b.f.invoices ?? 0,
        payments: b.f.payments ?? 0,
        avgTermsDays: b.f.avgTermsDays ?? null,
        avgDaysToPay: null,
      })),
    );
  }

  beforeAll(async () => {
    s.admin = await t.signIn('sysadmin@example.com');
    s.jobA = await createJob('Mastercard Issuing Demo', 'Global A', 'EUR');
    s.jobB = await createJob('PayTech Bank', 'Global B', 'GBP');
    s.jobC = await createJob('Mastercard Issuing Demo', 'Global C', 'eur', 1);
    s.draft = await createJob('PayTech Bank', 'Global draft', 'GBP');
    s.mastercard = { issuerId: s.jobA.issuerId, buyerId: s.jobA.buyerId };
    s.mastercardOther = { issuerId: s.jobC.issuerId, buyerId: s.jobC.buyerId };
    s.paytech = { issuerId: s.jobB.issuerId, buyerId: s.jobB.buyerId };
    await storeInsights(
      s.jobA,
      [
        {
          grouping: 'Totals',
          bucket: 'All',
          f: { suppliers: 10, spend: 1000, pos: 5, invoices: 20, payments: 30 },
        },
        {
          grouping: 'Totals',
          slicer: 'Card Accepting',
          value: 'MATCHED',
          bucket: 'All',
          f: { suppliers: 6, spend: 700 },
        },
        {
          grouping: 'Totals',
          slicer: 'Card Accepting',
          value: 'UNMATCHED',
          bucket: 'All',
          f: { suppliers: 4, spend: 300 },
        },
        {
          grouping: 'Countries',
          bucket: 'GBR',
          f: { suppliers: 6, spend: 600, invoices: 10, avgTermsDays: 30 },
        },
        { grouping: 'Countries', bucket: 'DEU', f: { suppliers: 4, spend: 400, invoices: 10 } },
        { grouping: 'MatchStatus', bucket: 'MATCHED', f: { suppliers: 6, spend: 700 } },
        { grouping: 'MatchStatus', bucket: 'UNMATCHED', f: { suppliers: 4, spend: 300 } },
        { grouping: 'CardAcceptance', bucket: 'YES', f: { suppliers: 5, spend: 600 } },
        { grouping: 'CardAcceptance', bucket: 'NO', f: { suppliers: 1, spend: 100 } },
        { grouping: 'CardAcceptance', bucket: 'Unclassified', f: { suppliers: 4, spend: 300 } },
        { grouping: 'Jobs', bucket: s.jobA.id, f: { suppliers: 10, spend: 1000 } },
        { grouping: 'IndustriesNaics', bucket: 'Unclassified', f: { suppliers: 10, spend: 1000 } },
      ],
      {
        IndustriesNaics: "This job's data has no NAICS codes.",
        IndustriesSicDivision: "This job's data has no SIC codes.",
      },
    );
    await storeInsights(
      s.jobC,
      [
        {
          grouping: 'Totals',
          bucket: 'All',
          f: { suppliers: 5, spend: 500, pos: 1, invoices: 10, payments: 10 },
        },
        {
          grouping: 'Totals',
          slicer: 'Card Accepting',
          value: 'MATCHED',
          bucket: 'All',
          f: { suppliers: 1, spend: 100 },
        },
        {
          grouping: 'Totals',
          slicer: 'Card Accepting',
          value: 'UNMATCHED',
          bucket: 'All',
          f: { suppliers: 4, spend: 400 },
        },
        {
          grouping: 'Countries',
          bucket: 'GBR',
          f: { suppliers: 5, spend: 500, invoices: 30, avgTermsDays: 60 },
        },
        { grouping: 'MatchStatus', bucket: 'MATCHED', f: { suppliers: 1, spend: 100 } },
        { grouping: 'MatchStatus', bucket: 'UNMATCHED', f: { suppliers: 4, spend: 400 } },
        { grouping: 'CardAcceptance', bucket: 'UNKNOWN', f: { suppliers: 1, spend: 100 } },
        { grouping: 'CardAcceptance', bucket: 'Unclassified', f: { suppliers: 4, spend: 400 } },
        { grouping: 'Jobs', bucket: s.jobC.id, f: { suppliers: 5, spend: 500 } },
      ],
      { IndustriesNaics: "This job's data has no NAICS codes." },
    );
    await storeInsights(
      s.jobB,
      [
        {
          grouping: 'Totals',
          bucket: 'All',
          f: { suppliers: 3, spend: 600, pos: 1, invoices: 3, payments: 3 },
        },
        {
          grouping: 'Totals',
          slicer: 'Card Accepting',
          value: 'MATCHED',
          bucket: 'All',
          f: { suppliers: 3, spend: 600 },
        },
        {
          grouping: 'Countries',
          bucket: 'GBR',
          f: { suppliers: 3, spend: 600, invoices: 3, avgTermsDays: 10 },
        },
        { grouping: 'MatchStatus', bucket: 'MATCHED', f: { suppliers: 3, spend: 600 } },
        { grouping: 'CardAcceptance', bucket: 'YES', f: { suppliers: 3, spend: 600 } },
        { grouping: 'Jobs', bucket: s.jobB.id, f: { suppliers: 3, spend: 600 } },
      ],
      {},
    );
  });
  return s;
}
