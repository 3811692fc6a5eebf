import { sql } from 'drizzle-orm';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness.js';
import {
  PROQ_TEST_ENV,
  registerOnce,
  rows,
  statesOf,
  waitFor,
  workerPool,
} from '../../../test/proq-kit.js';
import {
  operator,
  record,
  untilFinal as untilFinalOf,
  useRecorder,
} from '../../../test/proq-recorder.js';
import { defineCommandHandler } from './command-registry.js';

const t = useTestApp(PROQ_TEST_ENV);
const pool = workerPool(t);
const recorder = useRecorder(t);
const seen = recorder.seen;

beforeAll(() => recorder.register());
beforeEach(() => recorder.reset());
afterEach(() => pool.stopAll());

const proq = () => t.app.ctx.services.proq;
const untilFinal = (ids: string[], timeoutMs?: number) => untilFinalOf(t, ids, timeoutMs);

describe('the ProQ engine', () => {
  it('runs a command to Completed with its message, result, progress and log lines', async () => {
    const [command] = await proq().enqueue(record('single', { jobId: operator.userId }));
    await pool.start();
    await untilFinal([command!.id]);
    const detail = await proq().getCommand(command!.id);
    expect(detail).toMatchObject({
      state: 'Completed',
      message: 'did single',
      result: { key: 'single' },
      attempts: 1,
      progress: 100,
      lockedBy: null,
    });
    expect(detail.logs.map((l) => l.message)).toEqual(['attempt 1 of single']);
    expect(detail.completedDate! >= detail.startedDate!).toBe(true);
  });

  it('claims the highest priority first and holds a command until its scheduledTime', async () => {
    const later = new Date(Date.now() + 1200);
    const made = await proq().enqueue([
      record('low', { priority: 0 }),
      record('high', { priority: 10 }),
      record('scheduled', { priority: 100, scheduledTime: later }),
      record('mid', { priority: 5 }),
    ]);
    await pool.start({ concurrency: 1 });
    await untilFinal(made.map((m) => m.id));
    // The scheduled one may run anywhere after its time (how soon depends on the machine's speed).
    expect(seen.order.filter((k) => k !== 'scheduled')).toEqual(['high', 'mid', 'low']);
    const scheduled = await proq().getCommand(made[2]!.id);
    expect(Date.parse(scheduled.startedDate!)).toBeGreaterThanOrEqual(later.getTime() - 5);
  });

  it('retries a failure with back-off and completes; exhausted attempts end in Error', async () => {
    const [flaky, broken] = await proq().enqueue([
      record('flaky', {}, { failTimes: 2 }),
      record('broken', { maxAttempts: 3 }, { failTimes: 99 }),
    ]);
    await pool.start();
    const states = await untilFinal([flaky!.id, broken!.id]);
    expect(states.get(flaky!.id)).toMatchObject({ state: 'Completed', attempts: 3 });
    expect(states.get(broken!.id)).toMatchObject({
      state: 'Error',
      attempts: 3,
      message: 'Failed after 3 attempts: boom 3',
    });
  });

  it('ends a permanent failure in Error at once, with the handler message', async () => {
    const [command] = await proq().enqueue(record('never', {}, { permanent: true }));
    await pool.start();
    const states = await untilFinal([command!.id]);
    expect(states.get(command!.id)).toMatchObject({
      state: 'Error',
      attempts: 1,
      message: 'never cannot work',
    });
  });

  it('refuses an unknown command type and a payload its handler rejects', async () => {
    await expect(proq().enqueue({ commandType: 'Nope' })).rejects.toMatchObject({
      statusCode: 400,
      message: 'commandType Nope has no registered handler',
    });
    await expect(
      proq().enqueue({ commandType: 'Test.Record', payload: { key: 7 } }),
    ).rejects.toMatchObject({ statusCode: 400, errors: [{ field: 'payload.key' }] });
  });

  it('aborts an attempt that outlives its stuck time-out and records it as a failure', async () => {
    const [command] = await proq().enqueue(
      record('slow', { stuckTimeOutInSeconds: 1, maxAttempts: 1 }, { sleepMs: 5000 }),
    );
    await pool.start();
    const states = await untilFinal([command!.id]);
    expect(states.get(command!.id)).toMatchObject({
      state: 'Error',
      message: 'Failed after 1 attempts: Timed out after 1 s (stuck time-out)',
    });
  });
});

