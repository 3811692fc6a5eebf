import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { recreateDatabase } from './bench-server.js';
import {
  chooseDriver,
  generatorCpuSeconds,
  histogramPercentile,
  mergeResults,
  responses,
} from './load-drivers.js';
import { machineSpeedLine } from './machine-speed.js';

/**
 * The API under load (goal: at 200 concurrent clients, p95 ≤ 100 ms for every call of the mix
 * and no errors). Starts the real server (`src/main.ts`, production mode, its in-process ProQ
 * workers) on a fresh PostgreSQL database with the demo data and the demo jobs, waits until the
 * demo jobs have run through the pipeline, signs users in, then drives a realistic mix with
 * wrk (or autocannon: `load-drivers.ts`) at each client count for a fixed time: the job list, a
 * job's details, an insights chart, a page of the supplier list, the dashboard and a chat
 * question (answered offline from the shipped user guide). Each call gets its share of the
 * clients and its own figures.
 *
 * DATABASE_URL names the database to recreate (default
 * postgres://postgres@127.0.0.1:5432/b2b_bench_load); LOAD_SECONDS (20) is the time per client
 * count, LOAD_CLIENTS (50,200) the client counts, LOAD_SERVER_NODE_ARGS extra node arguments
 * for the server (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to see where its time goes),
 * LOAD_ONLY a comma-separated list of calls to run alone, their shares of the clients scaled up
 * (`LOAD_ONLY="GET job details"`: what one call costs), LOAD_DRIVER `wrk` (the default where
 * installed) or `autocannon`, LOAD_API_PROCESSES (1) how many API processes serve the load:
 * the first runs the demo jobs, the others start with `WORKERS=0` once they are done, and each
 * call's clients are shared among them as a load balancer would (docs/deploy.md). Each run
 * prints the servers', PostgreSQL's and the load generator's CPU time per request.
 */
const databaseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/b2b_bench_load';
const SECONDS = Number(process.env.LOAD_SECONDS ?? 20);
const CLIENTS = (process.env.LOAD_CLIENTS ?? '50,200').split(',').map(Number);
const GOAL_P95_MS = 100;
const ONLY = process.env.LOAD_ONLY?.split(',').map((name) => name.trim());
const PASSWORD = 'Bench-Password-1';
const root = fileURLToPath(new URL('..', import.meta.url));
const API_PROCESSES = Number(process.env.LOAD_API_PROCESSES ?? 1);
const firstPort = 3900 + Math.floor(Math.random() * 90);
const ports = Array.from({ length: API_PROCESSES }, (_, i) => firstPort + i * 100);
const base = `http://127.0.0.1:${firstPort}`;
const driver = chooseDriver();

