import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness.js';
import {
  PROQ_TEST_ENV,
  createEffectTables,
  registerOnce,
  rows,
  statesOf,
  waitFor,
  workerPool,
} from '../../../test/proq-kit.js';
import type { Actor } from '../../lib/actor.js';
import { PermanentCommandError, defineCommandHandler } from './command-registry.js';

const t = useTestApp({ ...PROQ_TEST_ENV, PROQ_GROUP_LIMITS: 'pair=2' });
const pool = workerPool(t);
const operator: Actor = {
  userId: '00000000-0000-4000-8000-000000000001',
  username: 'operator@example.com',
  sessionId: 'test',
  permissions: [],
  issuerIds: [],
  eligible: true,
};

/** What the test handler did, in order. */
let order: string[] = [];
let running = new Map<string, number>();
let peak = new Map<string, number>();

const RecordPayload = z.object({
  key: z.string(),
  sleepMs: z.number().optional(),
  failTimes: z.number().optional(),
  permanent: z.boolean().optional(),
  group: z.string().optional(),
});

beforeAll(async () => {
  await createEffectTables(t.database);
  registerOnce(
    t,
    defineCommandHandler({
      commandType: 'Test.Record',
      payloadSchema: RecordPayload,
      async run({ payload, attempt, command, signal, log, reportProgress }) {
        const group = payload.group ?? '-';
        running.set(group, (running.get(group) ?? 0) + 1);
        peak.set(group, Math.max(peak.get(group) ?? 0, running.get(group)!));
        try {
          await t.database.db.execute(
            sql`insert into test_executions (command_id, attempt) values (${command.id}, ${attempt})`,
          );
          await log(`attempt ${attempt} of ${payload.key}`);
          if (payload.sleepMs) {
            await new Promise<void>((resolve) => {
              const timer = setTimeout(resolve, payload.sleepMs);
              signal.addEventListener('abort', () => {
                clearTimeout(timer);
                resolve();
              });
            });
            // A well-behaved handler stops when its attempt is aborted.
            if (signal.aborted) throw signal.reason;
          }
          if (payload.permanent) throw new PermanentCommandError(`${payload.key} cannot work`);
          if (attempt <= (payload.failTimes ?? 0)) throw new Error(`boom ${attempt}`);
          await reportProgress(50, 'half-way');
          await t.database.db.execute(
            sql`insert into test_effects (idempotency_key) values (${payload.key}) on conflict do nothing`,
          );
          order.push(payload.key);
          return { message: `did ${payload.key}`, result: { key: payload.key } };
        } finally {
          running.set(group, running.get(group)! - 1);
        }
      },
    }),
  );
});

beforeEach(() => {
  order = [];
  running = new Map();
  peak = new Map();
});
afterEach(() => pool.stopAll());

const proq = () => t.app.ctx.services.proq;
const record = (key: string, extra: Record<string, unknown> = {}, payload = {}) => ({
  commandType: 'Test.Record',
  payload: { key, ...payload },
  ...extra,
});
const untilFinal = (ids: string[], timeoutMs = 10_000) =>
  waitFor(
    () => statesOf(t.database, ids),
    (states) =>
      ids.every((id) => ['Completed', 'Error', 'Canceled'].includes(states.get(id)?.state ?? '')),
    timeoutMs,
    `commands ${ids.length} to finish`,
  );

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
    expect(order).toEqual(['high', 'mid', 'low', 'scheduled']);
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

describe('prerequisites and batches', () => {
  it('runs a 3-step prerequisite chain in order', async () => {
    const [a, b, c] = [crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID()];
    await proq().enqueue([
      record('step-1', { id: a }, { sleepMs: 30 }),
      record('step-2', { id: b, prerequisite: a }, { sleepMs: 30 }),
      record('step-3', { id: c, prerequisite: b }),
    ]);
    expect(
      [...(await statesOf(t.database, [a, b, c])).values()].map((s) => s.state).sort(),
    ).toEqual(['Blocked', 'Blocked', 'Pending']);
    await pool.start({ concurrency: 3 });
    await pool.start({ concurrency: 3 });
    await untilFinal([a, b, c]);
    expect(order).toEqual(['step-1', 'step-2', 'step-3']);
    const [d1, d2] = [await proq().getCommand(a), await proq().getCommand(b)];
    expect(d2.startedDate! >= d1.completedDate!).toBe(true);
  });

  it('cancels the rest of a chain when a step fails, naming why', async () => {
    const [a, b, c] = [crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID()];
    await proq().enqueue([
      record('first', { id: a }, { permanent: true }),
      record('second', { id: b, prerequisite: a }),
      record('third', { id: c, prerequisite: b }),
    ]);
    await pool.start();
    const states = await untilFinal([a, b, c]);
    expect(states.get(a)!.state).toBe('Error');
    expect(states.get(b)).toMatchObject({
      state: 'Canceled',
      message: `Canceled because its prerequisite command ${a} (Test.Record) ended in Error`,
    });
    expect(states.get(c)).toMatchObject({
      state: 'Canceled',
      message: `Canceled because its prerequisite command ${b} (Test.Record) ended in Canceled`,
    });
    expect(order).toEqual([]);
    // A command enqueued later on a failed prerequisite starts Canceled.
    const [late] = await proq().enqueue(record('late', { prerequisite: a }));
    expect(late).toMatchObject({ state: 'Canceled', canceledBecauseOf: a });
  });

  it('waits for a whole prerequisite batch, and cancels when a member fails', async () => {
    const ok = `batch-${crypto.randomUUID()}`;
    const bad = `batch-${crypto.randomUUID()}`;
    const made = await proq().enqueue([
      record('ok-1', { batchId: ok }, { sleepMs: 40 }),
      record('ok-2', { batchId: ok }, { sleepMs: 10 }),
      record('ok-3', { batchId: ok }),
      record('after-ok', { prerequisiteBatchId: ok }),
      record('bad-1', { batchId: bad }),
      record('bad-2', { batchId: bad }, { permanent: true }),
      record('after-bad', { prerequisiteBatchId: bad }),
    ]);
    await pool.start({ concurrency: 4 });
    const states = await untilFinal(made.map((m) => m.id));
    expect(order.indexOf('after-ok')).toBe(order.length - 1);
    expect(states.get(made[3]!.id)!.state).toBe('Completed');
    expect(states.get(made[6]!.id)).toMatchObject({
      state: 'Canceled',
      message: `Canceled because command ${made[5]!.id} (Test.Record) of its prerequisite batch ${bad} ended in Error`,
    });
  });

  it('refuses an unknown prerequisite and one listed after its dependant', async () => {
    await expect(
      proq().enqueue(record('x', { prerequisite: crypto.randomUUID() })),
    ).rejects.toMatchObject({ statusCode: 400, errors: [{ field: 'prerequisite' }] });
    const later = crypto.randomUUID();
    await expect(
      proq().enqueue([record('x', { prerequisite: later }), record('y', { id: later })]),
    ).rejects.toMatchObject({ statusCode: 400 });
  });
});

