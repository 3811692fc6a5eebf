import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness.js';
import { PROQ_TEST_ENV, registerOnce, statesOf } from '../../../test/proq-kit.js';
import { defineCommandHandler } from './command-registry.js';

const t = useTestApp({ ...PROQ_TEST_ENV, PROQ_HEARTBEAT_SECONDS: '60' });
const JOB = '22222222-2222-4222-8222-222222222222';
const OTHER_JOB = '33333333-3333-4333-8333-333333333333';
const ORDER_JOB = '44444444-4444-4444-8444-444444444444';
const ids: Record<string, string> = {};
let developer = '';
let admin = '';
let issuer = '';

/** Sets a fixture's state directly (as if it had run), with how long ago it was queued. */
async function setState(
  id: string,
  state: string,
  extra: { message?: string; canceledBecauseOf?: string; queuedMinutesAgo?: number } = {},
) {
  const finished = ['Completed', 'Error', 'Canceled'].includes(state);
  await t.database.db.execute(
    sql`update proq_commands set state = ${state}, message = ${extra.message ?? null},
          canceled_because_of = ${extra.canceledBecauseOf ?? null},
          completed_date = case when ${finished} then now() end,
          queued_date = now() - make_interval(mins => ${extra.queuedMinutesAgo ?? 0})
        where id = ${id}`,
  );
}

beforeAll(async () => {
  registerOnce(t, defineCommandHandler({ commandType: 'Test.Ingest', run: async () => undefined }));
  registerOnce(t, defineCommandHandler({ commandType: 'Test.Match', run: async () => undefined }));
  const proq = t.app.ctx.services.proq;
  const make = async (name: string, commandType: string, extra: Record<string, unknown> = {}) => {
    const [row] = await proq.enqueue({ commandType, payload: { name }, ...extra });
    ids[name] = row!.id;
  };
  // JOB: ingest (done) → match-1 (failed) → match-2 (canceled because of match-1); ingest-2 queued.
  await make('ingest', 'Test.Ingest', { jobId: JOB, tags: ['job'] });
  await make('match-1', 'Test.Match', { jobId: JOB, prerequisite: ids.ingest });
  await make('match-2', 'Test.Match', { jobId: JOB, prerequisite: ids['match-1'] });
  await make('ingest-2', 'Test.Ingest', { jobId: JOB });
  await setState(ids.ingest!, 'Completed', { queuedMinutesAgo: 30 });
  await setState(ids['match-1']!, 'Error', { message: 'kaput', queuedMinutesAgo: 20 });
  await setState(ids['match-2']!, 'Canceled', {
    canceledBecauseOf: ids['match-1'],
    message: 'Canceled because its prerequisite failed',
    queuedMinutesAgo: 10,
  });
  await make('other', 'Test.Ingest', { jobId: OTHER_JOB });
  // ORDER_JOB: the dependant is older than its prerequisite and was canceled on its own, so a
  // first pass cannot restart it; the second pass does, once its prerequisite is queued again.
  await make('first', 'Test.Ingest', { jobId: ORDER_JOB });
  await make('second', 'Test.Match', { jobId: ORDER_JOB, prerequisite: ids.first });
  await setState(ids.first!, 'Canceled', { message: 'Canceled by someone', queuedMinutesAgo: 1 });
  await setState(ids.second!, 'Canceled', { message: 'Canceled by someone', queuedMinutesAgo: 5 });
  // JOB is a real analysis job: the workflow and quick view show its name.
  await t.database.db.execute(
    sql`insert into jobs (id, type, issuer_id, buyer_id, owner_id, name, currency, analysis_date)
        select ${JOB}::uuid, 'base', b.issuer_id, b.id, u.id, 'Quarterly supplier spend', 'GBP',
               '2026-01-01'
        from buyers b, users u where u.username = 'developer@example.com' limit 1`,
  );
  developer = await t.signIn('developer@example.com');
  admin = await t.signIn('sysadmin@example.com');
  issuer = await t.signIn('issuer@example.com');
});

const get = (url: string, cookie = developer) => t.request({ url, cookie });
const post = (url: string, payload: unknown = undefined, cookie = developer) =>
  t.request({ method: 'POST', url, payload: payload as object, cookie });

