import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type JobDetails, MESSAGES, type SupplierResult } from '@b2b/contract';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/client.js';
import { SESSION_COOKIE, CSRF_HEADER } from '../src/plugins/authorize.js';
import { multipart } from './chat-files.js';
import { JOBS_BASE } from './job-pipeline.js';
import { PROQ_TEST_ENV, waitFor } from './proq-kit.js';
import { type TestS3Server, startS3Server } from './s3-server.js';
import { TEST_PASSWORD, openTestDatabase } from './test-database.js';

/*
 * Several nodes (DESIGN §1): two API processes (WORKERS=0) and two worker processes, each with
 * its own DATA_DIR, sharing one fresh PostgreSQL database and one S3 store (s3rver on
 * loopback). Only a PostgreSQL server can be shared between processes, hence `*.pg.test.ts`.
 */
const SERVER_ROOT = fileURLToPath(new URL('..', import.meta.url));

type Node = { name: string; child: ChildProcess; dataDir: string; output: string[] };
type Api = Node & { url: string };

let database: DatabaseHandle;
let s3: TestS3Server;
const nodes: Node[] = [];
let api1: Api;
let api2: Api;
const workers: Node[] = [];

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

function start(name: string, entry: string, env: Record<string, string>): Node {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `b2b-node-${name}-`));
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd: SERVER_ROOT,
    env: {
      ...process.env,
      ...PROQ_TEST_ENV,
      ...s3.env('several-nodes'),
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      DATABASE_URL: database.location,
      DATA_DIR: dataDir,
      DEMO_SEED: 'false',
      DEMO_JOBS: 'false',
      WEB_DIST: '/nonexistent-web-dist',
      REFERENCE_DEMO_MERCHANTS: '1000',
      ENGINE_MEMORY_LIMIT: '256MB',
      ENGINE_THREADS: '1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const node: Node = { name, child, dataDir, output: [] };
  const keep = (chunk: Buffer) => node.output.push(chunk.toString());
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  nodes.push(node);
  return node;
}

async function startApi(name: string): Promise<Api> {
  const port = await freePort();
  const node = start(name, 'src/main.ts', { WORKERS: '0', HOST: '127.0.0.1', PORT: String(port) });
  return { ...node, url: `http://127.0.0.1:${port}` };
}

/** What a node printed, for a failure message. */
const outputOf = (node: Node) => `${node.name}:\n${node.output.join('').slice(-3000)}`;

