import fs from 'node:fs';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import {
  type DatabaseHandle,
  PLAN_CACHE_MODE,
  openDatabase,
  type Planning,
  plannedDatabases,
} from '../apps/server/src/db/client.js';
import { runMigrations } from '../apps/server/src/db/migrate.js';
import { seedDemoData } from '../apps/server/src/seed/seed.js';
import { percentile, summarize } from './stats.js';

/**
 * Administration lists on a real PostgreSQL (goal: p95 ≤ 50 ms at 50 clients, docs/perf/admin-lists.md): with 100,000 users and
 * 2,000 issuers, filtered and sorted pages of the user status lists and the issuer list at
 * 50 concurrent clients; p95 per call (goal ≤ 50 ms) and the plans' index use.
 *
 * DATABASE_URL names a dedicated database (default b2b_bench_admin on the local server's socket);
 * it is created when missing and filled once. BENCH_USERS (100000), BENCH_ISSUERS (2000),
 * BENCH_CLIENTS (50) and BENCH_REQUESTS (2000 requests per call: at a thousand calls a second, 500 lasted half a second, too short for a steady p95) tune it.
 */
/**
 * A local PostgreSQL is reached over its Unix socket where there is one, as a server beside its
 * database should be: every query's round trip over loopback TCP cost the process more than the
 * query itself (writev was a fifth of its CPU; the lists answered half as many calls a second).
 */
const SOCKET_DIR = '/var/run/postgresql';
const url =
  process.env.DATABASE_URL ??
  (fs.existsSync(SOCKET_DIR)
    ? `postgres://postgres@localhost/b2b_bench_admin?host=${SOCKET_DIR}`
    : 'postgres://postgres@127.0.0.1:5432/b2b_bench_admin');
const connection = new URL(url).searchParams.get('host')?.startsWith('/') ? 'Unix socket' : 'TCP';
const USERS = Number(process.env.BENCH_USERS ?? 100_000);
const ISSUERS = Number(process.env.BENCH_ISSUERS ?? 2_000);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 50);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 2000);
const password = 'Bench-Password-1';

await createDatabaseIfMissing(url);
const config = loadConfig({
  ...process.env,
  DATABASE_URL: url,
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  DEMO_SEED: 'false',
  WORKERS: '0',
  // NODE_ENV=test turns the resolved-session cache off and checks every response against the
  // contract a second time; measure what production runs.
  SESSION_CACHE_MS: process.env.SESSION_CACHE_MS ?? '1000',
  CHECK_RESPONSES: process.env.CHECK_RESPONSES ?? 'false',
});
/** The machine's load: the client, the server and PostgreSQL share its cores (and others may too). */
const load = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
const database = await openDatabase({ databaseUrl: url });
await runMigrations(database);
await seedDemoData(database.db, { password });
const count = async (table: string) =>
  (await rows<{ n: number }>(sql.raw(`select count(*)::int as n from ${table}`)))[0]!.n;

