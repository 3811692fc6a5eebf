import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../../app.js';
import { type DatabaseHandle, openDatabase } from '../../db/client.js';
import { testConfig, useTestApp } from '../../../test/harness.js';
import { effectHandler } from '../../../test/proq-effect-handler.js';
import {
  PROQ_TEST_ENV,
  createEffectTables,
  registerOnce,
  rows,
  waitFor,
  workerPool,
} from '../../../test/proq-kit.js';
import { defineCommandHandler } from './command-registry.js';
import { createProqWorker } from './proq-worker.js';

const onPostgres = inject('dbKind') === 'postgres';
const t = useTestApp(PROQ_TEST_ENV);
const pool = workerPool(t);
const SERVER_ROOT = fileURLToPath(new URL('../../..', import.meta.url));

/** Runs per command of the 'never twice' test, counted in memory (the workers share this process). */
const runs = new Map<string, number>();

beforeAll(async () => {
  await createEffectTables(t.database);
  registerOnce(t, effectHandler(t.database.db));
  registerOnce(
    t,
    defineCommandHandler({
      commandType: 'Test.Count',
      run: async ({ command }) => void runs.set(command.id, (runs.get(command.id) ?? 0) + 1),
    }),
  );
});
afterAll(() => pool.stopAll());

const proq = () => t.app.ctx.services.proq;

const toPgArray = (ids: string[]) => `{${ids.join(',')}}`;

describe('ProQ reliability', () => {
  it(`never runs a command twice with 4 workers (${onPostgres ? '10,000' : '1,000'} commands)`, async () => {
    const count = onPostgres ? 10_000 : 1_000;
    const made = await proq().enqueue(
      Array.from({ length: count }, () => ({ commandType: 'Test.Count' })),
    );
    // On PostgreSQL each worker has its own connection pool, like separate processes.
    const handles: DatabaseHandle[] = onPostgres
      ? await Promise.all(
          [1, 2, 3, 4].map(() => openDatabase({ databaseUrl: t.database.location })),
        )
      : [];
    try {
      await Promise.all(
        [0, 1, 2, 3].map((i) => pool.start({ concurrency: 8, database: handles[i] })),
      );
      await waitFor(
        () =>
          rows<{ n: number }>(
            t.database,
            sql`select count(*)::int as n from proq_commands
                where command_type = 'Test.Count' and state = 'Completed'`,
          ),
        (r) => r[0]!.n === count,
        150_000, // ~15 s on an idle 2-core machine; generous for a busy one
        'every command to complete',
      );
    } finally {
      await pool.stopAll();
      await Promise.all(handles.map((h) => h.close()));
    }
    expect(runs.size).toBe(count);
    expect(made.every((m) => runs.get(m.id) === 1)).toBe(true);
  }, 180_000);

  it('refuses to start `npm run worker` without DATABASE_URL', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/worker.ts'], {
      cwd: SERVER_ROOT,
      env: { ...process.env, DATABASE_URL: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    expect(await new Promise((resolve) => child.once('exit', resolve))).toBe(1);
    expect(stderr).toContain('DATABASE_URL is required for `npm run worker`');
  }, 30_000);

  it('loses nothing queued when the server restarts mid-way', async () => {
    const store = await restartableDatabase();
    try {
      const first = await startServer(await store.open());
      const made = await first.app.ctx.services.proq.enqueue(
        Array.from({ length: 60 }, () => ({
          commandType: 'Test.Effect',
          payload: { sleepMs: 15 },
        })),
      );
      const ids = made.map((m) => m.id);
      await waitFor(
        () => completedCount(first.handle, ids),
        (n) => n >= 5,
        20_000,
        'some commands to complete',
      );
      await first.stop(0); // grace 0: running commands are released, not finished
      const midway = await (async () => {
        const second = await startServer(await store.open());
        try {
          return await waitFor(
            () => completedCount(second.handle, ids),
            (n) => n === ids.length,
            30_000,
            'every command to complete after the restart',
          );
        } finally {
          const effects = await rows<{ n: number }>(
            second.handle,
            sql`select count(distinct idempotency_key)::int as n from test_effects`,
          );
          expect(effects[0]!.n).toBe(ids.length);
          await second.stop(1000);
        }
      })();
      expect(midway).toBe(ids.length);
    } finally {
      await store.cleanup();
    }
  }, 120_000);
});

async function completedCount(handle: DatabaseHandle, ids: string[]): Promise<number> {
  const [row] = await rows<{ n: number }>(
    handle,
    sql`select count(*)::int as n from proq_commands
        where state = 'Completed' and id = any(${toPgArray(ids)}::uuid[])`,
  );
  return row!.n;
}

/** A server process: the app on its own database connection, and its in-process worker. */
async function startServer(handle: DatabaseHandle) {
  const app = await buildApp(testConfig(PROQ_TEST_ENV), handle);
  app.ctx.services.proq.registry.register(effectHandler(handle.db));
  await createEffectTables(handle);
  const worker = createProqWorker({
    db: handle.db,
    proq: app.ctx.services.proq,
    registry: app.ctx.services.proq.registry,
    config: app.ctx.config.proq,
    log: app.log,
    concurrency: 4,
  });
  await worker.start();
  return {
    app,
    handle,
    async stop(graceMs: number) {
      await app.close();
      await worker.stop(graceMs);
      await handle.close();
    },
  };
}

/**
 * A database that outlives one "process": a PGlite data folder, or, on PostgreSQL, a fresh
 * database opened again by URL.
 */
async function restartableDatabase() {
  if (!onPostgres) {
    // A PGlite data folder, first filled from the migrated test snapshot.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'b2b-restart-'));
    let first = true;
    return {
      async open() {
        const snapshot = first ? new Blob([fs.readFileSync(inject('pgliteSnapshot'))]) : undefined;
        first = false;
        return openDatabase({ dataDir: dir, loadDataDir: snapshot });
      },
      cleanup: async () => fs.rmSync(dir, { recursive: true, force: true }),
    };
  }
  const { openTestDatabase } = await import('../../../test/test-database.js');
  const owner = await openTestDatabase();
  return {
    open: () => openDatabase({ databaseUrl: owner.location }),
    cleanup: () => owner.close(),
  };
}
