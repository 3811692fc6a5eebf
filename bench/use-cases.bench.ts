import os from 'node:os';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { USE_CASE_TEMPLATES, type UseCaseList } from '@b2b/contract';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { openDatabase } from '../apps/server/src/db/client.js';
import { runMigrations } from '../apps/server/src/db/migrate.js';
import { seedDemoData } from '../apps/server/src/seed/seed.js';
import {
  createJobResultsRepo,
  supplierRuleCondition,
  listedSuppliersScope,
} from '../apps/server/src/modules/jobs/job-results.repo.js';
import { supplierNameKey } from '../apps/server/src/db/supplier-name-key.js';
import { plainFilterFields } from '../apps/server/src/db/paged-query.js';
import { summarize } from './stats.js';

/**
 * Use cases on a real PostgreSQL (goal: the use case list with its counts ≤ 100 ms p95 for a
 * 100,000-supplier job): a Completed job whose supplier results are generated (BENCH_SUPPLIERS,
 * 100,000) with every shipped template as a use case, through the real app with a signed-in
 * session: the list with its stored figures, and the first list after a new results version
 * (which computes and stores them). Also times one use case's figures, a page of its suppliers, and the campaign
 * selection (selectSuppliers) over the union of all of them, and the figures again with an
 * exclude list of 1,000 names. DATABASE_URL names a dedicated
 * database (default postgres://postgres@127.0.0.1:5432/b2b_bench_use_cases), filled once.
 */
const url = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/b2b_bench_use_cases';
const SUPPLIERS = Number(process.env.BENCH_SUPPLIERS ?? 100_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 100);
const password = 'Bench-Password-1';
const JOB_NAME = `Bench use cases ${SUPPLIERS}`;

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

let started = performance.now();
let [job] = await rows<{ id: string }>(sql`select id from jobs where name = ${JOB_NAME}`);
if (!job) {
  const [owner] = await rows<{ id: string }>(
    sql`select id from users where username = 'ptcojobmanager@example.com'`,
  );
  [job] = await rows<{ id: string }>(sql`
    insert into jobs (type, issuer_id, buyer_id, owner_id, name, currency, status, analysis_date,
      supplier_count, completed_at, is_published)
    select 'base', b.issuer_id, b.id, ${owner!.id}::uuid, ${JOB_NAME}, 'GBP', 'Completed',
      current_date, ${SUPPLIERS}, now(), true
    from buyers b order by b.id limit 1
    returning id`);
  // Spread like a buyer's AP file: most suppliers small, a few large; two in five matched.
  await database.db.execute(sql`
    insert into job_supplier_results (job_id, supplier_key, supplier_name, country, spend,
      annual_spend, payment_count, main_payment_method, match_status, confidence, match_source,
      mcc, optima_score, optima_level, stp_score, stp_level, vcard_score, vcard_level,
      pcard_score, tande_card_score, scf_score, instant_pay_score, boost_score,
      card_accepting, vc_accepting, detail_level, stp_capable, card_capability)
    select ${job!.id}::uuid, 'K' || i, 'Supplier ' || i, (array['GBR','FRA','DEU','USA'])[1 + i % 4],
      s.spend, s.spend, 1 + i % 40,
      (array['Cheque','ACH','Wire','Card','DirectDebit','Unknown'])[1 + i % 6],
      case when m then 'MATCHED' else 'UNMATCHED' end,
      case when not m then 'None' else (array['High','Medium','Low'])[1 + i % 3] end,
      'computed', case when m then (array['5111','3001','7011','5812','4814'])[1 + i % 5] end,
      i % 101, (array['High','Medium','Low','None'])[1 + i % 4], (i * 7) % 101, 'Medium',
      (i * 13) % 101, 'Medium', (i * 17) % 101, (i * 19) % 101, (i * 23) % 101, (i * 29) % 101,
      (i * 31) % 101,
      case when m then 'MATCHED' else 'UNMATCHED' end,
      case when not m then 'UNMATCHED' when i % 2 = 0 then 'YES' else 'NO' end,
      case when m then '2' else 'none' end, case when m and i % 3 = 0 then 'TRUE' else 'FALSE' end,
      case when m then 'Card Acceptor' else 'Unmatched' end
    from generate_series(1, ${SUPPLIERS}::int) as i
    cross join lateral (select i % 5 < 2 as m, round((1000000 / (1 + i % 997))::numeric, 2)::float8 as spend) s`);
  await database.db.execute(sql`analyze job_supplier_results`);
}
const jobId = job!.id;
console.log(
  `setup (${SUPPLIERS.toLocaleString()} suppliers): ${(performance.now() - started).toFixed(0)} ms`,
);

