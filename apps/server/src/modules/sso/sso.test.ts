import type { IssuerSso } from '@b2b/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness.js';
import { type TestOidcProvider, startTestOidcProvider } from '../../../test/oidc-provider.js';
import { rows } from '../../../test/proq-kit.js';
import { SESSION_COOKIE } from '../../plugins/authorize.js';

const PUBLIC_URL = 'http://app.test';
// Every test here signs in: more than the per-address sign-in limit's default in a minute.
const t = useTestApp({ PUBLIC_URL, LOGIN_ATTEMPTS_PER_MINUTE: '200' });
let provider: TestOidcProvider;
let admin = '';
/** PayTech Bank has single sign-on; Mastercard Issuing's provider is down. */
let paytechId = '';
let mastercardId = '';
/** Every response body the tests saw: none may carry the client secret. */
const bodies: string[] = [];

async function issuerId(key: string) {
  const [row] = await rows<{ id: string }>(
    t.database,
    sql`select id from issuers where issuer_key = ${key}`,
  );
  return row!.id;
}

async function send(options: Parameters<typeof t.request>[0]) {
  const res = await t.request(options);
  bodies.push(res.body);
  return res;
}

function saveSso(id: string, body: Record<string, unknown>, cookie = admin) {
  return send({ method: 'PUT', url: `/api/v1/issuers/${id}/sso`, cookie, payload: body });
}

/** Starts a sign-in at the issuer and follows the provider's login as `email`. */
async function signInAtProvider(email: string, id = paytechId, callbackUrl = '/analysis') {
  const start = await send({
    url: `/api/auth/sso/${id}/start?callbackUrl=${encodeURIComponent(callbackUrl)}`,
  });
  expect(start.statusCode, start.body).toBe(303);
  const transaction = start.cookies.find((c) => c.name === 'b2b_sso')!.value;
  const back = await provider.signIn(start.headers.location as string, email);
  return { back, transaction };
}

function callback(back: URL, transaction: string) {
  return send({ url: `${back.pathname}${back.search}`, cookie: `b2b_sso=${transaction}` });
}

function sessionOf(res: Awaited<ReturnType<typeof send>>) {
  return res.cookies.find((c) => c.name === SESSION_COOKIE && c.value);
}

beforeAll(async () => {
  provider = await startTestOidcProvider({
    redirectUri: `${PUBLIC_URL}/api/auth/sso/callback`,
    accounts: [
      // Upper case: the e-mail matches the user whatever its case.
      { email: 'Issuer@Example.com', name: 'Issuer Demo' },
      { email: 'new.person@paytech-bank.example', name: 'New Person' },
      { email: 'client@example.com', name: 'Client Demo' },
      { email: 'unverified@paytech-bank.example', name: 'Not Verified', emailVerified: false },
      { email: 'outsider@mc-issuing.example', name: 'Mastercard Only' },
      // Another provider login claiming the e-mail of a user already linked to a subject.
      { login: 'someone-else', email: 'issuer@example.com', name: 'Someone Else' },
    ],
  });
  admin = await t.signIn('sysadmin@example.com');
  paytechId = await issuerId('paytech-bank');
  mastercardId = await issuerId('mastercard-issuing');
  const saved = await saveSso(paytechId, {
    issuerUrl: provider.issuerUrl,
    clientId: provider.clientId,
    clientSecret: provider.clientSecret,
    enabled: true,
    buttonLabel: 'PayTech ID',
  });
  expect(saved.statusCode, saved.body).toBe(200);
});
afterAll(async () => {
  await provider?.close();
});

