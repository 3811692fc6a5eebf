import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { openDatabase } from '../apps/server/src/db/client.js';
import { runMigrations } from '../apps/server/src/db/migrate.js';
import { seedDemoData } from '../apps/server/src/seed/seed.js';
import { startTestSftpServer } from '../apps/server/test/sftp-server.js';
import { recreateDatabase } from './bench-server.js';

/**
 * SFTP inboxes (issue 21 figures) on a real PostgreSQL and a real SFTP server on loopback:
 * 1. BENCH_FILES (100) files of BENCH_FILE_MB (10) MB in one inbox, picked up by a worker
 *    process and their jobs created and submitted: seconds from "Poll now" to the last file
 *    moved to processed/ (target ≤ 60 s);
 * 2. the same again with the worker killed (SIGKILL) mid-poll and a second worker started:
 *    every file must be claimed once and have exactly one job; files the killed worker was
 *    reading are read again (a partial download is not kept), which is counted separately.
 *
 * DATABASE_URL names a dedicated database (default postgres://postgres@127.0.0.1:5432/b2b_bench_sftp),
 * dropped and created afresh.
 */
const url = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/b2b_bench_sftp';
const FILES = Number(process.env.BENCH_FILES ?? 100);
const FILE_MB = Number(process.env.BENCH_FILE_MB ?? 10);
const password = 'Bench-Password-1';
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'b2b-bench-sftp-'));
const workerEnv = {
  ...process.env,
  DATABASE_URL: url,
  DATA_DIR: dataDir,
  NODE_ENV: 'test',
  CHECK_RESPONSES: 'false',
  LOG_LEVEL: 'silent',
  DEMO_SEED: 'false',
  // A killed worker is seen dead after 3 silent heartbeats: 3 s here.
  PROQ_HEARTBEAT_SECONDS: '1',
  PROQ_POLL_MAX_MS: '100',
  PROQ_BACKOFF_MIN_SECONDS: '0.1',
  PROQ_BACKOFF_MAX_SECONDS: '0.5',
};

await recreateDatabase(url);
const database = await openDatabase({ databaseUrl: url });
await runMigrations(database);
await seedDemoData(database.db, { password });
const config = loadConfig({ ...workerEnv, WORKERS: '0' });
const app = await buildApp(config, database);
await app.ready();
const { services } = app.ctx;
const rows = async <T>(statement: ReturnType<typeof sql>) =>
  ((await database.db.execute(statement)) as unknown as { rows: T[] }).rows;

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
const [owner] = await rows<{ issuer_id: string; buyer_id: string }>(
  sql`select b.issuer_id, b.id as buyer_id from buyers b join issuers i on i.id = b.issuer_id
      where i.name like 'PayTech%' order by b.name limit 1`,
);

const server = await startTestSftpServer();

/** One supplier file of about FILE_MB MB, written once and copied per remote file. */
function supplierCsv(): string {
  const header = 'Supplier ID,Supplier Name,Address,City,Postcode,Country,Spend\n';
  const lines = [header];
  let size = header.length;
  for (let i = 1; size < FILE_MB * 1024 * 1024; i++) {
    const line = `V${String(i).padStart(7, '0')},Supplier ${i} Trading Ltd,${i} High Street,London,EC1A ${i % 9}BB,GB,${(1000 + (i % 9000)).toFixed(2)}\n`;
    lines.push(line);
    size += line.length;
  }
  return lines.join('');
}
const csv = supplierCsv();

function folderWithFiles(name: string): string {
  const folder = `/${name}`;
  fs.mkdirSync(path.join(server.root, folder));
  for (let i = 0; i < FILES; i++)
    fs.writeFileSync(
      path.join(server.root, folder, `suppliers-${String(i).padStart(3, '0')}.csv`),
      csv,
    );
  return folder;
}

async function inboxFor(folder: string) {
  return services.sftpInboxes.create(actor, {
    name: `Bench ${folder}`,
    issuerId: owner!.issuer_id,
    buyerId: owner!.buyer_id,
    host: server.host,
    port: server.port,
    username: server.username,
    password: server.password,
    hostKeyFingerprint: server.hostKeyFingerprint,
    remoteFolder: folder,
    filePattern: '*.csv',
    jobType: 'base',
    mapping: null,
    dateOrder: 'auto',
    schedule: { kind: 'minutes', minutes: 60 },
    // Polled by "Poll now" only, so the schedule does not start one of its own.
    enabled: false,
  });
}