const login = await app.inject({
  method: 'POST',
  url: '/api/auth/login',
  headers: { 'x-csrf-protection': '1' },
  payload: { username: 'ptcojobmanager@example.com', password },
});
if (login.statusCode !== 200) throw new Error(`Sign-in failed: ${login.body}`);
const cookie = `b2b_session=${login.cookies.find((c) => c.name === 'b2b_session')!.value}`;
const headers = { cookie, 'x-csrf-protection': '1' };
const base = `/api/v1/job-artifacts/${jobId}/use-cases`;

const listed = await app.inject({ url: base, headers });
if (listed.statusCode !== 200) throw new Error(`List failed: ${listed.body}`);
if (listed.json<UseCaseList>().useCases.length < USE_CASE_TEMPLATES.length) {
  for (const { key, ...template } of USE_CASE_TEMPLATES) {
    const res = await app.inject({
      method: 'POST',
      url: base,
      headers,
      payload: { ...template, templateKey: key },
    });
    if (res.statusCode !== 201) throw new Error(`Create failed: ${res.body}`);
  }
}

async function time(label: string, call: () => Promise<{ statusCode: number; body: string }>) {
  const durations: number[] = [];
  for (let i = 0; i < 5; i++) await call(); // warm the plans and caches
  for (let i = 0; i < REQUESTS; i++) {
    const t0 = performance.now();
    const res = await call();
    durations.push(performance.now() - t0);
    if (res.statusCode !== 200) throw new Error(`${label}: ${res.statusCode} ${res.body}`);
  }
  console.log(summarize(label, durations));
}