describe('processing groups, pauses and shutdown', () => {
  it('runs at most the configured number of a processing group at once, across workers', async () => {
    const made = await proq().enqueue([
      ...[1, 2, 3, 4, 5].map((i) =>
        record(`solo-${i}`, { processingGroup: 'solo' }, { sleepMs: 30, group: 'solo' }),
      ),
      ...[1, 2, 3, 4, 5, 6].map((i) =>
        record(`pair-${i}`, { processingGroup: 'pair' }, { sleepMs: 60, group: 'pair' }),
      ),
    ]);
    await pool.start({ concurrency: 4 });
    await pool.start({ concurrency: 4 });
    await untilFinal(made.map((m) => m.id));
    expect(peak.get('solo')).toBe(1);
    expect(peak.get('pair')).toBe(2);
  });

  it('claims nothing while paused, and nothing of a paused job', async () => {
    const job = crypto.randomUUID();
    await proq().pause(operator, {});
    const [queued] = await proq().enqueue(record('paused'));
    const [ofJob] = await proq().enqueue(record('job-paused', { jobId: job }));
    await pool.start();
    await new Promise((r) => setTimeout(r, 300));
    expect((await statesOf(t.database, [queued!.id])).get(queued!.id)!.state).toBe('Pending');
    expect((await proq().getStatusDetails()).isPaused).toBe(true);

    await proq().pause(operator, { jobId: job });
    const details = await proq().resume(operator, {});
    expect(details).toMatchObject({ isPaused: false, pausedJobIds: [job], isRunning: true });
    await untilFinal([queued!.id]);
    expect((await statesOf(t.database, [ofJob!.id])).get(ofJob!.id)!.state).toBe('Pending');
    await proq().resume(operator, { jobId: job });
    await untilFinal([ofJob!.id]);
  });

  it('releases running commands at shutdown without counting the attempt', async () => {
    const [command] = await proq().enqueue(record('long', {}, { sleepMs: 10_000 }));
    const worker = await pool.start();
    await waitFor(
      () => statesOf(t.database, [command!.id]),
      (s) => s.get(command!.id)?.state === 'InProgress',
    );
    await worker.stop(50);
    expect((await statesOf(t.database, [command!.id])).get(command!.id)).toMatchObject({
      state: 'Pending',
      attempts: 0,
      message: expect.stringContaining('Released by worker'),
    });
    expect(await rows(t.database, sql`select 1 from proq_workers where id = ${worker.id}`)).toEqual(
      [],
    );
    await proq().cancel(operator, command!.id);
  });
});

describe('stuck commands and the scheduler', () => {
  it('returns a dead worker’s command to Pending after its stuck time-out; it completes once', async () => {
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
    // A live worker's command past its time-out is left alone.
    const [alive] = await proq().enqueue(record('alive', { stuckTimeOutInSeconds: 1 }));
    await t.database.db.execute(
      sql`insert into proq_workers (id, hostname, pid, concurrency, command_types)
          values ('live-worker', 'here', 2, 1, '{}')`,
    );
    await t.database.db.execute(
      sql`update proq_commands set state = 'InProgress', locked_by = 'live-worker', attempts = 1,
            started_date = now() - interval '1 minute' where id = ${alive!.id}`,
    );
    // Drizzle queries are lazy: `.then` makes this one run.
    const keepAlive = setInterval(() => {
      t.database.db
        .execute(sql`update proq_workers set heartbeat_at = now() where id = 'live-worker'`)
        .then(
          () => undefined,
          () => undefined,
        );
    }, 100);
    try {
      await pool.start();
      const states = await untilFinal([command!.id]);
      expect(states.get(command!.id)).toMatchObject({ state: 'Completed', attempts: 2 });
      expect(
        await rows(t.database, sql`select * from test_effects where idempotency_key = 'orphan'`),
      ).toHaveLength(1);
      expect((await statesOf(t.database, [alive!.id])).get(alive!.id)!.state).toBe('InProgress');
    } finally {
      clearInterval(keepAlive);
    }
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