function startWorker(): Promise<ChildProcess> {
  const child = spawn(
    process.execPath,
    [
      '--max-semi-space-size=64',
      '--import',
      'tsx',
      new URL('./sftp-worker.ts', import.meta.url).pathname,
    ],
    { env: workerEnv, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (d: Buffer) => d.toString().includes('ready') && resolve(child));
    child.once('exit', (code) => reject(new Error(`worker exited ${code}`)));
  });
}

async function fileStates(inboxId: string) {
  return rows<{ state: string; n: number }>(
    sql`select state, count(*)::int as n from sftp_inbox_files where inbox_id = ${inboxId}::uuid group by state`,
  );
}

async function waitUntilMoved(inboxId: string, onProgress?: (moved: number) => Promise<void>) {
  for (;;) {
    const states = await fileStates(inboxId);
    const moved = states.find((s) => s.state === 'moved')?.n ?? 0;
    const failed = states.find((s) => s.state === 'failed')?.n ?? 0;
    if (onProgress) await onProgress(moved);
    if (moved + failed >= FILES) return { moved, failed };
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function jobsPerFile(inboxName: string) {
  return rows<{ name: string; jobs: number; submitted: number }>(
    sql`select name, count(*)::int as jobs, count(submitted_at)::int as submitted from jobs
        where name like ${`${inboxName}: %`} group by name`,
  );
}

const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
console.log(
  `database: ${database.kind}, ${os.cpus().length} cores, load average ${load()}; ${FILES} files of ${(csv.length / 1024 / 1024).toFixed(1)} MB`,
);

// 1. Pick-up to submission, undisturbed.
{
  const folder = folderWithFiles('steady');
  const inbox = await inboxFor(folder);
  const worker = await startWorker();
  const readsBefore = server.reads.length;
  const started = performance.now();
  await services.sftpInboxes.pollNow(inbox.id);
  const { moved, failed } = await waitUntilMoved(inbox.id);
  const seconds = (performance.now() - started) / 1000;
  worker.kill('SIGKILL');
  const jobs = await jobsPerFile(inbox.name);
  console.log(
    `steady: ${moved} files moved, ${failed} failed, ${jobs.length} jobs (${jobs.filter((j) => j.submitted === 1).length} submitted) in ${seconds.toFixed(1)} s ` +
      `(${((FILES * csv.length) / 1024 / 1024 / seconds).toFixed(1)} MB/s, target ≤ 60 s: ${seconds <= 60 ? 'met' : 'NOT met'}); ` +
      `${server.reads.length - readsBefore} remote reads; load average ${load()}`,
  );
}

// 2. A worker killed mid-poll, a second one finishing the poll.
{
  const folder = folderWithFiles('killed');
  const inbox = await inboxFor(folder);
  const first = await startWorker();
  const readsBefore = server.reads.length;
  const started = performance.now();
  await services.sftpInboxes.pollNow(inbox.id);
  let killedAt = -1;
  let second: ChildProcess | undefined;
  await waitUntilMoved(inbox.id, async (moved) => {
    if (killedAt < 0 && moved >= FILES / 3) {
      first.kill('SIGKILL');
      killedAt = moved;
      second = await startWorker();
    }
  });
  const seconds = (performance.now() - started) / 1000;
  second?.kill('SIGKILL');
  const jobs = await jobsPerFile(inbox.name);
  const reads = server.reads.slice(readsBefore);
  const readTwice = new Set(reads.filter((p, i) => reads.indexOf(p) !== i)).size;
  const [claims] = await rows<{ n: number; paths: number }>(
    sql`select count(*)::int as n, count(distinct remote_path)::int as paths from sftp_inbox_files where inbox_id = ${inbox.id}::uuid`,
  );
  console.log(
    `killed: worker killed at ${killedAt} files moved; ${claims!.paths} files claimed by ${claims!.n} claims; ` +
      `${jobs.length} files with a job, ${jobs.filter((j) => j.jobs > 1).length} with more than one job, ` +
      `${jobs.reduce((s, j) => s + j.submitted, 0)} jobs submitted; ` +
      `${readTwice} file(s) read again after the kill (partial downloads); done in ${seconds.toFixed(1)} s; load average ${load()}`,
  );
}

await server.close();
await app.close();
await database.close();
fs.rmSync(dataDir, { recursive: true, force: true });
fs.rmSync(server.root, { recursive: true, force: true });
process.exit(0);