let started = performance.now();
if ((await count(`issuers where issuer_key like 'bench-%'`)) < ISSUERS) {
  await database.db.execute(sql`
    insert into issuers (name, issuer_key, scheme, currency, fallback_country_iso3, email_domains)
    select 'Bench Issuer ' || lpad(i::text, 5, '0'), 'bench-' || i,
      (array['Visa','Mastercard','Unknown'])[1 + i % 3], 'EUR', 'DEU',
      array['bench' || i || '.example']
    from generate_series(1, ${ISSUERS}::int) as i
    on conflict (issuer_key) do nothing`);
}
if ((await count(`users where username like 'bench.%'`)) < USERS) {
  // 85 % active, 5 % each unapproved, pending and deactivated; one issuer each (its domain).
  await database.db.execute(sql`
    insert into users (username, email, display_name, given_name, surname, approved, pending,
      is_deactivated, standard_roles, last_activity_at, created_at)
    select 'bench.' || i || '@bench' || (1 + i % ${ISSUERS}::int) || '.example',
      'bench.' || i || '@bench' || (1 + i % ${ISSUERS}::int) || '.example',
      (array['Alex','Sam','Kim','Jo','Lee','Max','Ola','Ana'])[1 + i % 8] || ' ' ||
        (array['Smith','Jones','Brown','Meyer','Rossi','Novak','Silva','Moreau'])[1 + (i / 8) % 8] || ' ' || i,
      (array['Alex','Sam','Kim','Jo','Lee','Max','Ola','Ana'])[1 + i % 8],
      (array['Smith','Jones','Brown','Meyer','Rossi','Novak','Silva','Moreau'])[1 + (i / 8) % 8],
      i % 20 <> 1, i % 20 = 2, i % 20 = 3,
      array[(array['issuer','client','issuerPlus','accountManager'])[1 + i % 4]],
      now() - make_interval(mins => i % 100000), now() - make_interval(hours => i % 10000)
    from generate_series(1, ${USERS}::int) as i
    on conflict (username) do nothing`);
  await database.db.execute(sql`
    insert into issuer_users (issuer_id, user_id, user_role, is_domain_user)
    select iss.id, u.id, 'Member', true from users u
    join issuers iss on iss.email_domains[1] = split_part(u.username, '@', 2)
    where u.username like 'bench.%'
    on conflict do nothing`);
}
await database.db.execute(sql`vacuum analyze users`);
await database.db.execute(sql`vacuum analyze issuers`);
await database.db.execute(sql`vacuum analyze issuer_users`);
console.log(
  `database: PostgreSQL ${(await rows<{ server_version: string }>(sql`show server_version`))[0]!.server_version} over ${connection}, ${os.cpus().length} cores; ` +
    `${await count('users')} users, ${await count('issuers')} issuers, ${await count('issuer_users')} memberships ` +
    `(filled in ${((performance.now() - started) / 1000).toFixed(1)} s); load average ${load()}; ` +
    `session cache ${config.sessionCacheMs} ms`,
);

const app = await buildApp({ ...config, loginMaxFailures: 1_000_000 }, database);
await app.ready();
const login = await app.inject({
  method: 'POST',
  url: '/api/auth/login',
  headers: { 'x-csrf-protection': '1' },
  payload: { username: 'useradministrator@example.com', password },
});
const cookie = `b2b_session=${login.cookies.find((c) => c.name === 'b2b_session')!.value}`;

const item = (propertyName: string, itemComparisonOperator: string, itemValue: unknown) => ({
  propertyName,
  itemComparisonOperator,
  itemValue,
});
const calls: [string, object][] = [
  ['users/active', { pageSize: 25 }],
  ['users/active', { pageSize: 25, pageNumber: 200 }],
  [
    'users/active',
    {
      orderBy: 'displayName desc',
      filters: { filterItems: [item('username', 'StartsWith', 'bench.12')] },
    },
  ],
  [
    'users/active',
    {
      orderBy: 'lastActivityAt desc',
      filters: {
        filterItems: [
          item('lastActivityAt', 'GreaterThan', new Date(Date.now() - 86_400_000).toISOString()),
        ],
      },
    },
  ],
  ['users/active', { filters: { filterItems: [item('displayName', 'Contains', 'rossi 77')] } }],
  // What the Users screen's search box sends.
  ['users/active', { filters: { filterItems: [item('username', 'Contains', '4217')] } }],
  [
    'users/unapproved',
    { orderBy: 'displayName', filters: { filterItems: [item('surname', 'Equal', 'Smith')] } },
  ],
  ['users/pending', { pageSize: 25 }],
  ['users/deactivated', { pageSize: 25, pageNumber: 3 }],
  ['issuers/get', { pageSize: 25 }],
  [
    'issuers/get',
    {
      orderBy: 'usersCount desc',
      filters: [{ propertyName: 'scheme', comparisonOperator: 'Equal', value: 'Visa' }],
    },
  ],
  [
    'issuers/get',
    {
      orderBy: 'issuerKey',
      filters: [
        { propertyName: 'name', comparisonOperator: 'StartsWith', value: 'Bench Issuer 01' },
      ],
    },
  ],
];

