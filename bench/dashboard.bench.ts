import { execSync } from 'node:child_process';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { SLICERS } from '@b2b/contract';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { openDatabase } from '../apps/server/src/db/client.js';
import { runMigrations } from '../apps/server/src/db/migrate.js';
import { seedDemoData } from '../apps/server/src/seed/seed.js';
import { percentile, summarize } from './stats.js';

/**
 * The dashboard's tile calls on a large installation (issue goal: p95 ≤ 100 ms per tile call):
 * 1,000 jobs over the last year (every type and status, three currencies) with the insight bars
 * the Aggregate step stores for the completed ones, 5,000,000 supplier result rows, 1,000,000
 * ProQ commands, 100 running campaigns of 200 suppliers each, workers and people active. The
 * calls go through the real app with a signed-in session, as a sysAdmin (sees every job) and as
 * an issuer member given Dashboard_VIEW (the jobs visibility rule in SQL).
 *
 * Everything is inserted set-based (generate_series) into a database of its own, created and
 * filled once and topped up on later runs: DATABASE_URL (default
 * postgres://postgres@127.0.0.1:5432/bench_dashboard). `--suppliers=N` fills fewer supplier
 * rows for a quick run (a database filled with more keeps them).
 */
const arg = (name: string) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? undefined;
const url = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/bench_dashboard';
const JOBS = Number(arg('jobs') ?? 1000);
const SUPPLIERS = Number(arg('suppliers') ?? 5_000_000);
const COMMANDS = Number(arg('commands') ?? 1_000_000);
const REQUESTS = Number(arg('requests') ?? 200);
const password = 'Bench-Password-1';
const PREFIX = 'Bench dashboard ';

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
const count = async (statement: ReturnType<typeof sql>) =>
  (await rows<{ n: number }>(statement))[0]?.n ?? 0;
const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

let started = performance.now();

/* ---------------------------------- jobs --------------------------------- */
const existingJobs = await count(
  sql`select count(*)::int as n from jobs where name like ${PREFIX + '%'}`,
);
if (existingJobs < JOBS) {
  const [owner] = await rows<{ id: string }>(
    sql`select id from users where username = 'ptcojobmanager@example.com'`,
  );
  // Spread over the demo issuers' buyers, the three types, the last 365 days; nine in ten
  // Completed, the rest Draft, Processing or Error; three currencies; published, so plain
  // members of the issuer see them.
  await database.db.execute(sql`
    insert into jobs (type, issuer_id, buyer_id, owner_id, name, currency, status, analysis_date,
      supplier_count, completed_at, is_published, created_at, updated_at)
    select (array['base','advanced','matched-data-only'])[1 + i % 3], b.issuer_id, b.id,
      ${owner!.id}::uuid, ${PREFIX} || lpad(i::text, 5, '0'),
      (array['GBP','EUR','USD'])[1 + (i / 3) % 3],
      case when i % 10 = 1 then 'Draft' when i % 10 = 2 then 'Processing'
        when i % 20 = 3 then 'Error' else 'Completed' end,
      current_date, ${Math.round(SUPPLIERS / JOBS)}, now(), true,
      now() - (i % 365) * interval '1 day', now() - (i % 365) * interval '1 day'
    from generate_series(${existingJobs + 1}::int, ${JOBS}::int) as i
    cross join lateral (
      select id, issuer_id from buyers order by id offset (i % (select count(*) from buyers)) limit 1
    ) b`);
  await database.db.execute(sql`vacuum analyze jobs`);
}

