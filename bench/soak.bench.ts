import { type ChildProcess, spawn } from 'node:child_process';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { loadConfig } from '../apps/server/src/config.js';
import { openDatabase } from '../apps/server/src/db/client.js';
import { runMigrations } from '../apps/server/src/db/migrate.js';
import { createCommandRegistry } from '../apps/server/src/modules/proq/command-registry.js';
import { createProqService } from '../apps/server/src/modules/proq/proq.service.js';
import { createSoakTables, registerSoakHandlers } from './soak-handlers.js';

/**
 * ProQ soak (goal: every command completes, none lost, none done twice, while workers die):
 * SOAK_COMMANDS (10,000) mixed commands — quick ones, slow ones (20–300 ms) and ones that fail
 * their first attempt — drained by SOAK_WORKERS (4) worker processes of SOAK_CONCURRENCY (8)
 * slots each on one PostgreSQL, while every 2–5 s a random worker is killed with SIGKILL and a
 * new one started. At the end: commands Completed, lost (any other state, or no effect),
 * effects written twice (a command run by two workers at once), handler runs and re-runs.
 * DATABASE_URL names the database to recreate (default
 * postgres://postgres@127.0.0.1:5432/b2b_bench_soak).
 */
const databaseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/b2b_bench_soak';
const COMMANDS = Number(process.env.SOAK_COMMANDS ?? 10_000);
const WORKERS = Number(process.env.SOAK_WORKERS ?? 4);
const CONCURRENCY = Number(process.env.SOAK_CONCURRENCY ?? 8);
const TIMEOUT_S = Number(process.env.SOAK_TIMEOUT_SECONDS ?? 900);
/** Heartbeats every second: a killed worker's commands are taken back after three missed. */
const PROQ_ENV = {
  PROQ_HEARTBEAT_SECONDS: '1',
  PROQ_POLL_MAX_MS: '200',
  PROQ_BACKOFF_MIN_SECONDS: '0.1',
  PROQ_BACKOFF_MAX_SECONDS: '1',
};

const name = new URL(databaseUrl).pathname.slice(1);
const adminUrl = new URL(databaseUrl);
adminUrl.pathname = '/postgres';
const admin = new pg.Client({ connectionString: adminUrl.toString() });
await admin.connect();
await admin.query(`drop database if exists "${name}" with (force)`);
await admin.query(`create database "${name}"`);
await admin.end();

const config = loadConfig({ ...process.env, ...PROQ_ENV, DATABASE_URL: databaseUrl, WORKERS: '0' });
const database = await openDatabase({ databaseUrl });
await runMigrations(database);
await createSoakTables(database.db);
const registry = createCommandRegistry();
registerSoakHandlers(registry, database.db);
const proq = createProqService(database.db, { config: config.proq, registry, environment: 'test' });

// The mix: 60 % quick, 25 % slow, 15 % failing their first attempt.
const commands = Array.from({ length: COMMANDS }, (_, i) => {
  const r = (i * 7919) % 100;
  if (r < 60) return { commandType: 'Soak.Quick' };
  if (r < 85) return { commandType: 'Soak.Slow', payload: { ms: 20 + ((i * 31) % 280) } };
  return { commandType: 'Soak.Flaky' };
});
for (let i = 0; i < commands.length; i += 2000) await proq.enqueue(commands.slice(i, i + 2000));

const root = fileURLToPath(new URL('..', import.meta.url));
function startWorker(): ChildProcess {
  const child = spawn(
    process.execPath,
    [
      '--max-semi-space-size=64',
      '--import',
      'tsx',
      new URL('./soak-worker.ts', import.meta.url).pathname,
    ],
    {
      cwd: root,
      env: {
        ...process.env,
        ...PROQ_ENV,
        DATABASE_URL: databaseUrl,
        SOAK_CONCURRENCY: String(CONCURRENCY),
        LOG_LEVEL: 'error',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  return child;
}

const counts = async () => {
  const result = (await database.db.execute(sql`select
      (select count(*)::int from proq_commands where state = 'Completed') as completed,
      (select count(*)::int from proq_commands where state = 'Error') as failed`)) as unknown as {
    rows: { completed: number; failed: number }[];
  };
  return result.rows[0]!;
};

const started = Date.now();
const workers: ChildProcess[] = Array.from({ length: WORKERS }, startWorker);
let kills = 0;
let nextKill = Date.now() + 2000 + Math.random() * 3000;
let last = { completed: 0, failed: 0 };
while (Date.now() - started < TIMEOUT_S * 1000) {
  await new Promise((r) => setTimeout(r, 250));
  last = await counts();
  if (last.completed + last.failed >= COMMANDS) break;
  if (Date.now() >= nextKill) {
    const index = Math.floor(Math.random() * workers.length);
    workers[index]!.kill('SIGKILL');
    workers[index] = startWorker();
    kills++;
    nextKill = Date.now() + 2000 + Math.random() * 3000;
  }
}
const seconds = (Date.now() - started) / 1000;
for (const w of workers) w.kill('SIGKILL');

const [figures] = (
  (await database.db.execute(sql`select
    (select count(*)::int from proq_commands where command_type like 'Soak.%') as commands,
    (select count(*)::int from proq_commands where command_type like 'Soak.%' and state = 'Completed') as completed,
    (select count(*)::int from proq_commands c where command_type like 'Soak.%'
       and (state <> 'Completed' or not exists (select 1 from soak_effects e where e.command_id = c.id))) as lost,
    (select count(*)::int from (select command_id from soak_effects group by command_id having count(*) > 1) d) as twice,
    (select count(*)::int from soak_runs) as runs,
    (select count(*)::int from (select command_id from soak_runs group by command_id having count(*) > 1) r) as rerun,
    (select count(*)::int from proq_commands where command_type = 'Soak.Flaky') as flaky`)) as unknown as {
    rows: {
      commands: number;
      completed: number;
      lost: number;
      twice: number;
      runs: number;
      rerun: number;
      flaky: number;
    }[];
  }
).rows;
const states = (
  (await database.db.execute(
    sql`select state, count(*)::int as n from proq_commands where command_type like 'Soak.%' group by state order by state`,
  )) as unknown as { rows: { state: string; n: number }[] }
).rows;
await database.close();

const f = figures!;
console.log(
  `ProQ soak: ${f.commands.toLocaleString('en-GB')} commands, ${WORKERS} worker processes × ${CONCURRENCY} slots, ${kills} SIGKILLs (one every 2–5 s), ${seconds.toFixed(1)} s (${(f.completed / seconds).toFixed(0)} commands/s)`,
);
console.log(`  states: ${states.map((s) => `${s.state} ${s.n}`).join(', ')}`);
console.log(
  `  completed ${f.completed}, lost ${f.lost}, effects written twice ${f.twice}; handler runs ${f.runs} (${f.runs - f.commands} re-runs over ${f.rerun} commands, of which ${f.flaky} fail their first attempt by design)`,
);
console.log(
  `  load average: ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
const pass = f.completed === COMMANDS && f.lost === 0 && f.twice === 0;
console.log(`soak: ${pass ? 'PASS' : 'FAIL'} (goal: all completed, 0 lost, 0 done twice)`);
process.exit(pass ? 0 : 1);
