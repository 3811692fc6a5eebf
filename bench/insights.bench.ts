import { performance } from 'node:perf_hooks';
import { BandChartSchema, ChartKindSchema } from '@b2b/contract';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { openDatabase } from '../apps/server/src/db/client.js';
import { runMigrations } from '../apps/server/src/db/migrate.js';
import { summarize } from './stats.js';

/**
 * Insights and supplier-list calls on the pipeline benchmark's job (issue 7: any insights call
 * ≤ 100 ms p95, a filtered supplier page ≤ 100 ms p95, on real PostgreSQL), through the real app
 * with a signed-in session. Reads the database `npm run bench -- pipeline` leaves behind
 * (DATABASE_URL, default the local b2b_bench_pipeline database) and measures its biggest
 * completed job: run the pipeline benchmark first.
 */
const databaseUrl =
  process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/b2b_bench_pipeline';
const password = 'Bench-Password-1';
const database = await openDatabase({ databaseUrl });
await runMigrations(database);
const config = loadConfig({
  ...process.env,
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  DATABASE_URL: databaseUrl,
  DEMO_SEED: 'false',
  DEMO_JOBS: 'false',
  WORKERS: '0',
});
const app = await buildApp({ ...config, loginMaxFailures: 1_000_000 }, database);
await app.ready();

async function rows<T>(statement: ReturnType<typeof sql>): Promise<T[]> {
  return ((await database.db.execute(statement)) as unknown as { rows: T[] }).rows;
}

const [job] = await rows<{ id: string; name: string; supplier_count: number; bars: number }>(
  sql`select j.id, j.name, j.supplier_count, i.bar_count as bars
        from jobs j join job_insights i on i.job_id = j.id
        where j.status = 'Completed' order by j.supplier_count desc nulls last limit 1`,
);
if (!job) {
  console.log(
    `No completed job with insights in ${databaseUrl.replace(/:[^:@/]*@/, ':***@')}: run \`npm run bench -- pipeline\` first.`,
  );
  process.exit(1);
}
const [{ n: supplierRows } = { n: 0 }] = await rows<{ n: number }>(
  sql`select count(*)::int as n from job_supplier_results where job_id = ${job.id}`,
);

const login = await app.inject({
  method: 'POST',
  url: '/api/auth/login',
  headers: { 'x-csrf-protection': '1' },
  payload: { username: 'ptcojobmanager@example.com', password },
});
if (login.statusCode !== 200) throw new Error(`Sign-in failed: ${login.body}`);
const cookie = `b2b_session=${login.cookies.find((c) => c.name === 'b2b_session')!.value}`;
const base = `/api/v1/job-artifacts/${job.id}`;

async function time(
  label: string,
  requests: { url: string; method?: 'GET' | 'POST'; payload?: object }[],
) {
  const durations: number[] = [];
  for (const r of requests) {
    const start = performance.now();
    const res = await app.inject({
      method: r.method ?? 'GET',
      url: r.url,
      headers: { cookie, 'x-csrf-protection': '1' },
      payload: r.payload,
    });
    durations.push(performance.now() - start);
    if (res.statusCode !== 200) throw new Error(`${r.url}: ${res.statusCode} ${res.body}`);
  }
  console.log(summarize(label, durations));
  return durations;
}

const repeat = <T>(n: number, make: (i: number) => T) =>
  Array.from({ length: n }, (_, i) => make(i));
const slices = [
  'slicer=Overall&slicerValue=All&product=All',
  'slicer=Card%20Accepting&slicerValue=MATCHED&product=All',
  'slicer=Card%20Capability&slicerValue=Unmatched&product=Vcard',
  'slicer=Detail%20Level&slicerValue=3&product=Optima',
];
const charts = [...ChartKindSchema.options, ...BandChartSchema.options];

console.log(
  `job: ${job.name} — ${supplierRows.toLocaleString('en-GB')} suppliers, ${Number(job.bars).toLocaleString('en-GB')} insight bars; database: ${database.kind}`,
);
// Warm-up: the first calls pay for connection set-up and plan caching.
await time(
  'warm-up (not counted)',
  repeat(20, (i) => ({ url: `${base}/insights/chart?chart=${charts[i % charts.length]}` })),
);
const all = [
  ...(await time(
    'GET …/insights/summary',
    repeat(200, (i) => ({ url: `${base}/insights/summary?${slices[i % slices.length]}` })),
  )),
  ...(await time(
    'GET …/insights/chart (20 charts × 4 slices)',
    repeat(800, (i) => ({
      url: `${base}/insights/chart?chart=${charts[i % charts.length]}&${slices[Math.floor(i / charts.length) % slices.length]}`,
    })),
  )),
  ...(await time(
    'GET …/insights/slicers',
    repeat(200, () => ({ url: `${base}/insights/slicers` })),
  )),
];
console.log(summarize('any insights call', all));
const supplierPages = await time(
  'POST …/suppliers (filtered, sorted page)',
  repeat(200, (i) => ({
    url: `${base}/suppliers`,
    method: 'POST',
    payload: {
      pageNumber: 1 + (i % 5),
      pageSize: 25,
      orderBy: i % 2 ? 'spend desc' : 'supplierName',
      filters: [
        {
          propertyName: 'matchStatus',
          comparisonOperator: 'Equal',
          value: i % 3 ? 'MATCHED' : 'UNMATCHED',
        },
        { propertyName: 'spend', comparisonOperator: 'GreaterThanOrEqual', value: 1000 * (i % 4) },
      ],
    },
  })),
);
const p95 = (d: number[]) => [...d].sort((a, b) => a - b)[Math.ceil(d.length * 0.95) - 1]!;
console.log(
  `goals: any insights call p95 ≤ 100 ms: ${p95(all) <= 100 ? 'met' : 'NOT met'}; filtered supplier page p95 ≤ 100 ms: ${p95(supplierPages) <= 100 ? 'met' : 'NOT met'}`,
);
await app.close();
await database.close();
