import { type ChildProcess, spawn } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { openDatabase } from '../apps/server/src/db/client.js';
import { runMigrations } from '../apps/server/src/db/migrate.js';
import { seedDemoData } from '../apps/server/src/seed/seed.js';
import { percentile } from './stats.js';
import { recreateDatabase } from './bench-server.js';

/**
 * Campaigns on a real PostgreSQL (issue: campaign workflows, figures):
 * 1. a campaign over BENCH_SUPPLIERS (50,000) suppliers created through the service —
 *    selection from a use case, every exclusion, the tracker rows — timed BENCH_RUNS times;
 * 2. BENCH_MAILS (10,000) e-mails delivered to an SMTP server in this process by 2 worker
 *    processes: once undisturbed (mails per second), once with a worker killed (SIGKILL)
 *    mid-run, counting what the server received per recipient by Message-ID: lost (none
 *    arrived), duplicated (two different Message-IDs, which a receiver cannot drop) and resent
 *    copies of a Message-ID already received (a step whose worker died after the server's 250
 *    but before recording it; a receiver drops them).
 *
 * DATABASE_URL names a dedicated database (default postgres://postgres@127.0.0.1:5432/b2b_bench_campaigns),
 * dropped and created afresh: a campaign left running by an earlier run would send into this one.
 */
