import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness.js';
import { PROQ_TEST_ENV, registerOnce } from '../../../test/proq-kit.js';
import { defineCommandHandler } from './command-registry.js';

const t = useTestApp({
  ...PROQ_TEST_ENV,
  // No worker runs here: a fixture heartbeat must stay fresh however slow the machine is.
  PROQ_HEARTBEAT_SECONDS: '60',
  PROQ_BACKOFF_MIN_SECONDS: '2',
  PROQ_BACKOFF_MAX_SECONDS: '90',
});
const JOB = '11111111-1111-4111-8111-111111111111';
const ids: Record<string, string> = {};
let admin = '';
let developer = '';

async function setState(id: string, state: string, message: string | null = null) {
  const finished = ['Completed', 'Error', 'Canceled'].includes(state);
  await t.database.db.execute(
    sql`update proq_commands set state = ${state}, message = ${message},
          started_date = case when ${state} <> 'Pending' and ${state} <> 'Blocked' then now() end,
          completed_date = case when ${finished} then now() end,
          locked_by = case when ${state} = 'InProgress' then 'fixture-worker' end
        where id = ${id}`,
  );
}

beforeAll(async () => {
  registerOnce(t, defineCommandHandler({ commandType: 'Test.Noop', run: async () => undefined }));
  const proq = t.app.ctx.services.proq;
  const make = async (name: string, extra: Record<string, unknown> = {}) => {
    const [row] = await proq.enqueue({ commandType: 'Test.Noop', payload: { name }, ...extra });
    ids[name] = row!.id;
  };
  await make('pending', {
    priority: 5,
    tags: ['alpha', 'beta'],
    jobId: JOB,
    targetEntityId: 'entity-1',
    category: 'Import',
    correlationId: 'corr-1',
  });
  await make('blocked', { prerequisite: ids.pending, jobId: JOB });
  await make('running', { priority: 1 });
  await make('done-1');
  await make('done-2');
  await make('failed');
  await make('canceled');
  await setState(ids.running!, 'InProgress');
  await setState(ids['done-1']!, 'Completed', 'first done');
  await setState(ids['done-2']!, 'Completed', 'second done');
  await setState(ids.failed!, 'Error', 'Failed after 5 attempts: kaput');
  await setState(ids.canceled!, 'Canceled', 'Canceled by someone');
  admin = await t.signIn('sysadmin@example.com');
  developer = await t.signIn('developer@example.com');
});

const get = (url: string, cookie = admin) => t.request({ url, cookie });
const post = (url: string, payload?: unknown, cookie = admin) =>
  t.request({ method: 'POST', url, payload: payload as object, cookie });
const list = (kind: string, payload: unknown = {}) =>
  post(`/api/v1/proq/${kind}-commands`, payload);
const filter = (
  propertyName: string,
  itemComparisonOperator: string,
  itemValue: unknown,
  allowNullValue = false,
) => ({
  filters: { filterItems: [{ propertyName, itemComparisonOperator, itemValue, allowNullValue }] },
});