/** Runs `REQUESTS` calls with CLIENTS in flight at once; returns each call's duration. */
async function underLoad(path: string, payload: object): Promise<number[]> {
  const times: number[] = [];
  let next = 0;
  const client = async () => {
    while (next < REQUESTS) {
      next++;
      const t0 = performance.now();
      const res = await app.inject({
        method: 'POST',
        url: `/api/v1/${path}`,
        headers: { cookie, 'x-csrf-protection': '1' },
        payload,
      });
      if (res.statusCode !== 200) throw new Error(`${path}: ${res.statusCode} ${res.body}`);
      times.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: CLIENTS }, client));
  return times;
}

/**
 * CPU time each of PostgreSQL's processes has used, in ms by pid (from /proc; none where there
 * is none). With the process's own, it says which side a call's time goes to when the two
 * share the cores.
 */
function postgresCpuMs(): Map<string, number> {
  const used = new Map<string, number>();
  if (!fs.existsSync('/proc')) return used;
  const tick = 10; // USER_HZ is 100 on Linux
  for (const pid of fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      if (!fs.readFileSync(`/proc/${pid}/comm`, 'utf8').startsWith('postgres')) continue;
      const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      used.set(pid, (Number(fields[11]) + Number(fields[12])) * tick); // utime, stime
    } catch {
      // the process ended between listing and reading
    }
  }
  return used;
}

/**
 * PostgreSQL's CPU time since `before`: what its processes used meanwhile, counting those
 * that started since in full. One that ended since (an autovacuum worker) is left out, where
 * subtracting its earlier time made the figure negative.
 */
function postgresCpuMsSince(before: Map<string, number>): number {
  let total = 0;
  for (const [pid, ms] of postgresCpuMs()) total += ms - (before.get(pid) ?? 0);
  return total;
}

/**
 * A named statement the app sent: the lists' prepared queries (db/prepared-queries.ts), on the
 * connections planned as its repo chose (plannedDatabases).
 */
type Ran = { name: string; text: string; values: unknown[]; planning: Planning };
/** Each call's named statements, recorded while it runs alone (explained at the end). */
const ranBy = new Map<string, Map<string, Ran>>();
let recording: Map<string, Ran> | undefined;
const planned = plannedDatabases(database.db);
for (const planning of ['auto', 'each', 'once'] as const) {
  const pool = (planned[planning] as unknown as { $client: pg.Pool }).$client;
  const send = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  pool.query = ((...args: unknown[]) => {
    const [config, values] = args as [{ name?: string; text?: string } | string, unknown[]];
    if (recording && typeof config === 'object' && config.name && config.text) {
      const ran = { name: config.name, text: config.text, values: values ?? [], planning };
      recording.set(config.name, ran);
    }
    return send(...args);
  }) as typeof pool.query;
}

