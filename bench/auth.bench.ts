import { performance } from 'node:perf_hooks';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { openDatabase } from '../apps/server/src/db/client.js';
import { runMigrations } from '../apps/server/src/db/migrate.js';
import { seedDemoData } from '../apps/server/src/seed/seed.js';
import { summarize } from './stats.js';

/**
 * Sign-in cost (argon2id verify + session insert) and the per-request session check every API
 * call pays, through the real app on PGlite in memory or on DATABASE_URL.
 */
const password = 'Bench-Password-1';
const config = loadConfig({
  ...process.env,
  NODE_ENV: 'test',
  CHECK_RESPONSES: 'false', // what production runs: responses written once, not checked again
  LOG_LEVEL: 'silent',
  DEMO_SEED: 'false',
});
const database = process.env.DATABASE_URL
  ? await openDatabase({ databaseUrl: process.env.DATABASE_URL })
  : await openDatabase({ memory: true });
await runMigrations(database);
await seedDemoData(database.db, { password });
const app = await buildApp({ ...config, loginMaxFailures: 1_000_000 }, database);
await app.ready();

const logins: number[] = [];
let cookie = '';
// Stays under the per-address limit of 30 sign-ins a minute.
for (let i = 0; i < 25; i++) {
  const start = performance.now();
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: { 'x-csrf-protection': '1' },
    payload: { username: 'issuer@example.com', password },
  });
  logins.push(performance.now() - start);
  cookie = `b2b_session=${res.cookies.find((c) => c.name === 'b2b_session')!.value}`;
}

const checks: number[] = [];
for (let i = 0; i < 2000; i++) {
  const start = performance.now();
  await app.inject({ url: '/api/v1/users/user-permissions', headers: { cookie } });
  checks.push(performance.now() - start);
}

console.log(`database: ${database.kind}`);
console.log(summarize('POST /api/auth/login', logins));
console.log(summarize('GET /api/v1/users/user-permissions', checks));
await app.close();
await database.close();
