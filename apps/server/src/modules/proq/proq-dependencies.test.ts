import { sql } from 'drizzle-orm';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness.js';
import { PROQ_TEST_ENV, rows, statesOf, waitFor, workerPool } from '../../../test/proq-kit.js';
import {
  operator,
  record,
  untilFinal as untilFinalOf,
  useRecorder,
} from '../../../test/proq-recorder.js';

const t = useTestApp({ ...PROQ_TEST_ENV, PROQ_GROUP_LIMITS: 'pair=2' });
const pool = workerPool(t);
const recorder = useRecorder(t);
const seen = recorder.seen;

beforeAll(() => recorder.register());
beforeEach(() => recorder.reset());
afterEach(() => pool.stopAll());

const proq = () => t.app.ctx.services.proq;
const untilFinal = (ids: string[], timeoutMs?: number) => untilFinalOf(t, ids, timeoutMs);

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
    expect(seen.order).toEqual(['step-1', 'step-2', 'step-3']);
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
    expect(seen.order).toEqual([]);
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
    expect(seen.order.indexOf('after-ok')).toBe(seen.order.length - 1);
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
    expect(seen.peak.get('solo')).toBe(1);
    expect(seen.peak.get('pair')).toBe(2);
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
    expect(details).toMatchObject({ isPaused: false, pausedJobIds: [job] });
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
