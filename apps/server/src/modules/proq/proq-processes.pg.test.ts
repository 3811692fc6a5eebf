import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness.js';
import { effectHandler } from '../../../test/proq-effect-handler.js';
import {
  PROQ_TEST_ENV,
  createEffectTables,
  registerOnce,
  rows,
  waitFor,
  workerPool,
} from '../../../test/proq-kit.js';

/*
 * Worker processes on a shared database: only a real PostgreSQL server can be shared between
 * processes (PGlite lives inside one), so this file runs in the server-postgres project only
 * (`*.pg.test.ts`, see vitest.config.ts).
 */
const t = useTestApp(PROQ_TEST_ENV);
const pool = workerPool(t);
const SERVER_ROOT = fileURLToPath(new URL('../../..', import.meta.url));

beforeAll(async () => {
  await createEffectTables(t.database);
  registerOnce(t, effectHandler(t.database.db));
});
afterAll(() => pool.stopAll());

const proq = () => t.app.ctx.services.proq;

/** How the given commands ended: completed, handler executions, effects written, most runs of one. */
async function outcome(ids: string[]) {
  const list = `{${ids.join(',')}}`;
  const [summary] = await rows<{
    completed: number;
    executions: number;
    effects: number;
    most: number;
  }>(
    t.database,
    sql`select
          (select count(*)::int from proq_commands where state = 'Completed' and id = any(${list}::uuid[])) as completed,
          (select count(*)::int from test_executions where command_id = any(${list}::uuid[])) as executions,
          (select count(*)::int from test_effects where idempotency_key = any(${list}::text[])) as effects,
          (select coalesce(max(n), 0)::int from (select count(*) as n from test_executions
             where command_id = any(${list}::uuid[]) group by command_id) runs) as most`,
  );
  return summary!;
}

describe('ProQ worker processes (PostgreSQL)', () => {
  it('a worker process killed with SIGKILL mid-command: the command returns to Pending after its stuck time-out and completes once', async () => {
    const [command] = await proq().enqueue({
      commandType: 'Test.Effect',
      payload: { hangOnFirstAttempt: true },
      stuckTimeOutInSeconds: 2,
    });
    const id = command!.id;
    const child = spawnChildWorker(t.database.location);
    try {
      await waitFor(
        () => rows(t.database, sql`select 1 from test_effects where idempotency_key = ${id}`),
        (r) => r.length === 1,
        20_000,
        'the child worker to write the effect',
      );
      child.kill('SIGKILL');
      await new Promise((resolve) => child.once('exit', resolve));
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    const [held] = await rows<{ state: string }>(
      t.database,
      sql`select state from proq_commands where id = ${id}`,
    );
    expect(held!.state).toBe('InProgress');

    await pool.start({ commandTypes: ['Test.Effect'] });
    const [final] = await waitFor(
      () =>
        rows<{ state: string; attempts: number; message: string }>(
          t.database,
          sql`select state, attempts, message from proq_commands where id = ${id}`,
        ),
      (r) => r[0]?.state === 'Completed',
      20_000,
      'the recovered command to complete',
    );
    expect(final).toMatchObject({ attempts: 2, message: 'effect written by attempt 2' });
    expect(await outcome([id])).toEqual({
      completed: 1,
      executions: 2,
      effects: 1,
      most: 2,
    });
  }, 60_000);

  it('`npm run worker` heart-beats on DATABASE_URL and leaves cleanly on SIGTERM', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/worker.ts'], {
      cwd: SERVER_ROOT,
      env: { ...process.env, ...PROQ_TEST_ENV, DATABASE_URL: t.database.location, WORKERS: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    try {
      await waitFor(
        () => proq().getStatusDetails(),
        (d) => d.workers.some((w) => w.pid === child.pid && w.isAlive),
        20_000,
        'the worker process to heart-beat',
      );
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
      const details = await proq().getStatusDetails();
      expect(details.workers.some((w) => w.pid === child.pid)).toBe(false);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  }, 30_000);
});

function spawnChildWorker(databaseUrl: string): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/proq-child-worker.ts'], {
    cwd: SERVER_ROOT,
    env: {
      ...process.env,
      ...PROQ_TEST_ENV,
      DATABASE_URL: databaseUrl,
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stderr?.on('data', (d: Buffer) => process.stderr.write(`[child worker] ${d}`));
  return child;
}