async function call(
  api: Api,
  url: string,
  init: { method?: string; cookie?: string; json?: unknown; body?: Buffer; headers?: object } = {},
) {
  const method = init.method ?? 'GET';
  const res = await fetch(`${api.url}${url}`, {
    method,
    headers: {
      ...(init.cookie ? { cookie: init.cookie } : {}),
      ...(method !== 'GET' ? { [CSRF_HEADER]: '1' } : {}),
      ...(init.json !== undefined ? { 'content-type': 'application/json' } : {}),
      ...init.headers,
    },
    body: init.json !== undefined ? JSON.stringify(init.json) : init.body,
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, text, json: <T>() => JSON.parse(text) as T };
}

async function signIn(api: Api, username: string): Promise<string> {
  const res = await call(api, '/api/auth/login', {
    method: 'POST',
    json: { username, password: TEST_PASSWORD },
  });
  expect(res.status, res.text).toBe(200);
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`));
  return cookie!.split(';')[0]!;
}

async function query<T>(text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: database.location });
  await client.connect();
  try {
    return (await client.query(text, values)).rows as T[];
  } finally {
    await client.end();
  }
}

/** A supplier file of `count` rows, as a buyer's AP export (the wizard suggests its mapping). */
function supplierCsv(count: number): string {
  const lines = ['Supplier Name,Vendor No,Post Code,Country,Annual Spend (GBP),Payment Method'];
  for (let i = 0; i < count; i++) {
    lines.push(`Northern Widgets ${i} Ltd,V${10_000 + i},LS${i % 30} 1AA,GB,${1000 + i},BACS`);
  }
  return `${lines.join('\r\n')}\r\n`;
}

/** Creates a job through `api`, uploads its supplier file and submits it. */
async function submitJob(api: Api, cookie: string, name: string, rows: number): Promise<string> {
  const issuers = (await call(api, `${JOBS_BASE}/wizard/issuers`, { cookie })).json<
    { id: string; name: string; buyers: { id: string }[] }[]
  >();
  const issuer = issuers.find((i) => i.name.startsWith('PayTech Bank')) ?? issuers[0]!;
  const created = await call(
    api,
    `${JOBS_BASE}?type=base&issuerId=${issuer.id}&buyerId=${issuer.buyers[0]!.id}&name=${encodeURIComponent(name)}&currency=gbp`,
    { method: 'POST', cookie },
  );
  expect(created.status, created.text).toBe(201);
  const jobId = created.json<JobDetails>().id;
  const form = multipart([{ filename: 'suppliers.csv', content: supplierCsv(rows) }], 'file');
  const uploaded = await call(api, `${JOBS_BASE}/${jobId}/files?role=Suppliers`, {
    method: 'POST',
    cookie,
    body: form.payload,
    headers: form.headers,
  });
  expect(uploaded.status, uploaded.text).toBe(201);
  const submitted = await call(api, `${JOBS_BASE}/${jobId}/submit`, { method: 'POST', cookie });
  expect(submitted.status, submitted.text).toBeLessThan(300);
  return jobId;
}

async function finished(api: Api, cookie: string, jobId: string): Promise<JobDetails> {
  return waitFor(
    async () => (await call(api, `${JOBS_BASE}/${jobId}`, { cookie })).json<JobDetails>(),
    (job) => job.status === 'Completed' || job.status === 'Error',
    60_000,
    `job ${jobId} to finish`,
  );
}

const alive = (node: Node) => node.child.exitCode === null && node.child.signalCode === null;

beforeAll(async () => {
  [database, s3] = await Promise.all([openTestDatabase(), startS3Server()]);
  [api1, api2] = await Promise.all([startApi('api-1'), startApi('api-2')]);
  workers.push(
    start('worker-1', 'src/worker.ts', { WORKERS: '1' }),
    start('worker-2', 'src/worker.ts', { WORKERS: '1' }),
  );
  for (const api of [api1, api2]) {
    await waitFor(
      async () => {
        if (!alive(api)) throw new Error(`${outputOf(api)}\nexited before it was ready`);
        return fetch(`${api.url}/readyz`).then(
          (r) => r.status,
          () => 0,
        );
      },
      (status) => status === 200,
      60_000,
      `${api.name} to be ready`,
    );
  }
  const pids = workers.map((w) => w.child.pid);
  await waitFor(
    () => query<{ pid: number }>('select pid from proq_workers'),
    (rows) => pids.every((pid) => rows.some((r) => r.pid === pid)),
    60_000,
    'both worker processes to heart-beat',
  );
}, 120_000);

afterAll(async () => {
  await Promise.all(
    nodes.map(async (node) => {
      if (!alive(node)) return;
      const exited = new Promise((resolve) => node.child.once('exit', resolve));
      node.child.kill('SIGTERM');
      const timer = setTimeout(() => node.child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    }),
  );
  for (const node of nodes) fs.rmSync(node.dataDir, { recursive: true, force: true });
  await s3?.close();
  await database?.close();
}, 30_000);

describe('several nodes on one PostgreSQL and one S3 store', () => {
  it('ingests a job uploaded through API 1 on a worker and shows its results through API 2', async () => {
    const cookie = await signIn(api1, 'sysadmin@example.com');
    const jobId = await submitJob(api1, cookie, 'Across nodes', 40);
    const job = await finished(api2, cookie, jobId);
    expect(job.status, JSON.stringify(job.steps)).toBe('Completed');
    expect(job.supplierCount).toBe(40);
    const page = await call(api2, `${JOBS_BASE}/${jobId}/suppliers`, {
      method: 'POST',
      cookie,
      json: { pageSize: 100 },
    });
    expect(page.status, page.text).toBe(200);
    const names = page
      .json<{ collection: SupplierResult[] }>()
      .collection.map((s) => s.supplierName);
    expect(names).toHaveLength(40);
    expect(names).toContain('Northern Widgets 7 Ltd');
    // The API processes run no worker: the steps ran in the worker processes.
    const ran = await query<{ pid: number }>(
      `select distinct w.pid from proq_commands c join proq_workers w on w.id = c.locked_by
       where c.job_id = $1`,
      [jobId],
    );
    const workerPids = workers.map((w) => w.child.pid);
    expect(ran.every((r) => workerPids.includes(r.pid))).toBe(true);
  });

  it('recovers a step whose worker is killed mid-step on the other worker, and the job completes', async () => {
    const cookie = await signIn(api1, 'sysadmin@example.com');
    const jobId = await submitJob(api1, cookie, 'Killed worker', 3000);
    // Catch one of the job's steps while a worker process runs it, and kill that process.
    const [running] = await waitFor(
      () =>
        query<{ id: string; command_type: string; pid: number }>(
          `select c.id, c.command_type, w.pid from proq_commands c
           join proq_workers w on w.id = c.locked_by
           where c.job_id = $1 and c.state = 'InProgress'`,
          [jobId],
        ),
      (rows) => rows.length > 0,
      60_000,
      'a step of the job to be running',
    );
    const victim = workers.find((w) => w.child.pid === running!.pid)!;
    const survivor = workers.find((w) => w !== victim)!;
    const exited = new Promise((resolve) => victim.child.once('exit', resolve));
    victim.child.kill('SIGKILL');
    await exited;

    const job = await finished(api2, cookie, jobId);
    expect(job.status, JSON.stringify(job.steps)).toBe('Completed');
    const [step] = await query<{ state: string; attempts: number }>(
      'select state, attempts from proq_commands where id = $1',
      [running!.id],
    );
    expect(step, running!.command_type).toMatchObject({ state: 'Completed' });
    expect(step!.attempts).toBeGreaterThanOrEqual(2);
    expect(alive(survivor), outputOf(survivor)).toBe(true);
  });

  it('accepts a session made on API 1 on API 2, and ends it on both at sign-out', async () => {
    const cookie = await signIn(api1, 'client@example.com');
    const session = await call(api2, '/api/auth/session', { cookie });
    expect(session.status, session.text).toBe(200);
    expect(session.text).toContain('client@example.com');
    expect((await call(api2, '/api/auth/logout', { method: 'POST', cookie })).status).toBe(200);
    expect((await call(api1, '/api/auth/session', { cookie })).status).toBe(401);
  });

  it('holds a system mode switched on API 1 on API 2', async () => {
    const admin = await signIn(api1, 'sysadmin@example.com');
    const setMode = (mode: string) =>
      call(api1, `/api/v1/system-mode?mode=${mode}`, { method: 'POST', cookie: admin });
    try {
      expect((await setMode('ReadOnly')).status).toBe(200);
      // Each process caches the mode for up to two seconds (DESIGN: system mode).
      const refused = await waitFor(
        () =>
          call(api2, `${JOBS_BASE}?type=base&issuerId=x&buyerId=y&name=z`, {
            method: 'POST',
            cookie: admin,
          }),
        (res) => res.status === 503,
        10_000,
        'API 2 to refuse a change in ReadOnly mode',
      );
      expect(refused.json<{ message: string }>().message).toBe(MESSAGES.readOnlyMode);
      expect((await call(api2, '/api/v1/system-mode')).json()).toEqual({ mode: 'ReadOnly' });
      // The probes still answer: the node is alive and ready in every mode.
      expect((await call(api2, '/readyz')).status).toBe(200);
    } finally {
      await setMode('Live');
    }
  });
});