describe('ProQ monitoring calls', () => {
  it('answer 401 without a session and 403 without ProQ_VIEW', async () => {
    expect((await t.request({ url: '/api/v1/proq/get-proqmonitoring-data' })).statusCode).toBe(401);
    const issuer = await t.signIn('issuer@example.com');
    expect((await get('/api/v1/proq/get-proqmonitoring-data', issuer)).statusCode).toBe(403);
  });

  it('report queue counts, and running only while a worker heart-beats', async () => {
    const res = await get('/api/v1/proq/get-proqmonitoring-data');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      queueCounts: {
        queuedCommandsCount: 3,
        queuedCompletedCommandsCount: 2,
        queuedErrorCommandsCount: 2,
      },
      isRunning: false,
      isPaused: false,
    });
    await t.database.db.execute(
      sql`insert into proq_workers (id, hostname, pid, concurrency, command_types)
          values ('fixture-worker', 'test', 1, 2, '{Test.Noop}')`,
    );
    expect((await get('/api/v1/proq/get-proqmonitoring-data')).json().isRunning).toBe(true);
    const details = (await get('/api/v1/proq/proq-status-details')).json();
    expect(details).toMatchObject({ queuedCommandCount: 3, isRunning: true, isPaused: false });
    expect(details.workers).toEqual([
      expect.objectContaining({ id: 'fixture-worker', concurrency: 2, isAlive: true }),
    ]);
  });

  it('count queued commands and every state per command type', async () => {
    const counts = (await get('/api/v1/proq/queued-commands-count')).json();
    expect(counts).toContainEqual({ name: 'Test.Noop', count: 3 });
    expect(counts).toContainEqual({ name: 'SystemHealthCheck', count: 0 });
    const info = (await get('/api/v1/proq/proq-commands-info')).json();
    expect(info.totals).toEqual({
      Blocked: 1,
      Pending: 1,
      InProgress: 1,
      Completed: 2,
      Error: 1,
      Canceled: 1,
    });
    expect(
      info.byCommandType.find((r: { commandType: string }) => r.commandType === 'Test.Noop'),
    ).toMatchObject({ Pending: 1, Completed: 2 });
  });

  it('list the registered command types', async () => {
    const types = (await get('/api/v1/proq/get-proq-command-types')).json();
    expect(types).toEqual(
      expect.arrayContaining(['PurgeExpiredSessions', 'SystemHealthCheck', 'Test.Noop']),
    );
  });

  it('show quick views without Blocked commands, for all jobs or one', async () => {
    const all = (await get('/api/v1/proq/queued-commands-quick-view')).json();
    expect(all).toHaveLength(6);
    expect(all.map((r: { state: string }) => r.state)).not.toContain('Blocked');
    expect(all[0]).toEqual({
      id: expect.any(String),
      jobId: null,
      commandType: 'Test.Noop',
      state: expect.any(String),
      age: 0,
      tags: [],
      jobName: null,
    });
    const job = (await get(`/api/v1/proq/queued-commands-quick-view/${JOB}`)).json();
    expect(job).toEqual([expect.objectContaining({ id: ids.pending, tags: ['alpha', 'beta'] })]);
    const bad = await get('/api/v1/proq/queued-commands-quick-view/not-a-uuid');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].field).toBe('params.jobId');
  });

  it('report the back-off figures and the retry waiting longest', async () => {
    const idle = (await get('/api/v1/proq/get-proq-backoff-strategy-data')).json();
    expect(idle).toEqual({
      currentDelay: 0,
      minDelay: 2,
      maxDelay: 90,
      coefficient: 2,
      totalSecondsDiff: 0,
    });
    const [waiting] = await t.app.ctx.services.proq.enqueue({ commandType: 'Test.Noop' });
    await t.database.db.execute(
      sql`update proq_commands set last_delay_seconds = 32, available_at = now() + interval '30 seconds'
          where id = ${waiting!.id}`,
    );
    const busy = (await get('/api/v1/proq/get-proq-backoff-strategy-data')).json();
    expect(busy.currentDelay).toBe(32);
    expect(busy.totalSecondsDiff).toBeGreaterThanOrEqual(28);
    expect(busy.totalSecondsDiff).toBeLessThanOrEqual(30);
    await t.database.db.execute(sql`delete from proq_commands where id = ${waiting!.id}`);
  });

  it('tell whether a job or entity still has queued commands', async () => {
    expect((await post(`/api/v1/proq/${JOB}/check-queued-commands`)).json()).toBe(true);
    expect((await post('/api/v1/proq/entity-1/check-queued-commands')).json()).toBe(true);
    expect((await post('/api/v1/proq/nothing-here/check-queued-commands')).json()).toBe(false);
  });

  it('show one command with its engine fields, 404 for an unknown one, 400 for a bad id', async () => {
    const res = await get(`/api/v1/proq/commands/${ids.failed}`);
    expect(res.json()).toMatchObject({
      id: ids.failed,
      state: 'Error',
      message: 'Failed after 5 attempts: kaput',
      payload: { name: 'failed' },
      attempts: 0,
      maxAttempts: 5,
      logs: [],
    });
    expect((await get(`/api/v1/proq/commands/${crypto.randomUUID()}`)).statusCode).toBe(404);
    expect((await get('/api/v1/proq/commands/42')).statusCode).toBe(400);
  });
});

