import { execSync } from 'node:child_process';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { BandChartSchema, ChartKindSchema, SLICERS } from '@b2b/contract';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { openDatabase } from '../apps/server/src/db/client.js';
import { runMigrations } from '../apps/server/src/db/migrate.js';
import { seedDemoData } from '../apps/server/src/seed/seed.js';
import { percentile, summarize } from './stats.js';

/**
 * Global insights on a real PostgreSQL (goal: any insights call ≤ 100 ms p95): the summary,
 * chart and organizations calls summed across BENCH_JOBS (30) completed jobs with insights, in
 * one currency at a time (the default one, or EUR when asked), through the real app with a signed-in session — once as a user who sees every job
 * (ptcojobmanager, AllBuyers_VIEW) and once as an issuer member (the visibility rule in SQL).
 *
 * The jobs' insight bars are generated, not computed by the pipeline: about 50,000 bars a job,
 * the shape the Aggregate step stores (every grouping for 17 slicer values × 9 products, fewer
 * buckets in the per-product slices). DATABASE_URL names a dedicated database (default
 * postgres://postgres@127.0.0.1:5432/b2b_bench_global_insights), created and filled once.
 */
const url =
  process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/b2b_bench_global_insights';
const JOBS = Number(process.env.BENCH_JOBS ?? 30);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const password = 'Bench-Password-1';

await createDatabaseIfMissing(url);
const database = await openDatabase({ databaseUrl: url });
await runMigrations(database);
await seedDemoData(database.db, { password });
const config = loadConfig({
  ...process.env,
  NODE_ENV: 'test',
  CHECK_RESPONSES: 'false', // what production runs: responses written once, not checked again
  LOG_LEVEL: 'silent',
  DATABASE_URL: url,
  DEMO_SEED: 'false',
  DEMO_JOBS: 'false',
  WORKERS: '0',
});
const app = await buildApp({ ...config, loginMaxFailures: 1_000_000 }, database);
await app.ready();

async function rows<T>(statement: ReturnType<typeof sql>): Promise<T[]> {
  return ((await database.db.execute(statement)) as unknown as { rows: T[] }).rows;
}

/** Groupings and their bucket counts in the 'All suppliers' slices (a quarter per product). */
const GROUPINGS: [string, number][] = [
  ['Totals', 1],
  ['MatchConfidence', 4],
  ['Bands', 8],
  ['Countries', 30],
  ['Jobs', 1],
  ['DocTransactionFrequencies', 5],
  ['PaymentMethods', 6],
  ['PaymentMethodCount', 4],
  ['InvoicePaymentTerms', 6],
  ['IndustriesMccDescription', 200],
  ['IndustriesMccGroup', 20],
  ['IndustriesMccType', 10],
  ['IndustriesSicDivision', 10],
  ['IndustriesSicMajorGroup', 80],
  ['IndustriesSicIndustryGroup', 150],
  ['IndustriesSicIndustry', 300],
  ['IndustriesUnspsc', 50],
  ['IndustriesNaics', 20],
];
const SLICES = (Object.keys(SLICERS) as (keyof typeof SLICERS)[]).flatMap((slicer) =>
  slicer === 'Overall' ? [[slicer, 'All']] : SLICERS[slicer].map((v) => [slicer, v]),
);
const PRODUCTS = [
  'All',
  'Optima',
  'Stp',
  'Vcard',
  'Pcard',
  'TandEcard',
  'Scf',
  'InstantPay',
  'Boost',
];

