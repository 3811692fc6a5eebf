import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness.js';
import { sessions } from './session.schema.js';

const t = useTestApp({ SESSION_IDLE_MINUTES: '1', IDLE_AUTO_LOGOUT_ENABLED: 'false' });

describe('session expiry', () => {
  it('ends a session idle for longer than the idle timeout with the session-expired code', async () => {
    const cookie = await t.signIn('issuer@example.com');
    await t.database.db.update(sessions).set({ lastSeenAt: sql`now() - interval '2 minutes'` });
    const res = await t.request({ url: '/api/auth/session', cookie });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({
      code: 'session-expired',
      message: 'Your session has expired. Please sign in again.',
    });
  });

  it('ends a session past its absolute lifetime, however active', async () => {
    const cookie = await t.signIn('issuer@example.com');
    await t.database.db.update(sessions).set({ expiresAt: sql`now() - interval '1 second'` });
    const res = await t.request({ url: '/api/auth/session', cookie });
    expect(res.json().code).toBe('session-expired');
  });

  it('refuses the idle auto-logout toggle while the site configuration turns it off', async () => {
    const cookie = await t.signIn('issuer@example.com');
    const res = await t.request({
      method: 'PATCH',
      url: '/api/auth/session-settings',
      cookie,
      payload: { idleAutoLogout: true },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'Auto Logout On Idle feature is currently turned off in the site configuration',
    );
  });
});