/* ------------------------------ insight bars ----------------------------- */
// The groupings the Aggregate step stores, for every slicer value and product (fewer than a
// real job's 50,000 bars: the tiles read three bars a job, the rest is there to be skipped).
const SLICES = (Object.keys(SLICERS) as (keyof typeof SLICERS)[]).flatMap((slicer) =>
  slicer === 'Overall' ? [[slicer, 'All']] : SLICERS[slicer].map((v) => [slicer, v]),
);
const PRODUCTS = ['All', 'Optima', 'Stp', 'Vcard', 'Pcard', 'TandEcard'];
const BUCKETS: [string, string[]][] = [
  ['Totals', ['All']],
  ['MatchStatus', ['MATCHED', 'UNMATCHED']],
  ['CardAcceptance', ['YES', 'NO', 'UNKNOWN', 'Unclassified']],
  ['MatchConfidence', ['High', 'Medium', 'Low', 'None']],
  ['Countries', Array.from({ length: 10 }, (_, i) => `C${i}`)],
  ['PaymentMethods', ['Card', 'ACH', 'Wire', 'Cheque', 'Other']],
];
const values = (list: string[][]) =>
  sql.raw(list.map((r) => `(${r.map((v) => `'${v.replace(/'/g, "''")}'`).join(', ')})`).join(', '));
const withoutInsights = await count(sql`
  select count(*)::int as n from jobs j where j.name like ${PREFIX + '%'} and j.status = 'Completed'
    and not exists (select 1 from job_insights i where i.job_id = j.id)`);
if (withoutInsights > 0) {
  const phase = performance.now();
  await database.db.execute(sql`
    insert into job_insight_bars (job_id, grouping, slicer, slicer_value, product, bucket, label,
      sort_key, suppliers, spend, pos, invoices, payments, avg_terms_days, avg_days_to_pay)
    select j.id, g.grouping, s.slicer, s.value, p.product, g.bucket, g.bucket, null,
      1 + (hashtext(j.id::text || g.bucket || s.value || p.product) & 1023),
      (1 + (hashtext(g.bucket || j.id::text || p.product) & 65535)) * 10.5, 1, 2, 3, 30, 35
    from jobs j
    cross join (values ${values(SLICES)}) s(slicer, value)
    cross join (values ${values(PRODUCTS.map((p) => [p]))}) p(product)
    cross join (values ${values(BUCKETS.flatMap(([g, bs]) => bs.map((b) => [g, b])))}) g(grouping, bucket)
    where j.name like ${PREFIX + '%'} and j.status = 'Completed'
      and not exists (select 1 from job_insights i where i.job_id = j.id)
    on conflict do nothing`);
  await database.db.execute(sql`
    insert into job_insights (job_id, bar_count, unavailable)
    select id, 0, '{}'::jsonb from jobs j where j.name like ${PREFIX + '%'} and j.status = 'Completed'
      and not exists (select 1 from job_insights i where i.job_id = j.id)`);
  await database.db.execute(sql`vacuum analyze job_insight_bars`);
  await database.db.execute(sql`vacuum analyze job_insights`);
  console.log(`insight bars stored (${seconds(phase)})`);
}

/* ---------------------------- supplier results --------------------------- */
const haveSuppliers = await count(sql`
  select coalesce(sum(reltuples), 0)::bigint::int as n from pg_class
  where relname like 'job_supplier_results%' and relkind = 'r'`);
if (haveSuppliers < SUPPLIERS * 0.95) {
  const phase = performance.now();
  const perJob = Math.ceil(SUPPLIERS / JOBS);
  // The jobs still short of their rows (a quicker run may have filled fewer).
  const short = await rows<{ id: string }>(sql`
    select j.id from jobs j
    left join (select job_id, count(*) as n from job_supplier_results group by job_id) r
      on r.job_id = j.id
    where j.name like ${PREFIX + '%'} and coalesce(r.n, 0) < ${perJob}
    order by j.name`);
  // In slices of about 500,000 rows, each its own statement, into the default partition (as
  // rows of jobs loaded before results were partitioned by job).
  const jobsPerSlice = Math.max(1, Math.floor(500_000 / perJob));
  for (let from = 0; from < short.length; from += jobsPerSlice) {
    const slice = short.slice(from, from + jobsPerSlice).map((r) => r.id);
    await database.db.execute(sql`
      insert into job_supplier_results (job_id, supplier_key, supplier_name, country, spend,
        annual_spend, match_status, confidence, match_source, accepts_card, card_accepting)
      select j.id::uuid, 'S' || n, 'Supplier ' || n, (array['GBR','DEU','FRA','USA'])[1 + n % 4],
        (n % 997) * 12.5, (n % 997) * 12.5,
        case when n % 3 = 0 then 'UNMATCHED' else 'MATCHED' end,
        (array['High','Medium','Low','None'])[1 + n % 4], 'bench', n % 2 = 0,
        case when n % 3 = 0 then 'UNMATCHED' else 'MATCHED' end
      from unnest(${sql.raw(`array[${slice.map((id) => `'${id}'`).join(',')}]`)}::text[]) as j(id)
      cross join generate_series(1, ${perJob}::int) as n
      on conflict do nothing`);
    process.stdout.write('.');
  }
  await database.db.execute(sql`analyze job_supplier_results`);
  console.log(`\nsupplier rows stored (${seconds(phase)})`);
}