describe('ProQ paged lists', () => {
  it('list queued commands by priority with paging figures', async () => {
    const res = await list('queued', { pageSize: 2 });
    expect(res.statusCode).toBe(200);
    const page = res.json();
    expect(page).toMatchObject({
      currentPage: 1,
      pageSize: 2,
      totalCount: 3,
      totalPages: 2,
      hasNextPage: true,
      hasPreviousPage: false,
    });
    expect(page.collection.map((c: { id: string }) => c.id)).toEqual([ids.pending, ids.running]);
    const second = (await list('queued', { pageSize: 2, pageNumber: 2 })).json();
    expect(second).toMatchObject({ hasNextPage: false, hasPreviousPage: true });
    expect(second.collection[0]).toMatchObject({
      id: ids.blocked,
      state: 'Blocked',
      prerequisite: ids.pending,
    });
  });

  it('list error and completed commands with their message, latest first', async () => {
    const errors = (await list('error')).json();
    expect(errors.totalCount).toBe(2);
    expect(errors.collection.map((c: { message: string }) => c.message).sort()).toEqual([
      'Canceled by someone',
      'Failed after 5 attempts: kaput',
    ]);
    const done = (await list('completed', { orderBy: 'message asc' })).json();
    expect(done.collection.map((c: { message: string }) => c.message)).toEqual([
      'first done',
      'second done',
    ]);
  });

  it('filter on every kind of property, case-insensitively', async () => {
    const count = async (body: unknown) => (await list('queued', body)).json().totalCount;
    expect(await count(filter('commandType', 'Contains', 'noop'))).toBe(3);
    expect(await count(filter('CommandType', 'Equal', 'Test.Noop'))).toBe(3);
    expect(await count(filter('tags', 'Contains', 'alpha'))).toBe(1);
    expect(await count(filter('tags', 'StartsWith', 'be'))).toBe(1);
    expect(await count(filter('jobId', 'Equal', JOB))).toBe(2);
    expect(await count(filter('jobId', 'Equal', null))).toBe(1);
    expect(await count(filter('category', 'Equal', 'Import', true))).toBe(3);
    expect(await count(filter('state', 'NotEqual', 'Blocked'))).toBe(2);
    expect(await count(filter('priority', 'GreaterThanOrEqual', 1))).toBe(2);
    expect(await count(filter('priority', 'LessThan', '1'))).toBe(1);
    expect(await count(filter('age', 'LessThan', 5))).toBe(3);
    expect(
      await count(filter('queuedDate', 'LessThan', new Date(Date.now() + 3600_000).toISOString())),
    ).toBe(3);
    expect(await count(filter('payload', 'Contains', '"name": "pend'))).toBe(1);
    expect(await count(filter('correlationId', 'EndsWith', '-1'))).toBe(1);
    expect(await count(filter('id', 'StartsWith', ids.pending!.slice(0, 8)))).toBe(1);
    expect(await count(filter('message', 'Contains', '100%_'))).toBe(0);
  });

  it('answer 400 naming the field for malformed list requests, never 500', async () => {
    const cases: [unknown, string][] = [
      [filter('nope', 'Equal', 'x'), 'body.filters.filterItems[0].propertyName'],
      [filter('priority', 'Contains', '1'), 'body.filters.filterItems[0].itemComparisonOperator'],
      [filter('priority', 'Equal', 'high'), 'body.filters.filterItems[0].itemValue'],
      [filter('jobId', 'GreaterThan', JOB), 'body.filters.filterItems[0].itemComparisonOperator'],
      [filter('jobId', 'Equal', 'not-a-uuid'), 'body.filters.filterItems[0].itemValue'],
      [filter('queuedDate', 'LessThan', 'yesterday'), 'body.filters.filterItems[0].itemValue'],
      [filter('state', 'Equal', 'Sleeping'), 'body.filters.filterItems[0].itemValue'],
      [filter('priority', 'GreaterThan', null), 'body.filters.filterItems[0].itemValue'],
      [filter('payload', 'Equal', 'x'), 'body.filters.filterItems[0].itemComparisonOperator'],
      [filter('state', 'Like', 'x'), 'body.filters.filterItems.0.itemComparisonOperator'],
      [{ orderBy: 'nope' }, 'body.orderBy'],
      [{ orderBy: 'priority sideways' }, 'body.orderBy'],
      [{ orderBy: 'tags' }, 'body.orderBy'],
      [{ secondaryOrderBy: 'payload desc' }, 'body.secondaryOrderBy'],
      [{ pageSize: 501 }, 'body.pageSize'],
      [{ pageNumber: 0 }, 'body.pageNumber'],
      [{ unexpected: true }, 'body'],
    ];
    for (const [body, field] of cases) {
      const res = await list('queued', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      const fields = (res.json().errors ?? []).map((e: { field: string }) =>
        e.field.replace(/\[(\d+)\]/g, '.$1'),
      );
      expect(fields, JSON.stringify(res.json())).toContain(field.replace(/\[(\d+)\]/g, '.$1'));
    }
    const malformed = await t.request({
      method: 'POST',
      url: '/api/v1/proq/queued-commands',
      cookie: admin,
      headers: { 'content-type': 'application/json' },
      payload: '{"pageSize":',
    });
    expect(malformed.statusCode).toBe(400);
  });
});

describe('ProQ operator actions', () => {
  it('cancel a Pending command and, with it, the commands waiting for it', async () => {
    const res = await post(`/api/v1/proq/commands/${ids.pending}/cancel`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      state: 'Canceled',
      message: 'Canceled by sysadmin@example.com',
    });
    const dependant = (await get(`/api/v1/proq/commands/${ids.blocked}`)).json();
    expect(dependant).toMatchObject({
      state: 'Canceled',
      message: `Canceled because its prerequisite command ${ids.pending} (Test.Noop) ended in Canceled`,
    });
  });

  it('refuse to cancel a running or finished command (409) or an unknown one (404)', async () => {
    for (const name of ['running', 'done-1', 'failed']) {
      const res = await post(`/api/v1/proq/commands/${ids[name]}/cancel`);
      expect(res.statusCode, name).toBe(409);
    }
    expect((await post(`/api/v1/proq/commands/${crypto.randomUUID()}/cancel`)).statusCode).toBe(
      404,
    );
  });

  it('retry an Error or Canceled command, restoring the dependants canceled because of it', async () => {
    const blockedRetry = await post(`/api/v1/proq/commands/${ids.blocked}/retry`);
    expect(blockedRetry.statusCode).toBe(409);
    expect(blockedRetry.json().message).toContain(
      `prerequisite command ${ids.pending} ended in Canceled`,
    );

    const retried = await post(`/api/v1/proq/commands/${ids.pending}/retry`);
    expect(retried.json()).toMatchObject({ state: 'Pending', message: null, completedDate: null });
    expect((await get(`/api/v1/proq/commands/${ids.blocked}`)).json()).toMatchObject({
      state: 'Blocked',
      message: null,
    });
    const failed = await post(`/api/v1/proq/commands/${ids.failed}/retry`);
    expect(failed.json()).toMatchObject({ state: 'Pending' });
    expect((await get(`/api/v1/proq/commands/${ids.failed}`)).json().attempts).toBe(0);
    expect((await post(`/api/v1/proq/commands/${ids['done-1']}/retry`)).statusCode).toBe(409);
    expect((await post(`/api/v1/proq/commands/${ids.running}/retry`)).statusCode).toBe(409);
  });

  it('pause and resume the queue or a job, for holders of Workflow_PauseCommands only', async () => {
    expect((await post('/api/v1/proq/pause', {}, admin)).statusCode).toBe(403);
    const paused = await post('/api/v1/proq/pause', {}, developer);
    expect(paused.statusCode).toBe(200);
    expect(paused.json()).toMatchObject({ isPaused: true, pausedJobIds: [] });
    expect((await get('/api/v1/proq/get-proqmonitoring-data')).json().isPaused).toBe(true);
    const job = await post('/api/v1/proq/resume', { jobId: JOB }, developer);
    expect(job.json().isPaused).toBe(true);
    expect(
      (await post('/api/v1/proq/pause', { jobId: JOB }, developer)).json().pausedJobIds,
    ).toEqual([JOB]);
    const noBody = await post('/api/v1/proq/pause', undefined, developer);
    expect(noBody.statusCode, noBody.body).toBe(200);
    const resumed = (await post('/api/v1/proq/resume', {}, developer)).json();
    expect(resumed).toMatchObject({ isPaused: false, pausedJobIds: [JOB] });
    await post('/api/v1/proq/resume', { jobId: JOB }, developer);
    const bad = await post('/api/v1/proq/pause', { jobId: 'job-7' }, developer);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].field).toBe('body.jobId');
  });
});