const url = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/b2b_bench_campaigns';
const SUPPLIERS = Number(process.env.BENCH_SUPPLIERS ?? 50_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const MAILS = Number(process.env.BENCH_MAILS ?? 10_000);
const password = 'Bench-Password-1';
const PRODUCTS = ['Vcard', 'Pcard', 'TandEcard', 'Stp', 'Scf', 'InstantPay', 'Boost'] as const;

await recreateDatabase(url);
const database = await openDatabase({ databaseUrl: url });
await runMigrations(database);
await seedDemoData(database.db, { password });
const config = loadConfig({
  ...process.env,
  DATABASE_URL: url,
  NODE_ENV: 'test',
  CHECK_RESPONSES: 'false',
  LOG_LEVEL: 'silent',
  DEMO_SEED: 'false',
  WORKERS: '0',
});
const app = await buildApp({ ...config, loginMaxFailures: 1_000_000 }, database);
await app.ready();
const { services } = app.ctx;
const { db } = database;
const rows = async <T>(statement: ReturnType<typeof sql>) =>
  ((await db.execute(statement)) as unknown as { rows: T[] }).rows;

const login = await app.inject({
  method: 'POST',
  url: '/api/auth/login',
  headers: { 'x-csrf-protection': '1' },
  payload: { username: 'sysadmin@example.com', password },
});
const token = login.cookies.find((c) => c.name === 'b2b_session')!.value;
const session = await services.auth.resolveSession(token);
if (session.kind !== 'valid') throw new Error('bench sign-in failed');
const actor = session.actor;

/** A Completed job of `n` suppliers, 90 % with a contact e-mail, straight into the results. */
async function jobWithSuppliers(n: number, name: string): Promise<string> {
  const [owner] = await rows<{ issuer_id: string; buyer_id: string }>(
    sql`select b.issuer_id, b.id as buyer_id from buyers b join issuers i on i.id = b.issuer_id
        where i.name like 'PayTech%' order by b.name limit 1`,
  );
  const [job] = await rows<{ id: string }>(sql`
    insert into jobs (name, type, status, issuer_id, buyer_id, owner_id, currency, analysis_date)
    values (${name}, 'base', 'Completed', ${owner!.issuer_id}, ${owner!.buyer_id}, ${actor.userId}, 'GBP', current_date)
    returning id`);
  await db.execute(sql`
    insert into job_supplier_results (job_id, supplier_key, supplier_name, spend, annual_spend,
      match_status, confidence, match_source, contact_email, contact_name)
    select ${job!.id}::uuid, 'S' || lpad(g::text, 6, '0'), 'Supplier ' || g, 1000 + g, 1000 + g,
      'MATCHED', 'High', 'computed',
      case when g % 10 <> 0 then 's' || g || '@bench.example' end, 'Contact ' || g
    from generate_series(1, ${n}) g`);
  await db.execute(sql`analyze job_supplier_results`);
  return job!.id;
}

async function useCase(jobId: string, product: string): Promise<string> {
  const created = await services.useCases.create(actor, jobId, {
    name: `Everyone ${product}`,
    description: '',
    cardProduct: product as (typeof PRODUCTS)[number],
    recommendedAction: '',
    rule: { filters: [] },
    templateKey: null,
  });
  return created.id;
}

console.log(
  `database: ${database.kind}, ${os.cpus().length} cores, load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);

// 1. Creating a campaign over SUPPLIERS suppliers.
const bigJob = await jobWithSuppliers(SUPPLIERS, `Bench campaigns ${Date.now()}`);
// 1 % of them marked strategic by the buyer, so the exclusions have work to do.
await db.execute(sql`insert into job_supplier_exclusions (job_id, supplier_key, reason)
  select ${bigJob}::uuid, 'S' || lpad(g::text, 6, '0'), 'Strategic' from generate_series(1, ${SUPPLIERS}, 100) g`);
const createMs: number[] = [];
const selectMs: number[] = [];
let last: { total: number; excluded: Record<string, number> } | undefined;
for (let run = 0; run < RUNS; run++) {
  const product = PRODUCTS[run % PRODUCTS.length]!;
  const useCaseId = await useCase(bigJob, product);
  let started = performance.now();
  await services.useCases.selectSuppliers(actor, bigJob, [useCaseId]);
  selectMs.push(performance.now() - started);
  started = performance.now();
  const campaign = await services.campaigns.campaigns.create(actor, bigJob, {
    name: `Bench ${run}`,
    route: 'Buyer',
    cardProduct: product,
    language: 'en',
    useCaseIds: [useCaseId],
    declinePeriodDays: 180,
  });
  createMs.push(performance.now() - started);
  last = { total: campaign.counters.total, excluded: campaign.exclusionsByReason };
}
console.log(
  `create a campaign over ${SUPPLIERS} suppliers (selection + exclusions + tracker rows), ${RUNS} runs: ` +
    `p50=${percentile(createMs, 50).toFixed(0)} ms max=${Math.max(...createMs).toFixed(0)} ms ` +
    `(of which the use-case selection alone p50=${percentile(selectMs, 50).toFixed(0)} ms); ` +
    `last: ${last!.total} tracked, exclusions ${JSON.stringify(last!.excluded)}`,
);

// 2. Outreach: MAILS e-mails with 2 worker processes.
/** Per recipient, how many messages of each Message-ID arrived. */
const received = new Map<string, Map<string, number>>();
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  maxClients: 100,
  onData(stream, session, callback) {
    let head = '';
    stream.on('data', (chunk: Buffer) => {
      if (!head.includes('\r\n\r\n')) head += chunk.toString('utf8');
    });
    stream.on('end', () => {
      const messageId = /^Message-ID:\s*(<[^>]+>)/im.exec(head)?.[1] ?? '(none)';
      for (const r of session.envelope.rcptTo) {
        const ids = received.get(r.address) ?? new Map<string, number>();
        ids.set(messageId, (ids.get(messageId) ?? 0) + 1);
        received.set(r.address, ids);
      }
      callback();
    });
  },
});
// A killed worker's connections end in a reset: expected here, not a failure of the server.
smtp.on('error', () => {});
await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
const smtpUrl = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;

function startWorker(): Promise<ChildProcess> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', new URL('./campaigns-worker.ts', import.meta.url).pathname],
    {
      env: { ...process.env, DATABASE_URL: url, SMTP_URL: smtpUrl },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (d: Buffer) => d.toString().includes('ready') && resolve(child));
    child.once('exit', (code) => reject(new Error(`worker exited ${code}`)));
  });
}

async function outreachRun(label: string, prefix: string, killAfter: number | null) {
  received.clear();
  const jobId = await jobWithSuppliers(MAILS, `Bench outreach ${label} ${Date.now()}`);
  await db.execute(
    sql`update job_supplier_results set contact_email = ${prefix} || lower(supplier_key) || '@bench.example' where job_id = ${jobId}`,
  );
  const useCaseId = await useCase(jobId, 'Vcard');
  const campaign = await services.campaigns.campaigns.create(actor, jobId, {
    name: `Outreach ${label}`,
    route: 'Issuer',
    cardProduct: 'Vcard',
    language: 'en',
    useCaseIds: [useCaseId],
    declinePeriodDays: 180,
  });
  const workers = await Promise.all([startWorker(), startWorker()]);
  const started = performance.now();
  await services.campaigns.campaigns.start(actor, campaign.id);
  let killedAt: number | null = null;
  let atKill = 0;
  const expected = Array.from(
    { length: MAILS },
    (_, i) => `${prefix}s${String(i + 1).padStart(6, '0')}@bench.example`,
  );
  let lastCheck = performance.now();
  const delivered = () => expected.filter((a) => received.has(a)).length;
  for (;;) {
    const unique = delivered();
    if (killAfter !== null && killedAt === null && unique >= killAfter) {
      workers[0]!.kill('SIGKILL');
      killedAt = performance.now() - started;
      atKill = unique;
    }
    if (unique >= MAILS) break;
    // Or every step is recorded as sent or failed: what did not arrive by now never will.
    if (performance.now() - lastCheck > 1000) {
      lastCheck = performance.now();
      const [open] = await rows<{ n: number }>(
        sql`select count(*)::int as n from campaign_suppliers where campaign_id = ${campaign.id} and next_step = 0 and status = 'Active'`,
      );
      if (open!.n === 0) break;
    }
    if (performance.now() - started > 300_000) break;
    await new Promise((r) => setTimeout(r, 20));
  }
  const seconds = (performance.now() - started) / 1000;
  // Let a worker that is still sending anything twice do so before counting.
  await new Promise((r) => setTimeout(r, 5000));
  for (const w of workers) w.kill('SIGKILL');
  const lost = expected.filter((a) => !received.has(a)).length;
  const duplicated = expected.filter((a) => (received.get(a)?.size ?? 0) > 1).length;
  const copies = [...received.values()].flatMap((ids) => [...ids.values()]);
  const messages = copies.reduce((a, b) => a + b, 0);
  const resentCopies = messages - copies.length;
  const [sends] = await rows<{ sent: number }>(
    sql`select count(*) filter (where state = 'sent')::int as sent from campaign_sends where campaign_id = ${campaign.id}`,
  );
  console.log(
    `${label}: ${MAILS} e-mails with 2 worker processes in ${seconds.toFixed(2)} s = ${Math.round(MAILS / seconds)} mails/s` +
      (killedAt !== null
        ? `; worker 1 killed (SIGKILL) at ${(killedAt / 1000).toFixed(2)} s after ${atKill} delivered`
        : '') +
      `; SMTP server received ${messages} messages for ${received.size} recipients: lost ${lost}, duplicated ${duplicated}` +
      ` (by Message-ID; ${resentCopies} resent copies of a Message-ID already received); sends marked sent ${sends!.sent}`,
  );
}

await outreachRun('undisturbed', 'a', null);
await outreachRun('worker killed mid-run', 'b', Math.floor(MAILS / 3));

await new Promise<void>((resolve) => smtp.close(() => resolve()));
await app.close();
await database.close();
process.exit(0);