describe('single sign-on settings', () => {
  it('are stored with the secret sealed and answered without it', async () => {
    const res = await send({ url: `/api/v1/issuers/${paytechId}/sso`, cookie: admin });
    expect(res.statusCode).toBe(200);
    expect(res.json<IssuerSso>()).toEqual({
      issuerId: paytechId,
      settings: {
        issuerUrl: provider.issuerUrl,
        clientId: provider.clientId,
        hasClientSecret: true,
        enabled: true,
        buttonLabel: 'PayTech ID',
        updatedAt: expect.any(String),
      },
    });
    const [stored] = await rows<{ sealed_client_secret: string }>(
      t.database,
      sql`select sealed_client_secret from issuer_sso_configs where issuer_id = ${paytechId}`,
    );
    expect(stored!.sealed_client_secret).toMatch(/^v1\./);
    expect(stored!.sealed_client_secret).not.toContain(provider.clientSecret);
  });

  it('are audited as an issuer change, without the secret', async () => {
    const [entry] = await rows<{ actor_username: string; entity_name: string; after: string }>(
      t.database,
      sql`select actor_username, entity_name, after::text from system_logs
          where action = 'IssuerSsoSaved' and entity_id = ${paytechId}`,
    );
    expect(entry).toMatchObject({
      actor_username: 'sysadmin@example.com',
      entity_name: 'PayTech Bank',
    });
    expect(JSON.parse(entry!.after)).toMatchObject({
      clientId: provider.clientId,
      clientSecretChanged: true,
    });
    expect(entry!.after).not.toContain(provider.clientSecret);
    expect(entry!.after).not.toContain('sealed');
  });

  it('answers an issuer without single sign-on with no settings', async () => {
    const id = await issuerId('lloyds-commercial');
    const res = await send({ url: `/api/v1/issuers/${id}/sso`, cookie: admin });
    expect(res.json<IssuerSso>()).toEqual({ issuerId: id, settings: null });
  });

  it('keeps the stored secret when a save leaves it out', async () => {
    const id = await issuerId('test-issuer');
    const first = {
      issuerUrl: 'https://login.test-issuer.example',
      clientId: 'c1',
      enabled: false,
    };
    expect((await saveSso(id, { ...first, clientSecret: 's3cret-value' })).statusCode).toBe(200);
    const again = await saveSso(id, { ...first, clientId: 'c2' });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json<IssuerSso>().settings).toMatchObject({
      clientId: 'c2',
      hasClientSecret: true,
    });
    expect(again.body).not.toContain('s3cret-value');
  });

  it.each([
    [{ issuerUrl: 'http://login.example.com' }, 'issuerUrl', 'https'],
    [{ issuerUrl: 'not a url' }, 'issuerUrl', 'absolute URL'],
    [{ clientId: '' }, 'clientId', 'must not be empty'],
    [{ buttonLabel: 'x'.repeat(61) }, 'buttonLabel', 'at most 60'],
  ])('refuses %o with a 400 naming %s', async (change, field, words) => {
    const res = await saveSso(paytechId, {
      issuerUrl: 'https://login.example.com',
      clientId: 'c',
      enabled: true,
      ...change,
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain(field);
    expect(res.body).toContain(words);
  });

  it('refuses a first save without a client secret', async () => {
    const id = await issuerId('mcpaytech-europe');
    const res = await saveSso(id, { issuerUrl: 'https://x.example', clientId: 'c', enabled: true });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('clientSecret is required');
  });

  it("are neither read nor changed by another issuer's administrator", async () => {
    // The PayTech Bank account manager administers PayTech Bank only.
    await t.database.db.execute(
      sql`update users set explicit_permissions = '{IssuerArea_CRUD,IssuerUpdate}'
          where username = 'accountmanager@example.com'`,
    );
    const manager = await t.signIn('accountmanager@example.com');
    expect(
      (await send({ url: `/api/v1/issuers/${paytechId}/sso`, cookie: manager })).statusCode,
    ).toBe(200);
    const read = await send({ url: `/api/v1/issuers/${mastercardId}/sso`, cookie: manager });
    expect(read.statusCode).toBe(404);
    const change = await saveSso(
      mastercardId,
      { issuerUrl: 'https://evil.example', clientId: 'c', clientSecret: 's', enabled: true },
      manager,
    );
    expect(change.statusCode).toBe(404);
    const remove = await send({
      method: 'DELETE',
      url: `/api/v1/issuers/${mastercardId}/sso`,
      cookie: manager,
    });
    expect(remove.statusCode).toBe(404);
    const [row] = await rows(
      t.database,
      sql`select 1 from issuer_sso_configs where issuer_id = ${mastercardId} and issuer_url = 'https://evil.example'`,
    );
    expect(row).toBeUndefined();
  });

  it('are refused to a member without the issuer permissions', async () => {
    const member = await t.signIn('issuer@example.com');
    const res = await send({ url: `/api/v1/issuers/${paytechId}/sso`, cookie: member });
    expect(res.statusCode).toBe(403);
    const remove = await send({
      method: 'DELETE',
      url: `/api/v1/issuers/${paytechId}/sso`,
      cookie: member,
    });
    expect(remove.statusCode).toBe(403);
  });

  it('are deleted with the sealed secret, audited, and the button goes', async () => {
    const id = await issuerId('mcpaytech-europe');
    const saved = await saveSso(id, {
      issuerUrl: 'https://login.mcpaytech.example',
      clientId: 'c-eu',
      clientSecret: 'eu-secret-value',
      enabled: true,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const remove = () =>
      send({ method: 'DELETE', url: `/api/v1/issuers/${id}/sso`, cookie: admin });
    const res = await remove();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<IssuerSso>()).toEqual({ issuerId: id, settings: null });
    const read = await send({ url: `/api/v1/issuers/${id}/sso`, cookie: admin });
    expect(read.json<IssuerSso>().settings).toBeNull();
    const stored = await rows(
      t.database,
      sql`select 1 from issuer_sso_configs where issuer_id = ${id}`,
    );
    expect(stored).toEqual([]);
    const buttons = await send({ url: '/api/auth/sso/providers?issuer=mcpaytech-europe' });
    expect(buttons.json()).toEqual({ providers: [] });
    const [entry] = await rows<{ actor_username: string; before: string; after: unknown }>(
      t.database,
      sql`select actor_username, before::text, after from system_logs
          where action = 'IssuerSsoDeleted' and entity_id = ${id}`,
    );
    expect(entry).toMatchObject({ actor_username: 'sysadmin@example.com', after: null });
    expect(JSON.parse(entry!.before)).toMatchObject({ clientId: 'c-eu' });
    expect(entry!.before).not.toContain('eu-secret-value');
    expect(entry!.before).not.toContain('sealed');
    // Nothing left to delete.
    const again = await remove();
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ message: expect.stringContaining('not set up') });
  });
});