let started = performance.now();
const [{ n: existing } = { n: 0 }] = await rows<{ n: number }>(
  sql`select count(*)::int as n from jobs where name like 'Bench global %'`,
);
// A database filled before jobs had to be published to reach plain members.
await database.db.execute(
  sql`update jobs set is_published = true where name like 'Bench global %' and not is_published`,
);
if (existing < JOBS) {
  const [owner] = await rows<{ id: string }>(
    sql`select id from users where username = 'ptcojobmanager@example.com'`,
  );
  // Jobs spread over the demo issuers' buyers, in two currencies; published, so the issuer's
  // plain members see them too (SPEC §3 job connections).
  await database.db.execute(sql`
    insert into jobs (type, issuer_id, buyer_id, owner_id, name, currency, status, analysis_date,
      supplier_count, completed_at, is_published)
    select 'base', b.issuer_id, b.id, ${owner!.id}::uuid,
      'Bench global ' || lpad(i::text, 4, '0'), (array['GBP','EUR'])[1 + i % 2], 'Completed',
      current_date, 20000, now(), true
    from generate_series(${existing + 1}::int, ${JOBS}::int) as i
    cross join lateral (
      select id, issuer_id from buyers order by id offset (i % (select count(*) from buyers)) limit 1
    ) b`);
  const values = (list: string[][]) =>
    sql.raw(
      list.map((r) => `(${r.map((v) => `'${v.replace(/'/g, "''")}'`).join(', ')})`).join(', '),
    );
  await database.db.execute(sql`
    insert into job_insights (job_id, bar_count, unavailable)
    select id, 0, '{"IndustriesNaics": "This job''s data has no NAICS codes."}'::jsonb
    from jobs j where name like 'Bench global %'
      and not exists (select 1 from job_insights i where i.job_id = j.id)`);
  await database.db.execute(sql`
    insert into job_insight_bars (job_id, grouping, slicer, slicer_value, product, bucket, label,
      sort_key, suppliers, spend, pos, invoices, payments, avg_terms_days, avg_days_to_pay)
    select j.id, g.grouping, s.slicer, s.value, p.product,
      case when g.grouping = 'Totals' then 'All' when g.grouping = 'Jobs' then j.id::text
        else g.grouping || '-' || b end,
      case when g.grouping = 'Jobs' then j.name else g.grouping || ' ' || b end,
      case when g.grouping in ('Bands', 'MatchConfidence', 'InvoicePaymentTerms') then b end,
      1 + (hashtext(j.id::text || b) & 255), (1 + (hashtext(b || j.id::text) & 65535)) * 10.5,
      b % 7, 3 + b % 11, 5 + b % 13, 20 + b % 60, 25 + b % 70
    from jobs j
    cross join (values ${values(SLICES)}) s(slicer, value)
    cross join (values ${values(PRODUCTS.map((p) => [p]))}) p(product)
    cross join (values ${values(GROUPINGS.map(([g, n]) => [g, String(n)]))}) g(grouping, n)
    cross join lateral generate_series(1,
      case when p.product = 'All' then g.n::int else greatest(1, g.n::int / 4) end) b
    where j.name like 'Bench global %'
      and not exists (select 1 from job_insight_bars x where x.job_id = j.id)
    on conflict do nothing`);
  await database.db.execute(sql`vacuum analyze job_insight_bars`);
  await database.db.execute(sql`vacuum analyze jobs`);
  await database.db.execute(sql`vacuum analyze job_insights`);
}
const [{ bars } = { bars: 0 }] = await rows<{ bars: number }>(
  sql`select count(*)::int as bars from job_insight_bars b join jobs j on j.id = b.job_id
      where j.name like 'Bench global %'`,
);
const [{ version } = { version: '?' }] = await rows<{ version: string }>(
  sql`select current_setting('server_version') as version`,
);
console.log(
  `database: PostgreSQL ${version}, ${os.cpus().length} cores; ${JOBS} jobs, ${bars.toLocaleString('en-GB')} insight bars (set-up ${((performance.now() - started) / 1000).toFixed(1)} s)`,
);

async function signIn(username: string) {
  const login = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: { 'x-csrf-protection': '1' },
    payload: { username, password },
  });
  if (login.statusCode !== 200) throw new Error(`Sign-in failed: ${login.body}`);
  return `b2b_session=${login.cookies.find((c) => c.name === 'b2b_session')!.value}`;
}