function startServer(
  dataDir: string,
  port: number,
  extraEnv: Record<string, string> = {},
): ChildProcess {
  const child = spawn(
    process.execPath,
    [
      '--max-semi-space-size=64',
      ...(process.env.LOAD_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? []),
      '--import',
      'tsx',
      'apps/server/src/main.ts',
    ],
    {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        SESSION_SECRET: 'load-bench-session-secret-0123456789abcdef',
        DATABASE_URL: databaseUrl,
        DEMO_SEED: 'true',
        DEMO_JOBS: 'true',
        DEMO_PASSWORD: PASSWORD,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        WEB_DIST: path.join(dataDir, 'no-web'),
        LOG_LEVEL: 'warn',
        LOGIN_ATTEMPTS_PER_MINUTE: '10000',
        ...extraEnv,
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  return child;
}

async function call(
  method: string,
  url: string,
  cookie?: string,
  body?: unknown,
): Promise<{ status: number; json: unknown; setCookie: string | null }> {
  const res = await fetch(base + url, {
    method,
    headers: {
      ...(cookie ? { cookie } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      'x-csrf-protection': '1',
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return {
    status: res.status,
    json: text ? JSON.parse(text) : null,
    setCookie: res.headers.get('set-cookie'),
  };
}

async function waitFor<T>(what: string, seconds: number, probe: () => Promise<T | undefined>) {
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 1000));
  }
}

async function signIn(username: string): Promise<string> {
  const res = await call('POST', '/api/auth/login', undefined, { username, password: PASSWORD });
  const cookie = res.setCookie?.split(';')[0];
  if (res.status !== 200 || !cookie) throw new Error(`sign-in of ${username}: ${res.status}`);
  return cookie;
}

type JobRow = { id: string; name: string; status: string };

/**
 * CPU seconds (user + system) used so far by the processes `pids` gives, from /proc (Linux):
 * the server's and PostgreSQL's CPU per request vary far less from run to run than latencies
 * on a shared machine, so they show what a change to a call's cost did.
 */
function cpuSeconds(pids: () => number[]): number {
  let ticks = 0;
  for (const pid of pids()) {
    try {
      // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // The process ended between the listing and the read.
    }
  }
  return ticks / 100;
}

/** PostgreSQL's processes on this machine (the bench's database is its only busy one). */
function postgresPids(): number[] {
  return fs
    .readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((pid) => {
      try {
        return fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres';
      } catch {
        return false;
      }
    })
    .map(Number);
}

await recreateDatabase(databaseUrl);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'b2b-load-'));
const servers = [startServer(path.join(dataDir, 'api-1'), firstPort)];
const stop = () => {
  for (const server of servers) server.kill('SIGTERM');
  fs.rmSync(dataDir, { recursive: true, force: true });
};
process.on('exit', stop);

try {
  const started = Date.now();
  await waitFor('the server', 180, async () =>
    (await call('GET', '/api/v1/system-mode')).status === 200 ? true : undefined,
  );
  const staff = await signIn('ptcojobmanager@example.com');
  const jobs = await waitFor('the demo jobs to complete', 900, async () => {
    const res = await call('POST', '/api/v1/job-artifacts/get', staff, { pageSize: 50 });
    const rows = (res.json as { collection: JobRow[] }).collection;
    const done = rows.filter((j) => j.status === 'Completed');
    return rows.length > 0 && done.length === rows.length ? rows : undefined;
  });
  console.log(
    `server up and ${jobs.length} demo jobs completed in ${((Date.now() - started) / 1000).toFixed(0)} s`,
  );
  const job = jobs.find((j) => j.name.startsWith('Acme Manufacturing — supplier summary'))!;
  // More API processes, without background work: the demo data is in place.
  for (const port of ports.slice(1)) {
    servers.push(
      startServer(path.join(dataDir, `api-${port}`), port, { WORKERS: '0', DEMO_JOBS: 'false' }),
    );
    await waitFor(`the API on port ${port}`, 180, async () =>
      (await fetch(`http://127.0.0.1:${port}/readyz`)).status === 200 ? true : undefined,
    );
  }
  console.log(
    `${ports.length} API process(es) on ports ${ports.join(', ')}; load generator: ${driver.name}; ${machineSpeedLine()}`,
  );

  // Issuer users read the published demo job; the dashboard is a staff screen.
  const issuer = await signIn('issuer@example.com');
  const manager = await signIn('accountmanager@example.com');
  const admin = await signIn('sysadmin@example.com');

  type Call = {
    name: string;
    share: number;
    method: 'GET' | 'POST';
    path: string;
    cookie: string;
    body?: unknown;
  };
  const mix: Call[] = [
    {
      name: 'POST job list',
      share: 0.2,
      method: 'POST',
      path: '/api/v1/job-artifacts/get',
      cookie: issuer,
      body: { pageNumber: 1, pageSize: 25 },
    },
    {
      name: 'GET job details',
      share: 0.2,
      method: 'GET',
      path: `/api/v1/job-artifacts/${job.id}`,
      cookie: manager,
    },
    {
      name: 'GET insights chart',
      share: 0.2,
      method: 'GET',
      path: `/api/v1/job-artifacts/${job.id}/insights/chart?chart=Countries&slicer=Overall&slicerValue=All`,
      cookie: issuer,
    },
    {
      name: 'POST suppliers page',
      share: 0.2,
      method: 'POST',
      path: `/api/v1/job-artifacts/${job.id}/suppliers`,
      cookie: manager,
      body: { pageNumber: 3, pageSize: 25, orderBy: 'annualSpend desc' },
    },
    {
      name: 'GET dashboard',
      share: 0.1,
      method: 'GET',
      path: '/api/v1/dashboard/analysis',
      cookie: admin,
    },
    {
      name: 'POST chat question',
      share: 0.1,
      method: 'POST',
      path: '/chat/message',
      cookie: admin,
      body: { question: 'How do I sign in with a magic link?' },
    },
  ];

  const calls = mix.filter((c) => !ONLY || ONLY.includes(c.name));
  if (calls.length === 0)
    throw new Error(`LOAD_ONLY names no call of ${mix.map((c) => c.name).join(', ')}`);
  const shares = calls.reduce((sum, c) => sum + c.share, 0);

  // Each call answers once before the clock starts: a wrong request is not a load figure.
  for (const c of calls) {
    const res = await call(c.method, c.path, c.cookie, c.body);
    if (res.status >= 300) throw new Error(`${c.name}: ${res.status} ${JSON.stringify(res.json)}`);
  }

  let pass = true;
  for (const clients of CLIENTS) {
    const load = os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ');
    console.log(`\n${clients} clients for ${SECONDS} s (load average before: ${load})`);
    console.log(
      `${'call'.padEnd(22)} ${'clients'.padStart(7)} ${'req/s'.padStart(8)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'errors'.padStart(7)}  goal`,
    );
    const serverPids = () => servers.map((server) => server.pid!);
    const serverCpuBefore = cpuSeconds(serverPids);
    const postgresCpuBefore = cpuSeconds(postgresPids);
    const generatorCpuBefore = generatorCpuSeconds();
    const results = await Promise.all(
      calls.map(async (c) => {
        const connections = Math.max(1, Math.round((clients * c.share) / shares));
        // A call's clients, shared among the API processes as a load balancer would.
        const perServer = ports.map(
          (_, i) =>
            Math.floor(connections / ports.length) + (i < connections % ports.length ? 1 : 0),
        );
        const result = mergeResults(
          await Promise.all(
            ports
              .map((port, i) => ({ port, n: perServer[i]! }))
              .filter(({ n }) => n > 0)
              .map(({ port, n }) =>
                driver.run({
                  url: `http://127.0.0.1:${port}${c.path}`,
                  method: c.method,
                  connections: n,
                  seconds: SECONDS,
                  headers: {
                    cookie: c.cookie,
                    'x-csrf-protection': '1',
                    ...(c.body ? { 'content-type': 'application/json' } : {}),
                  },
                  body: c.body ? JSON.stringify(c.body) : undefined,
                }),
              ),
          ),
        );
        return { c, connections, ...result };
      }),
    );
    const serverCpu = cpuSeconds(serverPids) - serverCpuBefore;
    const postgresCpu = cpuSeconds(postgresPids) - postgresCpuBefore;
    const generatorCpu = generatorCpuSeconds() - generatorCpuBefore;
    for (const { c, connections, histogram, failures } of results) {
      const errors = [...failures.values()].reduce((a, b) => a + b, 0);
      const p95 = histogramPercentile(histogram, 95);
      const ok = clients < 200 || (p95 <= GOAL_P95_MS && errors === 0);
      if (!ok) pass = false;
      const ms = (n: number) => n.toFixed(1).padStart(8);
      console.log(
        `${c.name.padEnd(22)} ${String(connections).padStart(7)} ${(responses(histogram) / SECONDS).toFixed(0).padStart(8)} ${ms(histogramPercentile(histogram, 50))} ${ms(p95)} ${ms(histogramPercentile(histogram, 99))} ${String(errors).padStart(7)}  ${clients < 200 ? '-' : ok ? 'PASS' : 'FAIL'}`,
      );
      if (failures.size)
        console.log(`  errors: ${[...failures].map(([what, n]) => `${what} × ${n}`).join(', ')}`);
    }
    const requests = Math.round(results.reduce((n, r) => n + responses(r.histogram), 0));
    const perRequest = (seconds: number) => ((seconds * 1000) / requests).toFixed(2);
    console.log(
      `${requests} requests (${(requests / SECONDS).toFixed(0)}/s); CPU per request: server ${perRequest(serverCpu)} ms, PostgreSQL ${perRequest(postgresCpu)} ms, load generator (${driver.name}) ${perRequest(generatorCpu)} ms (server ${serverCpu.toFixed(1)} s, PostgreSQL ${postgresCpu.toFixed(1)} s, generator ${generatorCpu.toFixed(1)} s in ${SECONDS} s)`,
    );
    for (const server of servers)
      if (server.exitCode !== null) throw new Error(`an API process exited (${server.exitCode})`);
  }
  console.log(
    `\nload: ${pass ? 'PASS' : 'FAIL'} (goal at 200 clients: p95 ≤ ${GOAL_P95_MS} ms per call, 0 errors); load average after: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
} finally {
  stop();
}
process.exit(0);
