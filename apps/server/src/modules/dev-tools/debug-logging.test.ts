import type { DebugLoggingState } from '@b2b/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness.js';
import { windowInForce } from './debug-logging.service.js';

const t = useTestApp();
const ENDPOINT = '/api/v1/dev/debug-logging';

let developer: string;
let sysAdmin: string;
beforeAll(async () => {
  [developer, sysAdmin] = await Promise.all([
    t.signIn('developer@example.com'),
    t.signIn('sysadmin@example.com'),
  ]);
});

describe('debug logging (SPEC §2 Dev)', () => {
  it('raises the level for a window, shows the lines without secrets, and ends it', async () => {
    const started = await t.request({
      method: 'PUT',
      url: ENDPOINT,
      cookie: developer,
      payload: { level: 'debug', minutes: 5 },
    });
    expect(started.statusCode, started.body).toBe(200);
    const state = started.json<DebugLoggingState>();
    expect(state).toMatchObject({
      defaultLevel: 'silent',
      effectiveLevel: 'debug',
      window: { level: 'debug', setBy: 'developer@example.com' },
    });
    const minutesLeft = (Date.parse(state.window!.until) - Date.now()) / 60_000;
    expect(minutesLeft).toBeGreaterThan(4.9);
    expect(minutesLeft).toBeLessThanOrEqual(5);

    // A request made during the window is logged (Fastify logs each request at info).
    await t.request({
      url: '/api/v1/release-notes',
      cookie: developer,
      headers: { 'x-request-id': 'debug-window-probe' },
    });
    const read = await t.request({ url: `${ENDPOINT}?level=info&limit=50`, cookie: developer });
    expect(read.statusCode, read.body).toBe(200);
    const { lines } = read.json<DebugLoggingState>();
    const probe = lines.filter((l) => l.context.includes('debug-window-probe'));
    expect(probe.length).toBeGreaterThan(0);
    expect(lines.every((l) => ['info', 'warn', 'error', 'fatal'].includes(l.level))).toBe(true);
    // pino redacts the session cookie before the line reaches memory.
    const session = developer.split('=')[1]!;
    expect(lines.some((l) => l.context.includes(session))).toBe(false);

    const ended = await t.request({ method: 'DELETE', url: ENDPOINT, cookie: developer });
    expect(ended.statusCode, ended.body).toBe(200);
    expect(ended.json<DebugLoggingState>()).toMatchObject({
      effectiveLevel: 'silent',
      window: null,
    });

    const audit = await t.request({
      method: 'POST',
      url: '/api/v1/system-logs/get',
      cookie: developer,
      payload: {
        filters: [
          { propertyName: 'entityType', comparisonOperator: 'Equal', value: 'DebugLogging' },
        ],
      },
    });
    expect(
      audit.json<{ collection: { action: string }[] }>().collection.map((e) => e.action),
    ).toEqual(['StopDebugLogging', 'StartDebugLogging']);
  });

  it('refuses an unknown level or a window out of range, naming the field', async () => {
    const loud = await t.request({
      method: 'PUT',
      url: ENDPOINT,
      cookie: developer,
      payload: { level: 'loud', minutes: 5 },
    });
    expect(loud.statusCode).toBe(400);
    expect(loud.body).toContain('level');
    const long = await t.request({
      method: 'PUT',
      url: ENDPOINT,
      cookie: developer,
      payload: { level: 'debug', minutes: 241 },
    });
    expect(long.statusCode).toBe(400);
    expect(long.body).toContain('minutes');
  });

  it('is refused to a role without DevArea_CRUD', async () => {
    expect((await t.request({ url: ENDPOINT, cookie: sysAdmin })).statusCode).toBe(403);
    const put = await t.request({
      method: 'PUT',
      url: ENDPOINT,
      cookie: sysAdmin,
      payload: { level: 'debug', minutes: 5 },
    });
    expect(put.statusCode).toBe(403);
  });
});

describe('windowInForce', () => {
  const window = {
    level: 'debug' as const,
    until: '2026-11-28T10:00:00.000Z',
    setBy: 'd',
    setAt: '2026-11-28T09:00:00.000Z',
  };
  it('keeps a window until its end and drops it after', () => {
    expect(windowInForce(window, new Date('2026-11-28T09:59:59Z'))).toBe(window);
    expect(windowInForce(window, new Date('2026-11-28T10:00:00Z'))).toBeNull();
    expect(windowInForce(null, new Date())).toBeNull();
  });
});
