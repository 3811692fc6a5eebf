import type {
  InsightChartData,
  JobDetails,
  JobSummary,
  SupplierResult,
  SupplierResultDetail,
} from '@b2b/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { useJobsTestApp } from '../../../test/jobs-test-app.js';

const { t, pipeline, base, signedIn } = useJobsTestApp('job-money');

let admin: string;
let job: JobDetails;

/** Amounts with pennies, in a yen job: every answer must give whole yen. */
const CSV = [
  'Supplier Name,Annual Spend,Payment Method',
  'Acme Trading Ltd,1234.56,BACS',
  'Beta Widgets plc,99.49,Cheque',
  'Gamma Supplies Ltd,10.5,BACS',
].join('\n');

beforeAll(async () => {
  ({ admin } = signedIn());
  job = await pipeline.completedJob({
    cookie: admin,
    issuerName: 'PayTech Bank',
    name: 'Yen job',
    currency: 'JPY',
    csv: `${CSV}\n`,
  });
}, 240_000);

describe('money in the answers of a yen job', () => {
  it('gives whole yen for the job totals, the supplier list and a supplier', async () => {
    const detail = (
      await t.request({ url: `${base}/${job.id}`, cookie: admin })
    ).json<JobDetails>();
    // 1234.56 + 99.49 + 10.5 = 1344.55 → 1345
    expect(detail.summary?.spend).toBe(1345);
    expect(detail.summary?.annualSpend).toBe(1345);

    const list = await t.request({
      method: 'POST',
      url: `${base}/${job.id}/suppliers`,
      cookie: admin,
      payload: { pageSize: 10, orderBy: 'annualSpend desc' },
    });
    expect(list.statusCode, list.body).toBe(200);
    const suppliers = list.json<{ collection: SupplierResult[] }>().collection;
    expect(suppliers.map((s) => [s.supplierName, s.spend, s.annualSpend])).toEqual([
      ['Acme Trading Ltd', 1235, 1235],
      ['Beta Widgets plc', 99, 99],
      ['Gamma Supplies Ltd', 11, 11],
    ]);
    const one = await t.request({
      url: `${base}/${job.id}/suppliers/${encodeURIComponent(suppliers[0]!.supplierKey)}`,
      cookie: admin,
    });
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json<SupplierResultDetail>().annualSpend).toBe(1235);
  });

  it('gives whole yen in the summary tiles, averages, match outcome and chart bars', async () => {
    const summary = (
      await t.request({ url: `${base}/${job.id}/insights/summary`, cookie: admin })
    ).json<JobSummary>();
    expect(summary.currency).toBe('JPY');
    expect(summary.tiles.spend).toBe(1345);
    const amounts = [
      ...summary.matchOutcome.map((m) => m.spend),
      ...summary.confidence.map((c) => c.spend),
      ...summary.spendByProduct.map((p) => p.spend),
      ...summary.cardAcceptance.matched.map((a) => a.spend),
    ];
    expect(amounts.every(Number.isInteger)).toBe(true);
    expect(summary.matchOutcome.reduce((n, m) => n + m.spend, 0)).toBeCloseTo(1345, -1);

    const average = (
      await t.request({
        url: `${base}/${job.id}/insights/chart?chart=SuppliersAverage`,
        cookie: admin,
      })
    ).json<InsightChartData>();
    expect(average.bars.length).toBeGreaterThan(0);
    for (const bar of average.bars) {
      expect(Number.isInteger(bar.spend)).toBe(true);
      expect(Number.isInteger(bar.value)).toBe(true);
    }
  });
});