async function time(
  label: string,
  cookie: string,
  requests: { url: string; method?: 'GET' | 'POST'; payload?: object }[],
) {
  const durations: number[] = [];
  for (const r of requests) {
    started = performance.now();
    const res = await app.inject({
      method: r.method ?? 'GET',
      url: r.url,
      headers: { cookie, 'x-csrf-protection': '1' },
      payload: r.payload,
    });
    durations.push(performance.now() - started);
    if (res.statusCode !== 200) throw new Error(`${r.url}: ${res.statusCode} ${res.body}`);
  }
  console.log(summarize(label, durations));
  return durations;
}

const repeat = <T>(n: number, make: (i: number) => T) =>
  Array.from({ length: n }, (_, i) => make(i));
const base = '/api/v1/global-insights';
const slices = [
  'slicer=Overall&slicerValue=All&product=All',
  'slicer=Card%20Accepting&slicerValue=MATCHED&product=All',
  'slicer=Card%20Capability&slicerValue=Unmatched&product=Vcard',
  'slicer=Detail%20Level&slicerValue=3&product=Optima',
];
const charts = [...ChartKindSchema.options, ...BandChartSchema.options];
const benchJobs = await rows<{ id: string; issuer_id: string }>(
  sql`select id, issuer_id from jobs where name like 'Bench global %' order by name`,
);
const issuerId = benchJobs[0]!.issuer_id;
const filters = [
  '',
  `&issuerIds=${issuerId}`,
  `&jobIds=${benchJobs
    .slice(0, 5)
    .map((j) => j.id)
    .join(',')}`,
  // The jobs are half in GBP, half in EUR: the default currency, or one asked for by name.
  '&currency=EUR',
];

const all: number[] = [];
for (const [who, username] of [
  ['sees all jobs', 'ptcojobmanager@example.com'],
  ['issuer member', 'issuer@example.com'],
] as const) {
  const cookie = await signIn(username);
  await time(
    `warm-up, ${who} (not counted)`,
    cookie,
    repeat(20, (i) => ({ url: `${base}/chart?chart=${charts[i % charts.length]}` })),
  );
  all.push(
    ...(await time(
      `GET …/summary (${who})`,
      cookie,
      repeat(REQUESTS / 2, (i) => ({
        url: `${base}/summary?${slices[i % slices.length]}${filters[i % filters.length]}`,
      })),
    )),
    ...(await time(
      `GET …/chart (${who})`,
      cookie,
      repeat(REQUESTS * 2, (i) => ({
        url: `${base}/chart?chart=${charts[i % charts.length]}&${slices[Math.floor(i / charts.length) % slices.length]}${filters[i % filters.length]}`,
      })),
    )),
    ...(await time(
      `POST …/organizations (${who})`,
      cookie,
      repeat(REQUESTS / 2, (i) => ({
        url: `${base}/organizations`,
        method: 'POST',
        payload: {
          pageNumber: 1 + (i % 3),
          pageSize: 25,
          orderBy: ['spend desc', 'buyerName', 'cardAcceptingPercent desc'][i % 3],
          ...(i % 4 === 0 ? { issuerIds: [issuerId] } : {}),
          ...(i % 4 === 2 ? { currency: 'EUR' } : {}),
          filters:
            i % 2
              ? [{ propertyName: 'suppliers', comparisonOperator: 'GreaterThan', value: 100 }]
              : [],
        },
      })),
    )),
    ...(await time(
      `GET …/slicers + filter-options (${who})`,
      cookie,
      repeat(REQUESTS / 2, (i) => ({
        url:
          i % 2
            ? `${base}/slicers${filters[i % filters.length]!.replace('&', '?')}`
            : `${base}/filter-options`,
      })),
    )),
  );
}
console.log(summarize('any global insights call', all));
console.log(
  `goal: any global insights call p95 ≤ 100 ms: ${percentile(all, 95) <= 100 ? 'met' : 'NOT met'}`,
);
console.log(`uptime: ${execSync('uptime').toString().trim()}`);
await app.close();
await database.close();

async function createDatabaseIfMissing(target: string): Promise<void> {
  const name = new URL(target).pathname.slice(1);
  const admin = new URL(target);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  const exists = await client.query('select 1 from pg_database where datname = $1', [name]);
  if (exists.rowCount === 0) await client.query(`create database "${name.replace(/"/g, '')}"`);
  await client.end();
}