describe('stuck commands and the scheduler', () => {
  it('returns a dead worker’s command to Pending (after its stuck time-out or the staleness window, whichever is shorter); it completes once', async () => {
    const [command] = await proq().enqueue(record('orphan', { stuckTimeOutInSeconds: 1 }));
    // A worker claims it, writes the effect, and dies: its heartbeat stops.
    await t.database.db.execute(
      sql`insert into proq_workers (id, hostname, pid, concurrency, command_types, heartbeat_at)
          values ('dead-worker', 'gone', 1, 1, '{}', now() - interval '1 hour')`,
    );
    await t.database.db.execute(
      sql`update proq_commands set state = 'InProgress', locked_by = 'dead-worker', attempts = 1,
            started_date = now() where id = ${command!.id}`,
    );
    await t.database.db.execute(sql`insert into test_effects (idempotency_key) values ('orphan')`);
    // An hour-long time-out does not hold a dead worker's command for an hour: its worker has
    // been silent past the staleness window, which is proof enough.
    const [long] = await proq().enqueue(record('long', { stuckTimeOutInSeconds: 3600 }));
    await t.database.db.execute(
      sql`update proq_commands set state = 'InProgress', locked_by = 'dead-worker', attempts = 1,
            started_date = now() - interval '1 minute' where id = ${long!.id}`,
    );
    // A live worker's command past its time-out is left alone (its heartbeat is fresh).
    const [alive] = await proq().enqueue(record('alive', { stuckTimeOutInSeconds: 1 }));
    await t.database.db.execute(
      sql`insert into proq_workers (id, hostname, pid, concurrency, command_types, heartbeat_at)
          values ('live-worker', 'here', 2, 1, '{}', now() + interval '1 hour')`,
    );
    await t.database.db.execute(
      sql`update proq_commands set state = 'InProgress', locked_by = 'live-worker', attempts = 1,
            started_date = now() - interval '1 minute' where id = ${alive!.id}`,
    );
    await pool.start();
    const states = await untilFinal([command!.id, long!.id]);
    expect(states.get(command!.id)).toMatchObject({ state: 'Completed', attempts: 2 });
    expect(states.get(long!.id)).toMatchObject({ state: 'Completed', attempts: 2 });
    expect(
      await rows(t.database, sql`select * from test_effects where idempotency_key = 'orphan'`),
    ).toHaveLength(1);
    expect((await statesOf(t.database, [alive!.id])).get(alive!.id)!.state).toBe('InProgress');
  });

  it('enqueues a recurring command once per period however many workers tick', async () => {
    registerOnce(
      t,
      defineCommandHandler({ commandType: 'Test.Tick', run: async () => ({ message: 'tick' }) }),
    );
    t.app.ctx.services.proq.registry.schedule({ commandType: 'Test.Tick', cron: '* * * * *' });
    await Promise.all([pool.start(), pool.start(), pool.start()]);
    const ticks = await waitFor(
      () =>
        rows<{ schedule_key: string; n: number; state: string }>(
          t.database,
          sql`select schedule_key, count(*)::int as n, min(state) as state from proq_commands
              where command_type in ('Test.Tick', 'PurgeExpiredSessions') group by schedule_key`,
        ),
      (r) => r.length >= 2 && r.every((k) => k.state === 'Completed'),
    );
    await new Promise((r) => setTimeout(r, 500));
    for (const tick of ticks) expect(tick.n).toBe(1);
    const purge = ticks.find((k) => k.schedule_key.startsWith('PurgeExpiredSessions@'));
    expect(purge).toBeDefined();
  });
});