/* ------------------------------ ProQ commands ---------------------------- */
const haveCommands = await count(sql`
  select coalesce(sum(reltuples), 0)::bigint::int as n from pg_class
  where relname = 'proq_commands'`);
if (haveCommands < COMMANDS * 0.95) {
  const exact = await count(sql`select count(*)::int as n from proq_commands`);
  const phase = performance.now();
  // Mostly history (Completed), some failed, a queue of a few thousand: as a busy installation.
  for (let done = exact; done < COMMANDS; done += 250_000) {
    await database.db.execute(sql`
      insert into proq_commands (command_type, state, payload, queued_date, completed_date, job_id)
      select (array['Jobs.Ingest','Jobs.Match','Jobs.Score','Jobs.Aggregate'])[1 + n % 4],
        case when n % 200 = 0 then 'Pending' when n % 50 = 1 then 'Error' else 'Completed' end,
        '{}'::jsonb, now() - (n % 10000) * interval '1 minute',
        case when n % 200 = 0 then null else now() - (n % 10000) * interval '1 minute' end, null
      from generate_series(1, ${Math.min(250_000, COMMANDS - done)}::int) as n`);
    process.stdout.write('.');
  }
  await database.db.execute(sql`vacuum analyze proq_commands`);
  console.log(`\nProQ commands stored (${seconds(phase)})`);
}

/* -------------------------------- campaigns ------------------------------ */
if (
  (await count(sql`select count(*)::int as n from campaigns where name like ${PREFIX + '%'}`)) === 0
) {
  await database.db.execute(sql`
    insert into campaigns (job_id, issuer_id, name, route, card_product, language, status,
      use_case_ids, follow_up_days, close_day, decline_period_days, subject, body,
      follow_up_subject, follow_up_body, created_by_name, started_at)
    select j.id, j.issuer_id, ${PREFIX} || 'campaign ' || j.name, 'Buyer', 'Vcard', 'en',
      (array['Active','Pending','Completed'])[1 + (row_number() over (order by j.name))::int % 3],
      '{}', '{8,12}', 14, 90, 's', 'b', 's', 'b', 'bench', now()
    from jobs j where j.name like ${PREFIX + '%'} and j.status = 'Completed'
    order by j.name limit 150`);
  await database.db.execute(sql`
    insert into campaign_suppliers (campaign_id, supplier_key, supplier_name, sendable, status,
      outcome)
    select c.id, 'S' || n, 'Supplier ' || n, true,
      (array['Pending','Active','Completed','Completed'])[1 + n % 4],
      case when n % 4 = 2 then 'Succeeded' when n % 4 = 3 then 'Declined' end
    from campaigns c cross join generate_series(1, 200) as n
    where c.name like ${PREFIX + '%'}`);
  await database.db.execute(sql`vacuum analyze campaigns`);
  await database.db.execute(sql`vacuum analyze campaign_suppliers`);
}

/** Workers heart-beating and people on entities now: refreshed before every timed phase. */
async function freshPresence() {
  await database.db.execute(sql`
    insert into proq_workers (id, hostname, pid, concurrency, command_types)
    select 'bench-worker-' || n, 'bench', n, 4, '{}' from generate_series(1, 3) n
    on conflict (id) do update set heartbeat_at = now()`);
  await database.db.execute(sql`
    insert into entity_active_users (entity_type, entity_id, user_id, last_seen_at)
    select 'issuer', i.id::text, u.id, now() from users u cross join issuers i
    on conflict (entity_type, entity_id, user_id) do update set last_seen_at = now()`);
}