describe('Workflow management calls', () => {
  it('refuse users without ProQ_VIEW (403)', async () => {
    expect((await post('/api/v1/proq/jobs', {}, issuer)).statusCode).toBe(403);
    expect((await get(`/api/v1/proq/jobs/${JOB}/workflow`, issuer)).statusCode).toBe(403);
  });

  it('list the jobs with commands, their overall state and counts, filterable', async () => {
    const res = await post('/api/v1/proq/jobs', {});
    expect(res.statusCode).toBe(200);
    const page = res.json();
    expect(page.totalCount).toBe(3);
    const job = page.collection.find((j: { jobId: string }) => j.jobId === JOB);
    expect(job).toMatchObject({
      jobName: 'Quarterly supplier spend',
      state: 'Error',
      commandCount: 4,
      queuedCount: 1,
      completedCount: 1,
      errorCount: 1,
      canceledCount: 1,
      isPaused: false,
    });
    const filtered = (
      await post('/api/v1/proq/jobs', {
        filters: {
          filterItems: [
            { propertyName: 'state', itemComparisonOperator: 'Equal', itemValue: 'Pending' },
          ],
        },
      })
    ).json();
    expect(filtered.collection.map((j: { jobId: string }) => j.jobId)).toEqual([OTHER_JOB]);
    expect(filtered.collection[0].jobName).toBeNull();
    const byName = (
      await post('/api/v1/proq/jobs', {
        filters: {
          filterItems: [
            { propertyName: 'jobName', itemComparisonOperator: 'Contains', itemValue: 'supplier' },
          ],
        },
      })
    ).json();
    expect(byName.collection.map((j: { jobId: string }) => j.jobId)).toEqual([JOB]);
    const bad = await post('/api/v1/proq/jobs', {
      filters: {
        filterItems: [{ propertyName: 'owner', itemComparisonOperator: 'Equal', itemValue: 'x' }],
      },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].field).toBe('body.filters.filterItems[0].propertyName');
  });

  it("show a job's steps by command type in queue order, with their commands", async () => {
    const res = await get(`/api/v1/proq/jobs/${JOB}/workflow`, admin);
    expect(res.statusCode).toBe(200);
    const workflow = res.json();
    expect(workflow).toMatchObject({ jobId: JOB, state: 'Error', commandCount: 4 });
    expect(
      workflow.steps.map((s: { commandType: string; state: string; commands: unknown[] }) => [
        s.commandType,
        s.state,
        s.commands.length,
      ]),
    ).toEqual([
      ['Test.Ingest', 'Pending', 2],
      ['Test.Match', 'Error', 2],
    ]);
    expect(workflow.steps[1].commands.map((c: { id: string }) => c.id)).toEqual([
      ids['match-1'],
      ids['match-2'],
    ]);
    expect((await get(`/api/v1/proq/jobs/${crypto.randomUUID()}/workflow`)).statusCode).toBe(404);
    expect((await get('/api/v1/proq/jobs/job-7/workflow')).statusCode).toBe(400);
  });

  it('restart only for holders of Workflow_PauseCommands (403 for the system administrator)', async () => {
    expect((await post(`/api/v1/proq/jobs/${JOB}/restart`, undefined, admin)).statusCode).toBe(403);
    expect((await post(`/api/v1/proq/jobs/${JOB}/restart`, undefined, issuer)).statusCode).toBe(
      403,
    );
  });

  it("restart queues a job's failed commands again and restores their dependants", async () => {
    const res = await post(`/api/v1/proq/jobs/${JOB}/restart`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ affected: 2, workflow: { state: 'Pending' } });
    const states = await statesOf(t.database, [ids['match-1']!, ids['match-2']!, ids.ingest!]);
    expect(states.get(ids['match-1']!)).toMatchObject({ state: 'Pending', message: null });
    expect(states.get(ids['match-2']!)).toMatchObject({ state: 'Blocked', message: null });
    expect(states.get(ids.ingest!)?.state).toBe('Completed');
    // Nothing left to restart: a second call changes nothing.
    expect((await post(`/api/v1/proq/jobs/${JOB}/restart`)).json().affected).toBe(0);
    expect((await post(`/api/v1/proq/jobs/${crypto.randomUUID()}/restart`)).statusCode).toBe(404);
  });

  it('restart respects prerequisites whatever the queue order', async () => {
    const res = await post(`/api/v1/proq/jobs/${ORDER_JOB}/restart`);
    expect(res.json().affected).toBe(2);
    const states = await statesOf(t.database, [ids.first!, ids.second!]);
    expect(states.get(ids.first!)?.state).toBe('Pending');
    expect(states.get(ids.second!)?.state).toBe('Blocked');
  });

  it('name the job in the quick view of its commands', async () => {
    const rows = (await get(`/api/v1/proq/queued-commands-quick-view/${JOB}`)).json();
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.jobName).toBe('Quarterly supplier spend');
  });

  it('pause and resume one job through the queue calls, shown on the job', async () => {
    await post('/api/v1/proq/pause', { jobId: JOB });
    expect((await get(`/api/v1/proq/jobs/${JOB}/workflow`)).json().isPaused).toBe(true);
    await post('/api/v1/proq/resume', { jobId: JOB });
    expect((await get(`/api/v1/proq/jobs/${JOB}/workflow`)).json().isPaused).toBe(false);
  });

  it("cancel a job's queued commands with job maintenance update only", async () => {
    expect((await post(`/api/v1/proq/jobs/${JOB}/cancel`, undefined, admin)).statusCode).toBe(403);
    const tester = await t.signIn('tester@example.com');
    expect((await post(`/api/v1/proq/jobs/${JOB}/cancel`, undefined, tester)).statusCode).toBe(403);
    const res = await post(`/api/v1/proq/jobs/${JOB}/cancel`);
    expect(res.statusCode, res.body).toBe(200);
    // match-1 and ingest-2 (Pending) and match-2 (Blocked, canceled with its prerequisite).
    expect(res.json().affected).toBe(3);
    expect(res.json().workflow.queuedCount).toBe(0);
    const states = await statesOf(t.database, [ids['match-1']!, ids['match-2']!]);
    expect(states.get(ids['match-1']!)?.message).toBe(
      'Canceled by developer@example.com (job maintenance)',
    );
    expect(states.get(ids['match-2']!)?.state).toBe('Canceled');
    // Other jobs keep their commands.
    expect((await statesOf(t.database, [ids.other!])).get(ids.other!)?.state).toBe('Pending');
  });
});
