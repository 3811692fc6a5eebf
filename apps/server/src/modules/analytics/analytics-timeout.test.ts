import type { AnalyticsDatasetInfo } from '@b2b/contract';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness.js';
import { queryRows } from '../../db/transaction.js';
import { jobs } from '../jobs/job.schema.js';

// A time limit of 1 ms: any query over the 200,000 rows below runs past it.
const t = useTestApp({ ANALYTICS_QUERY_TIMEOUT_SECONDS: '0.001' });

let admin: string;

beforeAll(async () => {
  admin = await t.signIn('sysadmin@example.com');
  const issuers = (
    await t.request({ url: '/api/v1/job-artifacts/wizard/issuers', cookie: admin })
  ).json<{ id: string; name: string; buyers: { id: string }[] }[]>();
  const issuer = issuers[0]!;
  const res = await t.request({
    method: 'POST',
    url: `/api/v1/job-artifacts?type=base&issuerId=${issuer.id}&buyerId=${issuer.buyers[0]!.id}&name=Big&currency=EUR`,
    cookie: admin,
  });
  expect(res.statusCode, res.body).toBe(201);
  const jobId = res.json<{ id: string }>().id;
  await t.database.db.execute(sql`insert into job_supplier_results
      (job_id, supplier_key, supplier_name, spend, match_status, confidence, match_source)
    select ${jobId}, 'k' || g, 'Supplier ' || g, g, 'MATCHED', 'High', 'reference'
    from generate_series(1, 200000) g`);
});

describe('analytics query time limit', () => {
  it('stops a query at its time limit with a clear 408 naming the limit', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/v1/analytics/query',
      cookie: admin,
      payload: {
        definition: {
          dataset: 'suppliers',
          groupBy: ['supplierName'],
          aggregates: [{ fn: 'sum', column: 'spend' }],
          sort: [{ key: 'sum_spend', direction: 'desc' }],
        },
      },
    });
    expect(res.statusCode, res.body).toBe(408);
    expect(res.json<{ message: string; code: string }>()).toMatchObject({
      code: 'query-timeout',
      message:
        'The query was stopped at its time limit of 1 ms. Add filters or group the rows to make it smaller.',
    });
  });

  it('leaves the database answering after a query is stopped', async () => {
    const [row] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from ${jobs}`,
    );
    expect(row!.n).toBeGreaterThanOrEqual(1);
    const res = await t.request({ url: '/api/v1/analytics/datasets', cookie: admin });
    expect(res.json<AnalyticsDatasetInfo[]>()).toHaveLength(6);
  });
});