const { useCases } = (await app.inject({ url: base, headers })).json<UseCaseList>();
console.log(
  `use cases: ${useCases.length}; suppliers per use case: ${useCases.map((u) => u.figures.suppliers).join(', ')}`,
);
await time(`list (${useCases.length} use cases), figures stored`, () =>
  app.inject({ url: base, headers }),
);
// The first list after a run that rewrote the results (a new results version: here its
// completion time moved on) computes every use case's figures in one scan and stores them;
// the list right after it is a read again.
const afterRun: number[] = [];
const nextRead: number[] = [];
for (let i = 0; i < 10; i++) {
  await database.db.execute(
    sql`update jobs set completed_at = completed_at + interval '1 millisecond' where id = ${jobId}`,
  );
  let t0 = performance.now();
  if ((await app.inject({ url: base, headers })).statusCode !== 200) throw new Error('list');
  afterRun.push(performance.now() - t0);
  t0 = performance.now();
  if ((await app.inject({ url: base, headers })).statusCode !== 200) throw new Error('list');
  nextRead.push(performance.now() - t0);
}
console.log(summarize('list, first after a new version', afterRun));
console.log(summarize('list, the one after it', nextRead));
// What a run does since 2026-11-28: its last ProQ step stores the figures once the job is
// Completed (storeFiguresAfterRun, timed here as that step runs it), so the first list after
// the run is a read too.
const stepStore: number[] = [];
const firstAfterStep: number[] = [];
for (let i = 0; i < 10; i++) {
  await database.db.execute(
    sql`update jobs set completed_at = completed_at + interval '1 millisecond' where id = ${jobId}`,
  );
  let t0 = performance.now();
  await app.ctx.services.useCases.storeFiguresAfterRun(jobId);
  stepStore.push(performance.now() - t0);
  t0 = performance.now();
  if ((await app.inject({ url: base, headers })).statusCode !== 200) throw new Error('list');
  firstAfterStep.push(performance.now() - t0);
}
console.log(summarize("the run's last step storing them", stepStore));
console.log(summarize('list, first after a run that stored them', firstAfterStep));
// What computing them costs without the app: the one aggregate query over the job's rows,
// as ruleReader.figures sends it.
const repo = createJobResultsRepo(database.db);
const conditions = useCases.map((u) => supplierRuleCondition(u.rule.filters, plainFilterFields));
await time(`list figures uncached (${useCases.length} rules, SQL)`, async () => {
  await repo.segmentFigures(jobId, conditions);
  return { statusCode: 200, body: '' };
});
// The same with the issuer's exclude list of 1,000 names (SPEC §3 hasSupplierExcludeList):
// each row's name key is computed in SQL and looked up in the list.
const excluded = Array.from({ length: 1000 }, (_, i) =>
  supplierNameKey(`SUPPLIER ${i * 97 + 1} Ltd.`),
);
let t0 = performance.now();
const named = await repo.suppliersNamedByLists(jobId, { include: [], exclude: excluded });
console.log(
  `suppliers the 1,000-name exclude list names: ${named.excluded.length} in ${(performance.now() - t0).toFixed(0)} ms (once per results version and lists)`,
);
const scope = listedSuppliersScope(named);
await time(
  `list figures uncached, with them left out (${useCases.length} rules, SQL)`,
  async () => {
    await repo.segmentFigures(jobId, conditions, scope);
    return { statusCode: 200, body: '' };
  },
);
const biggest = [...useCases].sort((a, b) => b.figures.suppliers - a.figures.suppliers)[0]!;
await time('one use case', () => app.inject({ url: `${base}/${biggest.id}`, headers }));
await time('suppliers page (25, by spend)', () =>
  app.inject({
    method: 'POST',
    url: `${base}/${biggest.id}/suppliers`,
    headers,
    payload: { pageSize: 25, orderBy: 'annualSpend desc' },
  }),
);

// The campaigns' selection over every use case: a supplier once, first use case first.
const session = await app.ctx.services.auth.resolveSession(cookie.split('=')[1]);
if (session.kind !== 'valid') throw new Error('no session');
started = performance.now();
const selected = await app.ctx.services.useCases.selectSuppliers(
  session.actor,
  jobId,
  useCases.map((u) => u.id),
);
console.log(
  `selectSuppliers (${useCases.length} use cases): ${selected.length.toLocaleString()} suppliers in ${(performance.now() - started).toFixed(0)} ms`,
);
// Through the app with the issuer's exclude list stored: the first page names the listed
// suppliers (one scan), later pages reuse them.
await database.db.execute(sql`
  insert into issuer_supplier_list_entries (issuer_id, list, name_key, name)
  select j.issuer_id, 'exclude', k.key, k.key from jobs j, unnest(${sql.param(excluded)}::text[]) as k(key)
  where j.id = ${jobId} on conflict do nothing`);
t0 = performance.now();
const first = await app.inject({
  method: 'POST',
  url: `${base}/${biggest.id}/suppliers`,
  headers,
  payload: { pageSize: 25, orderBy: 'annualSpend desc' },
});
if (first.statusCode !== 200) throw new Error(first.body);
console.log(
  `suppliers page, first with the exclude list: ${(performance.now() - t0).toFixed(0)} ms`,
);
await time('suppliers page (25, by spend), exclude list stored', () =>
  app.inject({
    method: 'POST',
    url: `${base}/${biggest.id}/suppliers`,
    headers,
    payload: { pageSize: 25, orderBy: 'annualSpend desc' },
  }),
);
await database.db.execute(
  sql`delete from issuer_supplier_list_entries where issuer_id = (select issuer_id from jobs where id = ${jobId})`,
);
console.log(`machine: ${os.cpus().length} cores, ${os.cpus()[0]?.model ?? ''}`);

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
