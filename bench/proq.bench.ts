import os from 'node:os';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { type DatabaseHandle, openDatabase } from '../apps/server/src/db/client.js';
import { runMigrations } from '../apps/server/src/db/migrate.js';
import { seedDemoData } from '../apps/server/src/seed/seed.js';
import { createProqWorker } from '../apps/server/src/modules/proq/proq-worker.js';
import { percentile, summarize } from './stats.js';

/**
 * ProQ on a real PostgreSQL (docs/proq.md, "Benchmark"):
 * 1. enqueue 100,000 no-op commands, drain them with 2 workers (each its own connection pool,
 *    like two processes): commands per second, p50/p99 claim latency;
 * 2. with 1,000,000 commands in the table, the monitoring calls through the API: p95.
 *
 * DATABASE_URL names a dedicated database (default postgres://postgres@127.0.0.1:5432/b2b_bench_proq);
 * it is created when missing and its ProQ tables are emptied first.
 * BENCH_COMMANDS (100000), BENCH_TOTAL_ROWS (1000000), BENCH_WORKER_CONCURRENCY (50) tune it.
 */
const url = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/b2b_bench_proq';
const COMMANDS = Number(process.env.BENCH_COMMANDS ?? 100_000);
const TOTAL_ROWS = Number(process.env.BENCH_TOTAL_ROWS ?? 1_000_000);
const CONCURRENCY = Number(process.env.BENCH_WORKER_CONCURRENCY ?? 50);
const password = 'Bench-Password-1';

await createDatabaseIfMissing(url);
const config = loadConfig({
  ...process.env,
  DATABASE_URL: url,
  NODE_ENV: 'test',
  CHECK_RESPONSES: 'false', // what production runs: responses written once, not checked again
  LOG_LEVEL: 'silent',
  DEMO_SEED: 'false',
  WORKERS: '0',
});
const database = await openDatabase({ databaseUrl: url });
await runMigrations(database);
await seedDemoData(database.db, { password });
await database.db.execute(
  sql`truncate proq_commands, proq_command_count_deltas, proq_job_logs, proq_workers, proq_pauses`,
);
const app = await buildApp({ ...config, loginMaxFailures: 1_000_000 }, database);
await app.ready();
const { proq } = app.ctx.services;
proq.registry.register({ commandType: 'Bench.Noop', run: async () => undefined });

// 1. Enqueue and drain.
let started = performance.now();
for (let i = 0; i < COMMANDS; i += 5000) {
  await proq.enqueue(
    Array.from({ length: Math.min(5000, COMMANDS - i) }, () => ({ commandType: 'Bench.Noop' })),
  );
}
const enqueueSeconds = (performance.now() - started) / 1000;

const claims: number[] = [];
let claimedTotal = 0;
const pools: DatabaseHandle[] = [];
const workers = [];
for (let i = 0; i < 2; i++) {
  const handle = await openDatabase({ databaseUrl: url });
  pools.push(handle);
  workers.push(
    createProqWorker({
      db: handle.db,
      proq,
      registry: proq.registry,
      config: config.proq,
      log: app.log as FastifyBaseLogger,
      concurrency: CONCURRENCY,
      commandTypes: ['Bench.Noop'],
      onClaim: (ms, n) => {
        if (n > 0) {
          claims.push(ms);
          claimedTotal += n;
        }
      },
    }),
  );
}
const loadBefore = os
  .loadavg()
  .map((l) => l.toFixed(1))
  .join(' ');
started = performance.now();
await Promise.all(workers.map((w) => w.start()));
for (;;) {
  const { queueCounts } = await proq.getMonitoringData();
  if (queueCounts.queuedCompletedCommandsCount >= COMMANDS) break;
  await new Promise((r) => setTimeout(r, 100));
}
const drainSeconds = (performance.now() - started) / 1000;
await Promise.all(workers.map((w) => w.stop(1000)));
await Promise.all(pools.map((p) => p.close()));

console.log(
  `database: ${database.kind} (PostgreSQL ${await serverVersion(database)}), ${os.cpus().length} cores, load average before the drain ${loadBefore}`,
);
console.log(
  `enqueue ${COMMANDS} commands: ${enqueueSeconds.toFixed(2)} s = ${Math.round(COMMANDS / enqueueSeconds)} commands/s`,
);
console.log(
  `drain ${COMMANDS} no-op commands with 2 workers × ${CONCURRENCY} slots: ${drainSeconds.toFixed(2)} s = ${Math.round(COMMANDS / drainSeconds)} commands/s`,
);
console.log(
  `${summarize('claim (one transaction per batch)', claims)}  mean batch=${(claimedTotal / claims.length).toFixed(1)}`,
);
console.log(
  `claim latency p50=${percentile(claims, 50).toFixed(2)} ms p99=${percentile(claims, 99).toFixed(2)} ms`,
);

