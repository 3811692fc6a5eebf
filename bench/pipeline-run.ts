import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { JobDetails } from '@b2b/contract';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { ANY_PERMISSIONS } from '@b2b/contract';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { type DatabaseHandle, openDatabase } from '../apps/server/src/db/client.js';
import { runMigrations } from '../apps/server/src/db/migrate.js';
import { seedDemoData } from '../apps/server/src/seed/seed.js';
import type { Actor } from '../apps/server/src/lib/actor.js';
import { createProqWorker } from '../apps/server/src/modules/proq/proq-worker.js';

/**
 * One timed run of the real pipeline path (a child process of pipeline.bench.ts, so its peak
 * memory is its own, DuckDB included): the jobs service creates a job, the file is uploaded to
 * file storage and sniffed as the wizard does, then — timed from here — submit enqueues the
 * ProQ commands, an in-process worker runs Ingest → Match → Score → Aggregate (DuckDB per step,
 * supplier results copied into PostgreSQL), until the job is Completed. Prints one JSON line.
 */
const args = JSON.parse(process.argv[2]!) as {
  kind: 'consultant' | 'summary';
  file: string;
  referenceDir: string;
  dataDir: string;
  databaseUrl: string | null;
  memoryLimit: string;
};

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

const loadBefore = os.loadavg()[0]!;
fs.rmSync(args.dataDir, { recursive: true, force: true });
fs.mkdirSync(path.join(args.dataDir, 'files', 'reference'), { recursive: true });
// The benchmark's reference version, as if it had been imported into this server's storage.
fs.symlinkSync(
  args.referenceDir,
  path.join(args.dataDir, 'files', 'reference', path.basename(args.referenceDir)),
);

let database: DatabaseHandle;
if (args.databaseUrl) {
  await createDatabaseIfMissing(args.databaseUrl);
  database = await openDatabase({ databaseUrl: args.databaseUrl });
} else {
  database = await openDatabase({ dataDir: args.dataDir });
}
await runMigrations(database);
await seedDemoData(database.db, { password: 'Bench-Password-1' });
// A dedicated database: start from an empty queue and no jobs (a killed earlier run may have left
// a command InProgress that would hold the analysis processing group).
await database.db.execute(
  sql`truncate proq_commands, proq_command_count_deltas, proq_job_logs, proq_workers, proq_pauses, jobs cascade`,
);
const config = loadConfig({
  ...process.env,
  NODE_ENV: 'test',
  CHECK_RESPONSES: 'false', // what production runs: responses written once, not checked again
  LOG_LEVEL: 'silent',
  DATA_DIR: args.dataDir,
  ...(args.databaseUrl ? { DATABASE_URL: args.databaseUrl } : {}),
  DEMO_SEED: 'false',
  DEMO_JOBS: 'false',
  WORKERS: '0',
  ENGINE_MEMORY_LIMIT: args.memoryLimit,
  PROQ_POLL_MAX_MS: '50',
});
const app = await buildApp(config, database);
await app.ready();
const { jobs } = app.ctx.services;

const owner = (await jobs.demo.userByUsername('ptcojobmanager@example.com'))!;
const actor: Actor = {
  userId: owner.id,
  username: owner.username,
  sessionId: 'bench',
  permissions: ANY_PERMISSIONS,
  issuerIds: [],
  managedIssuerIds: [],
  eligible: true,
};
const buyer = (await jobs.demo.buyerOfIssuerKey('paytech-bank', 'Acme Manufacturing Ltd'))!;
const type = args.kind === 'consultant' ? 'advanced' : 'base';
const job = await jobs.wizard.create(actor, {
  type,
  issuerId: buyer.issuerId,
  buyerId: buyer.id,
  name: `Benchmark ${args.kind} ${new Date().toISOString()}`,
  currency: 'GBP',
});

const uploadStart = performance.now();
const file = await jobs.files.uploadFile(
  actor,
  job.id,
  args.kind === 'consultant' ? 'Payment' : 'Suppliers',
  undefined,
  { filename: path.basename(args.file), stream: fs.createReadStream(args.file) },
);
const uploadMs = Math.round(performance.now() - uploadStart);

const worker = createProqWorker({
  db: database.db,
  proq: app.ctx.services.proq,
  registry: app.ctx.services.proq.registry,
  config: config.proq,
  log: app.log,
  concurrency: 1,
});
await worker.start();

// Timed: upload finished → scores ready (job Completed).
const start = performance.now();
const submittedAt = Date.now();
const cpuStart = process.cpuUsage();
await jobs.workflow.submit(actor, job.id);
let done: JobDetails;
// Peak RSS per step, sampled as the job is polled: which step holds the run's peak.
const stepPeakRss = new Map<string, number>();
for (;;) {
  done = await jobs.get(actor, job.id);
  const running = done.steps.find((s) => s.status === 'InProgress')?.step;
  if (running) {
    const rss = process.memoryUsage.rss();
    stepPeakRss.set(running, Math.max(stepPeakRss.get(running) ?? 0, rss));
  }
  if (done.status === 'Completed' || done.status === 'Error') break;
  await new Promise((r) => setTimeout(r, 50));
}
const totalMs = Math.round(performance.now() - start);
const cpu = process.cpuUsage(cpuStart);
await worker.stop(2000);
await app.close();
await database.close();

console.log(
  JSON.stringify({
    status: done.status,
    uploadMs,
    sniff: `${file.sniff.encoding}, "${file.sniff.delimiter}", ${file.sniff.headers.length} columns`,
    steps: done.steps.map((s) => ({
      step: s.step,
      status: s.status,
      ms: s.startedAt && s.completedAt ? Date.parse(s.completedAt) - Date.parse(s.startedAt) : null,
      detail: s.message ?? '',
      peakRssMiB: Math.round((stepPeakRss.get(s.step) ?? 0) / 1024 ** 2),
    })),
    totalMs,
    // Scores are ready when the Score step completes (Aggregate then stores the summaries).
    scoresReadyMs: (() => {
      const score = done.steps.find((s) => s.step === 'Score');
      return score?.completedAt ? Date.parse(score.completedAt) - submittedAt : null;
    })(),
    cpuMs: Math.round((cpu.user + cpu.system) / 1000),
    maxRssMiB: Math.round(process.resourceUsage().maxRSS / 1024),
    database: database.kind,
    loadBefore,
    loadAfter: os.loadavg()[0],
  }),
);
process.exit(0);
