import { PROQ_COMMAND_TYPES } from '@b2b/contract';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness.js';
import { PROQ_TEST_ENV, registerOnce, rows } from '../../../test/proq-kit.js';
import { defineCommandHandler } from './command-registry.js';

const t = useTestApp({ ...PROQ_TEST_ENV, PROQ_HEARTBEAT_SECONDS: '60', PROQ_RETENTION_DAYS: '30' });
const JOB = '55555555-5555-4555-8555-555555555555';
const ids: Record<string, string> = {};

/** A finished fixture, `daysAgo` days after it finished. */
async function finish(id: string, state: string, daysAgo: number) {
  await t.database.db.execute(
    sql`update proq_commands set state = ${state},
          completed_date = now() - make_interval(days => ${daysAgo}),
          queued_date = now() - make_interval(days => ${daysAgo + 1})
        where id = ${id}`,
  );
}

/** Counts per state as the monitoring calls report them, and as the table really holds them. */
async function countsBothWays() {
  await t.app.ctx.services.proq.compactCounts();
  const reported = (await t.app.ctx.services.proq.getCommandsInfo()).totals;
  const actual = Object.fromEntries(Object.keys(reported).map((s) => [s, 0]));
  for (const r of await rows<{ state: string; n: number }>(
    t.database,
    sql`select state, count(*)::int as n from proq_commands group by state`,
  ))
    actual[r.state] = Number(r.n);
  return { reported, actual };
}

beforeAll(async () => {
  registerOnce(t, defineCommandHandler({ commandType: 'Test.Keep', run: async () => undefined }));
  const proq = t.app.ctx.services.proq;
  const make = async (name: string, extra: Record<string, unknown> = {}) => {
    const [row] = await proq.enqueue({ commandType: 'Test.Keep', payload: { name }, ...extra });
    ids[name] = row!.id;
  };
  await make('old-completed');
  await make('old-canceled');
  await make('old-error');
  await make('recent-completed');
  await make('pending');
  await make('old-job-completed', { jobId: JOB });
  await make('old-prerequisite', { batchId: 'retention-batch' });
  await make('still-blocked', {
    prerequisite: ids['old-prerequisite'],
    prerequisiteBatchId: 'retention-other-batch',
  });
  await make('batch-member', { batchId: 'retention-other-batch' });
  await finish(ids['old-completed']!, 'Completed', 40);
  await finish(ids['old-canceled']!, 'Canceled', 31);
  await finish(ids['old-error']!, 'Error', 40);
  await finish(ids['recent-completed']!, 'Completed', 29);
  await finish(ids['old-job-completed']!, 'Completed', 45);
  await finish(ids['old-prerequisite']!, 'Completed', 60);
  // Log lines: one of a jobless command, one of a job's command.
  await t.database.db.execute(
    sql`insert into proq_job_logs (job_id, command_id, level, message) values
          (null, ${ids['old-completed']}, 'info', 'jobless line'),
          (${JOB}, ${ids['old-job-completed']}, 'info', 'job line')`,
  );
});

describe('ProQ retention', () => {
  it('is a scheduled maintenance command', () => {
    const proq = t.app.ctx.services.proq;
    expect(proq.registry.get(PROQ_COMMAND_TYPES.purgeProqCommands)).toBeDefined();
    expect(proq.registry.recurring()).toContainEqual(
      expect.objectContaining({ commandType: 'PurgeProqCommands', cron: '45 2 * * *' }),
    );
  });

  it('deletes old Completed and Canceled commands and keeps the rest, counts following', async () => {
    const before = await countsBothWays();
    expect(before.reported).toEqual(before.actual);

    const result = await t.app.ctx.services.proq.purgeFinishedCommands();
    expect(result).toEqual({ deleted: 3, retentionDays: 30 });

    const left = new Set(
      (await rows<{ id: string }>(t.database, sql`select id from proq_commands`)).map((r) => r.id),
    );
    for (const gone of ['old-completed', 'old-canceled', 'old-job-completed'])
      expect(left.has(ids[gone]!), gone).toBe(false);
    for (const kept of [
      'old-error',
      'recent-completed',
      'pending',
      'old-prerequisite',
      'still-blocked',
      'batch-member',
    ])
      expect(left.has(ids[kept]!), kept).toBe(true);

    const after = await countsBothWays();
    expect(after.reported).toEqual(after.actual);
    expect(after.reported.Completed).toBe(before.reported.Completed - 2);
    expect(after.reported.Canceled).toBe(before.reported.Canceled - 1);
    expect(after.reported.Error).toBe(before.reported.Error);

    const logs = await rows<{ message: string }>(
      t.database,
      sql`select message from proq_job_logs order by id`,
    );
    expect(logs.map((l) => l.message)).toEqual(['job line']);

    // A second run finds nothing more.
    expect((await t.app.ctx.services.proq.purgeFinishedCommands()).deleted).toBe(0);
  });

  it('runs as a command: the handler reports what it deleted', async () => {
    await finish(ids['recent-completed']!, 'Completed', 35);
    const handler = t.app.ctx.services.proq.registry.get(PROQ_COMMAND_TYPES.purgeProqCommands)!;
    const outcome = await handler.run({
      signal: new AbortController().signal,
    } as Parameters<typeof handler.run>[0]);
    expect(outcome).toEqual({
      message: 'Deleted 1 Completed or Canceled command(s) older than 30 day(s)',
      result: { deleted: 1, retentionDays: 30 },
    });
  });
});
