import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { openDatabase } from '../apps/server/src/db/client.js';
import { runMigrations } from '../apps/server/src/db/migrate.js';
import { seedDemoData } from '../apps/server/src/seed/seed.js';

/**
 * What the benchmarks that start a real server share: a fresh PostgreSQL database for each run
 * (dropped and made again, so a run never measures the last one's rows), a wait for the server,
 * a job or a browser to be ready, and the demo server itself.
 */
export async function recreateDatabase(url: string): Promise<void> {
  const name = new URL(url).pathname.slice(1).replace(/"/g, '');
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  await client.query(`drop database if exists "${name}" with (force)`);
  await client.query(`create database "${name}"`);
  await client.end();
}

/** Asks `probe` every half second until it answers something, or throws after `timeoutMs`. */
export async function until<T>(
  what: string,
  timeoutMs: number,
  probe: () => Promise<T | undefined>,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

const root = fileURLToPath(new URL('..', import.meta.url));

/**
 * The built app and the real server (`src/main.ts`) on a fresh PostgreSQL database with the
 * demo data and demo jobs, as the browser benchmarks measure it; resolves once it answers.
 * The web app is built first when there is no build (a manifest: the bundle budget reads it).
 */
export async function startDemoServer(options: {
  name: string;
  port: number;
  databaseUrl: string;
}): Promise<{ server: ChildProcess; dataDir: string; baseUrl: string }> {
  if (!fs.existsSync(path.join(root, 'apps/web/dist/.vite/manifest.json'))) {
    console.log('Building the web app (npm run build -w @b2b/web)…');
    execFileSync('npm', ['run', 'build', '-w', '@b2b/web'], { cwd: root, stdio: 'inherit' });
  }
  await recreateDatabase(options.databaseUrl);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `b2b-bench-${options.name}-`));
  const server = spawn(
    process.execPath,
    ['--max-semi-space-size=64', '--import', 'tsx', path.join(root, 'apps/server/src/main.ts')],
    {
      cwd: path.join(root, 'apps/server'),
      env: {
        ...process.env,
        PORT: String(options.port),
        DATABASE_URL: options.databaseUrl,
        DATA_DIR: dataDir,
        DEMO_SEED: 'true',
        DEMO_JOBS: 'true',
        LOG_LEVEL: 'warn',
        WEB_DIST: path.join(root, 'apps/web/dist'),
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const baseUrl = `http://localhost:${options.port}`;
  await until('the server', 120_000, async () =>
    (await fetch(`${baseUrl}/api/v1/system-mode`)).ok ? true : undefined,
  );
  return { server, dataDir, baseUrl };
}

/**
 * The app in this process on an in-memory database with the demo users (no demo jobs, no
 * workers), for benchmarks that time one endpoint or one command: `app.inject` or `listen`.
 */
export async function startInProcessApp(options: {
  dataDir: string;
  env?: Record<string, string>;
}) {
  const password = 'Bench-Password-1';
  const database = await openDatabase({ memory: true });
  await runMigrations(database);
  await seedDemoData(database.db, { password });
  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'test',
    CHECK_RESPONSES: 'false',
    LOG_LEVEL: 'silent',
    DATABASE_URL: '',
    DATA_DIR: options.dataDir,
    DEMO_SEED: 'false',
    DEMO_JOBS: 'false',
    WORKERS: '0',
    ...options.env,
  });
  const app = await buildApp(config, database);
  return { app, database, config, password };
}
