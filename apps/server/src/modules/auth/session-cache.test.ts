import { eq, inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness.js';
import { users } from '../users/user.schema.js';
import { sessions } from './session.schema.js';

// The cache on, as outside tests, and long enough that only its forgetting can explain a change.
const t = useTestApp({ SESSION_CACHE_MS: '10000' });
let admin: string;

const capabilities = (cookie: string) =>
  t.request({ url: '/api/v1/issuers/getAllCapabilities', cookie });

beforeAll(async () => {
  admin = await t.signIn('sysadmin@example.com');
});

describe('resolved-session cache', () => {
  it('reuses a resolved session until a state-changing request, after which changes hold', async () => {
    const cookie = await t.signIn('accountmanager@example.com');
    expect((await capabilities(cookie)).statusCode).toBe(403);
    const [target] = await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.username, 'accountmanager@example.com'));

    // A change behind this process's back (another API process) is seen once the entry ends…
    await t.database.db
      .update(users)
      .set({ standardRoles: sql`array['ptcoJobManager']` })
      .where(eq(users.id, target!.id));
    expect((await capabilities(cookie)).statusCode).toBe(403);
    // …and a heartbeat, which changes no session, does not end it.
    await t.request({
      method: 'POST',
      url: '/api/v1/concurrency/try-set-entity-active-user',
      cookie,
      payload: { entityType: 'issuer', entityId: 'x' },
    });
    expect((await capabilities(cookie)).statusCode).toBe(403);
    // Nor does a paged list, a POST that only reads.
    const list = await t.request({
      method: 'POST',
      url: '/api/v1/issuers/get',
      cookie,
      payload: { pageSize: 5 },
    });
    expect(list.statusCode).toBe(403);
    expect((await capabilities(cookie)).statusCode).toBe(403);

    // A change made through this process holds on the very next request.
    const set = await t.request({
      method: 'POST',
      url: `/api/v1/authorization/${target!.id}/user-roles`,
      cookie: admin,
      payload: { standard: ['sysAdmin'], tabbedView: [] },
    });
    expect(set.statusCode).toBe(200);
    expect((await capabilities(cookie)).statusCode).toBe(200);
  });

  it('answers every request of a burst on a new session alike, and refuses a burst without one', async () => {
    const cookie = await t.signIn('sysadmin@example.com');
    const burst = await Promise.all(Array.from({ length: 30 }, () => capabilities(cookie)));
    expect(burst.map((r) => r.statusCode)).toEqual(Array.from({ length: 30 }, () => 200));
    const none = await Promise.all(
      Array.from({ length: 5 }, () => capabilities('b2b_session=not-a-session')),
    );
    expect(none.map((r) => r.statusCode)).toEqual([401, 401, 401, 401, 401]);
  });

  it('keeps a resolved session across a chat question, which changes no session', async () => {
    const cookie = await t.signIn('issuer@example.com');
    const session = () => t.request({ url: '/api/auth/session', cookie });
    expect((await session()).statusCode).toBe(200);
    // Signed out behind this process's back (through another API process): only the database knows.
    const user = t.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.username, 'issuer@example.com'));
    await t.database.db.delete(sessions).where(inArray(sessions.userId, user));
    const question = await t.request({
      method: 'POST',
      url: '/chat/message',
      cookie,
      payload: { question: 'How do I sign in?' },
    });
    expect(question.statusCode).toBe(200);
    expect((await session()).statusCode).toBe(200);
    // Any other state-changing call forgets it, and the session is found gone.
    await t.request({
      method: 'PATCH',
      url: '/api/auth/session-settings',
      cookie,
      payload: { idleAutoLogout: true },
    });
    expect((await session()).statusCode).toBe(401);
  });

  it('ends a cached session at sign-out', async () => {
    const cookie = await t.signIn('client@example.com');
    expect((await t.request({ url: '/api/auth/session', cookie })).statusCode).toBe(200);
    const out = await t.request({ method: 'POST', url: '/api/auth/logout', cookie });
    expect(out.statusCode).toBeLessThan(300);
    expect((await t.request({ url: '/api/auth/session', cookie })).statusCode).toBe(401);
  });
});
