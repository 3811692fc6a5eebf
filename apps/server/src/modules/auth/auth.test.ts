import { MESSAGES } from '@b2b/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness.js';
import { mailOutbox } from '../mail/outbox.schema.js';
import { users } from '../users/user.schema.js';

const t = useTestApp({ LOGIN_MAX_FAILURES: '5' });

describe('POST /api/auth/login', () => {
  it('signs in and sets an HTTP-only, SameSite=Lax session cookie', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'Issuer@Example.com', password: 'Test-Password-1' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      username: 'issuer@example.com',
      displayName: 'Issuer Demo',
      eligible: true,
    });
    const cookie = res.cookies.find((c) => c.name === 'b2b_session')!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Lax');
    expect(cookie.path).toBe('/');
  });

  it('answers one generic 401 for an unknown user and for a wrong password', async () => {
    const unknown = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'nobody@example.com', password: 'whatever' },
    });
    const wrong = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'client@example.com', password: 'wrong' },
    });
    expect(unknown.statusCode).toBe(401);
    expect(wrong.statusCode).toBe(401);
    expect(unknown.json()).toEqual(wrong.json());
    expect(wrong.json()).toMatchObject({
      success: false,
      message: MESSAGES.invalidCredentials,
      statusCode: 401,
    });
  });

  it('throttles a username after repeated failures, even with the right password', async () => {
    for (let i = 0; i < 5; i++) {
      await t.request({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: 'tester@example.com', password: `wrong-${i}` },
      });
    }
    const res = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'tester@example.com', password: 'Test-Password-1' },
    });
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toBe(MESSAGES.tooManyAttempts);
  });

  it('issues a fresh session id at every sign-in', async () => {
    const first = await t.signIn('client@example.com');
    const second = await t.signIn('client@example.com');
    expect(first).not.toBe(second);
  });

  it('refuses a state-changing call without the CSRF header', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      csrf: false,
      payload: { username: 'issuer@example.com', password: 'Test-Password-1' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'csrf', message: MESSAGES.csrfMissing });
  });

  it.each([
    ['malformed JSON', '{"username":', 'body'],
    ['a missing password', { username: 'issuer@example.com' }, 'body.password'],
    ['an extra field', { username: 'a', password: 'b', admin: true }, 'body'],
    ['a wrong type', { username: 42, password: 'b' }, 'body.username'],
    ['an over-long password', { username: 'a', password: 'x'.repeat(1025) }, 'body.password'],
  ])('rejects %s with 400 naming the field', async (_name, payload, field) => {
    const res = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().success).toBe(false);
    expect(res.json().message).toContain(field === 'body' ? '' : field);
    if (field !== 'body')
      expect(res.json().errors.map((e: { field: string }) => e.field)).toContain(field);
  });
});

describe('session', () => {
  it('returns the current-user profile, and 401 without a session', async () => {
    const cookie = await t.signIn('accountmanager@example.com');
    const res = await t.request({ url: '/api/auth/session', cookie });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ username: 'accountmanager@example.com', approved: true });
    const anonymous = await t.request({ url: '/api/auth/session' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({
      success: false,
      message: MESSAGES.notSignedIn,
      statusCode: 401,
      code: 'not-signed-in',
    });
  });

  it('ends the session at logout', async () => {
    const cookie = await t.signIn('issuerplus@example.com');
    const out = await t.request({ method: 'POST', url: '/api/auth/logout', cookie });
    expect(out.statusCode).toBe(200);
    const after = await t.request({ url: '/api/auth/session', cookie });
    expect(after.statusCode).toBe(401);
  });

  it('ends every session of a deactivated user', async () => {
    const cookie = await t.signIn('campaignmanager@example.com');
    await t.database.db
      .update(users)
      .set({ isDeactivated: true })
      .where(eq(users.username, 'campaignmanager@example.com'));
    const res = await t.request({ url: '/api/auth/session', cookie });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('session-expired');
    await t.database.db
      .update(users)
      .set({ isDeactivated: false })
      .where(eq(users.username, 'campaignmanager@example.com'));
  });

  it('toggles the idle auto-logout setting with the exact message', async () => {
    const cookie = await t.signIn('issuer@example.com');
    const res = await t.request({
      method: 'PATCH',
      url: '/api/auth/session-settings',
      cookie,
      payload: { idleAutoLogout: false },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Auto Logout On Idle session setting changed to: false');
    const info = await t.request({ url: '/api/auth/session-info', cookie });
    expect(info.json()).toMatchObject({ idleAutoLogout: false, idleAutoLogoutAvailable: true });
  });
});

describe('magic links', () => {
  it('mails a single-use link through the outbox that signs the user in once', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/auth/magic-link',
      payload: { email: 'client@example.com', callbackUrl: '/profile' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(MESSAGES.magicLinkSent);
    const [mail] = await t.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, 'client@example.com'));
    expect(mail!.transport).toBe('outbox');
    const link = /https?:\/\/\S+/.exec(mail!.textBody)![0];
    const path = new URL(link).pathname + new URL(link).search;

    const open = await t.request({ url: path });
    expect(open.statusCode).toBe(303);
    expect(open.headers.location).toBe('/profile');
    const cookie = open.cookies.find((c) => c.name === 'b2b_session')!;
    const session = await t.request({
      url: '/api/auth/session',
      cookie: `b2b_session=${cookie.value}`,
    });
    expect(session.json().username).toBe('client@example.com');

    const again = await t.request({ url: path });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(MESSAGES.magicLinkInvalid);
  });

  it('answers the same for an unknown address and mails nothing', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/auth/magic-link',
      payload: { email: 'ghost@example.com' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(MESSAGES.magicLinkSent);
    const rows = await t.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, 'ghost@example.com'));
    expect(rows).toHaveLength(0);
  });

  it('rejects a malformed e-mail address and a forged token', async () => {
    const bad = await t.request({
      method: 'POST',
      url: '/api/auth/magic-link',
      payload: { email: 'not-an-email' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].field).toBe('body.email');
    const forged = await t.request({ url: `/api/auth/magic-link/verify?token=${'x'.repeat(43)}` });
    expect(forged.statusCode).toBe(400);
  });
});