describe('the sign-in page buttons', () => {
  it("list the enabled providers of the host's branding", async () => {
    const res = await send({
      url: '/api/auth/sso/providers',
      headers: { host: 'paytech.localhost:3000' },
    });
    expect(res.json()).toEqual({ providers: [{ issuerId: paytechId, label: 'PayTech ID' }] });
  });

  it('list the provider of an issuer chosen by key', async () => {
    const res = await send({ url: '/api/auth/sso/providers?issuer=PAYTECH-BANK' });
    expect(res.json()).toEqual({ providers: [{ issuerId: paytechId, label: 'PayTech ID' }] });
  });

  it('list nothing on a domain without single sign-on', async () => {
    const res = await send({
      url: '/api/auth/sso/providers',
      headers: { host: 'lloyds.localhost' },
    });
    expect(res.json()).toEqual({ providers: [] });
  });
});

describe('signing in at the provider', () => {
  it('signs in the member the verified e-mail names, with a working session', async () => {
    const { back, transaction } = await signInAtProvider('Issuer@Example.com');
    const res = await callback(back, transaction);
    expect(res.statusCode, res.body).toBe(303);
    expect(res.headers.location).toBe('/analysis');
    const session = sessionOf(res)!;
    const me = await send({
      url: '/api/v1/users/user-permissions',
      cookie: `${SESSION_COOKIE}=${session.value}`,
    });
    expect(me.statusCode).toBe(200);
    const profile = await send({
      url: '/api/auth/session',
      cookie: `${SESSION_COOKIE}=${session.value}`,
    });
    expect(profile.json()).toMatchObject({ username: 'issuer@example.com', eligible: true });
  });

  it("records the provider's subject at the first sign-in", async () => {
    const [user] = await rows<Record<string, unknown>>(
      t.database,
      sql`select idp_issuer, idp_id, id_provider_name from users
          where username = 'issuer@example.com'`,
    );
    expect(user).toEqual({
      idp_issuer: provider.issuerUrl,
      idp_id: 'Issuer@Example.com',
      id_provider_name: 'PayTech Bank',
    });
  });

  it('finds a linked user by subject after their e-mail changed at the provider', async () => {
    const original = { email: 'Issuer@Example.com', name: 'Issuer Demo' };
    provider.setAccount({ ...original, email: 'renamed@paytech-bank.example' });
    const { back, transaction } = await signInAtProvider('Issuer@Example.com');
    provider.setAccount(original);
    const res = await callback(back, transaction);
    expect(res.statusCode, res.body).toBe(303);
    const profile = await send({
      url: '/api/auth/session',
      cookie: `${SESSION_COOKIE}=${sessionOf(res)!.value}`,
    });
    expect(profile.json()).toMatchObject({ username: 'issuer@example.com' });
    const created = await rows(
      t.database,
      sql`select 1 from users where username = 'renamed@paytech-bank.example'`,
    );
    expect(created).toEqual([]);
  });

  it('refuses another subject with the e-mail of a user linked to a subject', async () => {
    const { back, transaction } = await signInAtProvider('someone-else');
    const res = await callback(back, transaction);
    expect(res.headers.location).toBe('/login?sso=other-login');
    expect(sessionOf(res)).toBeUndefined();
    const [user] = await rows<{ idp_id: string }>(
      t.database,
      sql`select idp_id from users where username = 'issuer@example.com'`,
    );
    expect(user!.idp_id).toBe('Issuer@Example.com');
  });

  it.each(['//evil.example/', '/\\evil.example/', 'https://evil.example/'])(
    'returns to the home page, not to the callbackUrl %s of another site',
    async (callbackUrl) => {
      const { back, transaction } = await signInAtProvider(
        'Issuer@Example.com',
        paytechId,
        callbackUrl,
      );
      const res = await callback(back, transaction);
      expect(res.statusCode, res.body).toBe(303);
      expect(res.headers.location).toBe('/');
    },
  );

  it('creates an unknown e-mail as a user awaiting approval, without roles or a session', async () => {
    const { back, transaction } = await signInAtProvider('new.person@paytech-bank.example');
    const res = await callback(back, transaction);
    expect(res.statusCode, res.body).toBe(303);
    expect(res.headers.location).toBe('/login?sso=pending-approval');
    expect(sessionOf(res)).toBeUndefined();
    const [user] = await rows<Record<string, unknown>>(
      t.database,
      sql`select u.status, u.standard_roles, u.display_name, u.id_provider_name, u.idp_issuer,
                 u.idp_id, m.user_role
          from users u join issuer_users m on m.user_id = u.id
          where u.username = 'new.person@paytech-bank.example'`,
    );
    expect(user).toEqual({
      status: 'unapproved',
      standard_roles: [],
      display_name: 'New Person',
      id_provider_name: 'PayTech Bank',
      idp_issuer: provider.issuerUrl,
      idp_id: 'new.person@paytech-bank.example',
      user_role: 'Member',
    });
  });

  it('refuses a deactivated user', async () => {
    await t.database.db.execute(
      sql`update users set is_deactivated = true where username = 'client@example.com'`,
    );
    const { back, transaction } = await signInAtProvider('client@example.com');
    const res = await callback(back, transaction);
    expect(res.headers.location).toBe('/login?sso=deactivated');
    expect(sessionOf(res)).toBeUndefined();
  });

  it("refuses the e-mail of another issuer's user, leaving that user as they were", async () => {
    await t.database.db.execute(sql`
      with u as (
        insert into users (username, email, display_name, approved, standard_roles)
        values ('outsider@mc-issuing.example', 'outsider@mc-issuing.example', 'Mastercard Only',
                true, '{issuer}')
        returning id)
      insert into issuer_users (issuer_id, user_id, user_role)
      select ${mastercardId}, id, 'Member' from u`);
    const { back, transaction } = await signInAtProvider('outsider@mc-issuing.example');
    const res = await callback(back, transaction);
    expect(res.headers.location).toBe('/login?sso=not-a-member');
    expect(sessionOf(res)).toBeUndefined();
    const memberships = await rows<{ issuer_id: string }>(
      t.database,
      sql`select m.issuer_id from issuer_users m join users u on u.id = m.user_id
          where u.username = 'outsider@mc-issuing.example'`,
    );
    expect(memberships).toEqual([{ issuer_id: mastercardId }]);
  });

  it('refuses an e-mail the provider has not verified', async () => {
    const { back, transaction } = await signInAtProvider('unverified@paytech-bank.example');
    const res = await callback(back, transaction);
    expect(res.headers.location).toBe('/login?sso=no-email');
    const found = await rows(
      t.database,
      sql`select 1 from users where username = 'unverified@paytech-bank.example'`,
    );
    expect(found).toEqual([]);
  });

  it('refuses an answer whose state is not the one this browser started', async () => {
    const { back, transaction } = await signInAtProvider('Issuer@Example.com');
    back.searchParams.set('state', 'someone-elses-state');
    const res = await callback(back, transaction);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: expect.stringContaining('does not belong') });
    expect(sessionOf(res)).toBeUndefined();
  });

  it('refuses a callback without the sign-in attempt of this browser', async () => {
    const { back } = await signInAtProvider('Issuer@Example.com');
    const res = await send({ url: `${back.pathname}${back.search}` });
    expect(res.statusCode).toBe(400);
    const forged = await callback(back, 'v1.forged.value.here');
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toMatchObject({ message: expect.stringContaining('not valid') });
  });

  it('refuses an expired code', async () => {
    const { back, transaction } = await signInAtProvider('Issuer@Example.com');
    provider.alterCodes((code) => {
      code.exp = Math.floor(Date.now() / 1000) - 10;
    });
    const res = await callback(back, transaction);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'sso-failed' });
    expect(sessionOf(res)).toBeUndefined();
  });

  it('refuses a replayed callback (the same code twice)', async () => {
    const { back, transaction } = await signInAtProvider('Issuer@Example.com');
    expect((await callback(back, transaction)).statusCode).toBe(303);
    const replay = await callback(back, transaction);
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toMatchObject({ code: 'sso-failed' });
    expect(sessionOf(replay)).toBeUndefined();
  });

  it('refuses an id token whose nonce is not the one this browser was given', async () => {
    const { back, transaction } = await signInAtProvider('Issuer@Example.com');
    provider.alterCodes((code) => {
      code.nonce = 'a-nonce-of-another-sign-in';
    });
    const res = await callback(back, transaction);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: expect.stringContaining('nonce') });
    expect(sessionOf(res)).toBeUndefined();
  });

  it('refuses an id token altered on its way to name another user', async () => {
    const { back, transaction } = await signInAtProvider('new.person@paytech-bank.example');
    provider.alterNextIdToken((jwt) => {
      const [header, payload, signature] = jwt.split('.');
      const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as object;
      const forged = { ...claims, email: 'sysadmin@example.com', email_verified: true };
      return [header, Buffer.from(JSON.stringify(forged)).toString('base64url'), signature].join(
        '.',
      );
    });
    const res = await callback(back, transaction);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: expect.stringContaining('signature') });
    expect(sessionOf(res)).toBeUndefined();
  });

  it('answers 503 with a clear message when the provider cannot be reached', async () => {
    await saveSso(mastercardId, {
      issuerUrl: 'http://127.0.0.1:9',
      clientId: 'c',
      clientSecret: 'down-secret',
      enabled: true,
    });
    const res = await send({ url: `/api/auth/sso/${mastercardId}/start` });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ message: expect.stringContaining('cannot be reached') });
  });

  it("sends a person's browser back to the sign-in page when the answer is refused", async () => {
    const { back, transaction } = await signInAtProvider('Issuer@Example.com');
    expect((await callback(back, transaction)).statusCode).toBe(303);
    const replay = await send({
      url: `${back.pathname}${back.search}`,
      cookie: `b2b_sso=${transaction}`,
      headers: { accept: 'text/html,application/xhtml+xml' },
    });
    expect(replay.statusCode).toBe(303);
    expect(replay.headers.location).toBe('/login?sso=failed');
    expect(sessionOf(replay)).toBeUndefined();
  });

  it("sends a person's browser back to the sign-in page when the provider is down", async () => {
    await saveSso(mastercardId, {
      issuerUrl: 'http://127.0.0.1:9',
      clientId: 'c',
      clientSecret: 'down-secret',
      enabled: true,
    });
    const res = await send({
      url: `/api/auth/sso/${mastercardId}/start`,
      headers: { accept: 'text/html' },
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/login?sso=unavailable');
  });

  it('answers 404 for an issuer without single sign-on', async () => {
    const res = await send({ url: `/api/auth/sso/${await issuerId('lloyds-commercial')}/start` });
    expect(res.statusCode).toBe(404);
  });

  it('keeps password sign-in working', async () => {
    await expect(t.signIn('issuer@example.com')).resolves.toContain(SESSION_COOKIE);
  });
});

describe('the client secret', () => {
  it('is in no response the tests saw', () => {
    expect(bodies.length).toBeGreaterThan(20);
    for (const body of bodies) {
      expect(body).not.toContain(provider.clientSecret);
      expect(body).not.toContain('down-secret');
    }
  });
});