const [{ version } = { version: '?' }] = await rows<{ version: string }>(
  sql`select current_setting('server_version') as version`,
);
const figures = await rows<Record<string, number>>(sql`select
  (select count(*)::int from jobs where name like ${PREFIX + '%'}) as jobs,
  (select reltuples::bigint from pg_class where relname = 'job_supplier_results_default') as suppliers,
  (select reltuples::bigint from pg_class where relname = 'proq_commands') as commands,
  (select reltuples::bigint from pg_class where relname = 'job_insight_bars') as bars,
  (select count(*)::int from campaign_suppliers) as campaign_suppliers`);
const f = figures[0]!;
const n = (v: unknown) => Number(v).toLocaleString('en-GB');
console.log(
  `database: PostgreSQL ${version}, ${os.cpus().length} cores; ${n(f.jobs)} jobs, ~${n(f.suppliers)} supplier rows, ~${n(f.commands)} ProQ commands, ~${n(f.bars)} insight bars, ${n(f.campaign_suppliers)} campaign suppliers (set-up ${seconds(started)})`,
);

// The issuer member sees the dashboard with an explicit Dashboard_VIEW (no role of theirs has it).
await database.db.execute(sql`
  update users set explicit_permissions = array['Dashboard_VIEW']
  where username = 'issuer@example.com'`);

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

async function time(label: string, cookie: string, urls: string[]) {
  const durations: number[] = [];
  for (const [i, target] of urls.entries()) {
    if (i % 25 === 0) await freshPresence(); // untimed: heartbeats the tiles read
    started = performance.now();
    const res = await app.inject({ method: 'GET', url: target, headers: { cookie } });
    durations.push(performance.now() - started);
    if (res.statusCode !== 200) throw new Error(`${target}: ${res.statusCode} ${res.body}`);
  }
  console.log(summarize(label, durations));
  return durations;
}

const repeat = <T>(count: number, make: (i: number) => T) =>
  Array.from({ length: count }, (_, i) => make(i));
const base = '/api/v1/dashboard';
const TILES: [string, (i: number) => string][] = [
  ['job-activity', (i) => `${base}/job-activity?interval=${i % 2 ? 'month' : 'week'}`],
  ['jobs-now', () => `${base}/jobs-now`],
  ['analysis', (i) => `${base}/analysis${['', '?currency=EUR', '?currency=USD'][i % 3]}`],
  ['campaigns', () => `${base}/campaigns`],
  ['proq', () => `${base}/proq`],
  ['active-users', () => `${base}/active-users`],
];

const worst: [string, number][] = [];
for (const [who, username] of [
  ['sysAdmin', 'sysadmin@example.com'],
  ['issuer member', 'issuer@example.com'],
] as const) {
  const cookie = await signIn(username);
  await time(
    `warm-up, ${who} (not counted)`,
    cookie,
    repeat(30, (i) => TILES[i % TILES.length]![1](i)),
  );
  // A reference beside the tiles: the signed-in profile every page asks for (session lookup,
  // permissions, branding), so a tile's figure can be read against the machine's load.
  await time(
    `GET /api/auth/session (${who}, reference)`,
    cookie,
    repeat(REQUESTS, () => '/api/auth/session'),
  );
  for (const [tile, make] of TILES) {
    const durations = await time(`GET …/${tile} (${who})`, cookie, repeat(REQUESTS, make));
    worst.push([`${tile} (${who})`, percentile(durations, 95)]);
  }
}
const slowest = worst.sort((a, b) => b[1] - a[1])[0]!;
console.log(
  `goal: p95 ≤ 100 ms per tile call: ${slowest[1] <= 100 ? 'met' : 'NOT met'} (slowest p95: ${slowest[0]} ${slowest[1].toFixed(2)} ms)`,
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