/** BENCH_ONLY (a regular expression) runs only the calls whose label matches it. */
const only = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY) : undefined;
let worstP95 = 0;
let worstSingleP95 = 0;
for (const [path, payload] of calls) {
  const label = `${path} ${JSON.stringify(payload).slice(0, 60)}`;
  if (only && !only.test(`${path} ${JSON.stringify(payload)}`)) continue;
  await underLoad(path, payload); // warm-up round
  started = performance.now();
  const nodeBefore = process.cpuUsage();
  const postgresBefore = postgresCpuMs();
  const times = await underLoad(path, payload);
  const seconds = (performance.now() - started) / 1000;
  const nodeUsed = process.cpuUsage(nodeBefore);
  const nodeMs = (nodeUsed.user + nodeUsed.system) / 1000 / REQUESTS;
  const nodeSystemMs = nodeUsed.system / 1000 / REQUESTS; // the kernel's part: socket reads and writes
  const postgresMs = postgresCpuMsSince(postgresBefore) / REQUESTS;
  console.log(
    `${summarize(label.padEnd(70), times)}  ${Math.round(REQUESTS / seconds)} req/s  ` +
      `CPU per call: process ${nodeMs.toFixed(2)} ms (system ${nodeSystemMs.toFixed(2)}), PostgreSQL ${postgresMs.toFixed(2)} ms  load ${os.loadavg()[0]!.toFixed(2)}`,
  );
  worstP95 = Math.max(worstP95, percentile(times, 95));
  // The same call alone: what one request costs when it does not queue behind 49 others.
  const single: number[] = [];
  recording = new Map();
  ranBy.set(label, recording);
  for (let i = 0; i < 40; i++) {
    const t0 = performance.now();
    await app.inject({
      method: 'POST',
      url: `/api/v1/${path}`,
      headers: { cookie, 'x-csrf-protection': '1' },
      payload,
    });
    single.push(performance.now() - t0);
  }
  recording = undefined;
  worstSingleP95 = Math.max(worstSingleP95, percentile(single, 95));
  console.log(`${summarize('  (one client)'.padEnd(70), single)}`);
}
console.log(`the same calls one at a time: worst p95 = ${worstSingleP95.toFixed(2)} ms`);
console.log(
  `admin lists with ${USERS} users and ${ISSUERS} issuers at ${CLIENTS} concurrent clients: worst p95 = ${worstP95.toFixed(2)} ms (goal ≤ 50 ms); load average ${load()} on ${os.cpus().length} cores`,
);

// What the plans use: each call's statements as the app sent them, prepared and executed on a
// connection of the same kind as many times as the app did (enough for PostgreSQL to settle on a
// generic plan where it will), then explained.
for (const [label, statements] of ranBy) {
  for (const ran of statements.values()) {
    const { plan, generic } = await explainPrepared(ran);
    // Index names follow 'using' (index scans) or 'Index Scan on' (bitmap index scans).
    const used = [
      ...new Set(
        plan.flatMap((l) => [...l.matchAll(/(?:\busing|Index Scan on) (\w+)/g)].map((m) => m[1]!)),
      ),
    ];
    const sorts = plan.some((l) => /\bSort\b/.test(l)) ? ' + sort' : '';
    console.log(
      `plan: ${label.trim()}: ${generic ? 'generic' : 'custom'} plan (${ran.planning}), ${used.length ? `index ${used.join(', ')}` : 'no index'}${sorts} — ${plan[0]!.trim()}`,
    );
  }
}

/**
 * The plan PostgreSQL uses for a statement the app prepared under `name`: prepared again on a
 * connection planning as the app's connection for that statement does (db/client.ts), executed six
 * times with the same values, then explained; and whether that plan was the generic one.
 */
async function explainPrepared(ran: Ran): Promise<{ plan: string[]; generic: boolean }> {
  const mode = PLAN_CACHE_MODE[ran.planning];
  const client = new pg.Client({ connectionString: url, options: `-c plan_cache_mode=${mode}` });
  await client.connect();
  try {
    const args = ran.values.map((v) =>
      typeof v === 'number' ? String(v) : client.escapeLiteral(String(v)),
    );
    const execute = `execute explained${args.length ? `(${args.join(', ')})` : ''}`;
    await client.query(`prepare explained as ${ran.text}`);
    for (let i = 0; i < 6; i++) await client.query(execute);
    const counted = async () =>
      (
        await client.query(
          `select generic_plans from pg_prepared_statements where name = 'explained'`,
        )
      ).rows[0].generic_plans as number;
    const before = await counted();
    const plan = (await client.query(`explain ${execute}`)).rows.map(
      (r) => r['QUERY PLAN'] as string,
    );
    return { plan, generic: (await counted()) > before };
  } finally {
    await client.end();
  }
}

await app.close();
await database.close();

async function rows<T>(statement: ReturnType<typeof sql>): Promise<T[]> {
  return ((await database.db.execute(statement)) as unknown as { rows: T[] }).rows;
}

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

export type { DatabaseHandle };