// 2. Monitoring calls with TOTAL_ROWS commands in the table.
started = performance.now();
const extra = TOTAL_ROWS - COMMANDS;
for (let done = 0; done < extra; done += 100_000) {
  const n = Math.min(100_000, extra - done);
  await database.db.execute(sql`
    insert into proq_commands (command_type, state, payload, queued_date, started_date,
      completed_date, message, attempts, tags)
    select 'Bench.Type' || (i % 20),
      case when i % 100 = 0 then 'Error' when i % 100 = 1 then 'Pending'
           when i % 100 = 2 then 'Blocked' else 'Completed' end,
      jsonb_build_object('n', i), now() - make_interval(secs => i), now() - make_interval(secs => i),
      case when i % 100 in (1, 2) then null else now() - make_interval(secs => i) end,
      case when i % 100 = 0 then 'Failed after 5 attempts: bench' else 'done' end,
      1, array['bench']
    from generate_series(${done + 1}::int, ${done + n}::int) as i`);
}
await proq.compactCounts();
await database.db.execute(sql`vacuum analyze proq_commands`);
const [{ n: total } = { n: 0 }] = (
  (await database.db.execute(sql`select count(*)::int as n from proq_commands`)) as unknown as {
    rows: { n: number }[];
  }
).rows;
console.log(
  `filled the table to ${total} commands in ${((performance.now() - started) / 1000).toFixed(1)} s`,
);

const login = await app.inject({
  method: 'POST',
  url: '/api/auth/login',
  headers: { 'x-csrf-protection': '1' },
  payload: { username: 'sysadmin@example.com', password },
});
const cookie = `b2b_session=${login.cookies.find((c) => c.name === 'b2b_session')!.value}`;
const calls: [string, string, unknown?][] = [
  ['GET', '/api/v1/proq/get-proqmonitoring-data'],
  ['GET', '/api/v1/proq/queued-commands-count'],
  ['GET', '/api/v1/proq/proq-status-details'],
  ['GET', '/api/v1/proq/proq-commands-info'],
  ['GET', '/api/v1/proq/get-proq-backoff-strategy-data'],
  ['GET', '/api/v1/proq/queued-commands-quick-view'],
  ['POST', '/api/v1/proq/queued-commands', { pageSize: 25 }],
  ['POST', '/api/v1/proq/error-commands', { pageSize: 25 }],
  ['POST', '/api/v1/proq/completed-commands', { pageSize: 25 }],
  ['POST', '/api/v1/proq/completed-commands', { pageSize: 25, pageNumber: 40 }],
  [
    'POST',
    '/api/v1/proq/error-commands',
    {
      filters: {
        filterItems: [
          {
            propertyName: 'commandType',
            itemComparisonOperator: 'Equal',
            itemValue: 'Bench.Type0',
          },
        ],
      },
    },
  ],
];
let worstP95 = 0;
for (const [method, path, payload] of calls) {
  const times: number[] = [];
  for (let i = 0; i < 220; i++) {
    const t0 = performance.now();
    const res = await app.inject({
      method: method as 'GET',
      url: path,
      headers: { cookie, 'x-csrf-protection': '1' },
      ...(payload ? { payload: payload as object } : {}),
    });
    if (res.statusCode !== 200) throw new Error(`${path}: ${res.statusCode} ${res.body}`);
    if (i >= 20) times.push(performance.now() - t0);
  }
  const label = `${method} ${path.replace('/api/v1/proq/', '')}${payload ? ' ' + JSON.stringify(payload).slice(0, 40) : ''}`;
  console.log(summarize(label, times));
  worstP95 = Math.max(worstP95, percentile(times, 95));
}
console.log(
  `monitoring calls with ${total} commands: worst p95 = ${worstP95.toFixed(2)} ms (goal ≤ 50 ms)`,
);

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

async function serverVersion(handle: DatabaseHandle): Promise<string> {
  const result = (await handle.db.execute(sql`show server_version`)) as unknown as {
    rows: { server_version: string }[];
  };
  return result.rows[0]?.server_version ?? '?';
}
