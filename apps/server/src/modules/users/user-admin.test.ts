import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness.js';
import { insertUserInEachStatus } from '../../../test/users-in-each-status.js';
import { mailOutbox } from '../mail/outbox.schema.js';
import { systemLogs } from '../system-logs/system-log.schema.js';
import { users } from './user.schema.js';

// A user's detail, roles, deactivation and invitation, and the user pickers (which read the
// user the invitation test made). The lists by status are in user-status-lists.test.ts.
const t = useTestApp();
let admin: string;

const idOf = async (username: string) =>
  (await t.database.db.select().from(users).where(eq(users.username, username)))[0]!;

const statusList = (status: string, payload: Record<string, unknown> = {}, cookie = admin) =>
  t.request({ method: 'POST', url: `/api/v1/users/${status}`, cookie, payload });

beforeAll(async () => {
  admin = await t.signIn('useradministrator@example.com');
  await insertUserInEachStatus(t.database.db);
});

describe('user detail, update, roles', () => {
  it('shows a user with roles, issuers and version; saves with the version; refuses stale', async () => {
    const client = await idOf('client@example.com');
    const detail = (await t.request({ url: `/api/v1/users/${client.id}`, cookie: admin })).json();
    expect(detail).toMatchObject({
      username: 'client@example.com',
      eligible: true,
      roles: { standard: [expect.objectContaining({ role: 'client' })] },
      issuers: [expect.objectContaining({ issuerName: 'PayTech Bank', userRole: 'Member' })],
    });
    const payload = {
      id: client.id,
      version: detail.version,
      displayName: 'Client Renamed',
      givenName: 'Client',
      surname: 'Renamed',
      approved: true,
      canSwitchRoles: false,
      explicitPermissions: ['SystemLogs_VIEW'],
    };
    const ok = await t.request({ method: 'PUT', url: '/api/v1/users', cookie: admin, payload });
    expect(ok.json()).toMatchObject({ success: true, version: detail.version + 1 });
    const stale = await t.request({ method: 'PUT', url: '/api/v1/users', cookie: admin, payload });
    expect(stale.statusCode).toBe(409);
    const unknownPermission = await t.request({
      method: 'PUT',
      url: '/api/v1/users',
      cookie: admin,
      payload: { ...payload, version: detail.version + 1, explicitPermissions: ['BeGod'] },
    });
    expect(unknownPermission.statusCode).toBe(400);
  });

  it('changes roles, effective on the next request without signing in again', async () => {
    const cookie = await t.signIn('issuerplus@example.com');
    const target = await idOf('issuerplus@example.com');
    expect(
      (await t.request({ url: '/api/v1/issuers/getAllCapabilities', cookie })).statusCode,
    ).toBe(403);
    const set = await t.request({
      method: 'POST',
      url: `/api/v1/authorization/${target.id}/user-roles`,
      cookie: admin,
      payload: { standard: ['ptcoJobManager'], tabbedView: ['JobSummaryAccessor'] },
    });
    expect(set.json()).toBe(true);
    expect(
      (await t.request({ url: '/api/v1/issuers/getAllCapabilities', cookie })).statusCode,
    ).toBe(200);
    const roles = (await t.request({ url: '/api/v1/authorization/user-roles', cookie })).json();
    expect(roles.standard.map((r: { role: string }) => r.role)).toEqual(['ptcoJobManager']);
    const unknown = await t.request({
      method: 'POST',
      url: `/api/v1/authorization/${target.id}/user-roles`,
      cookie: admin,
      payload: { standard: ['emperor'], tabbedView: [] },
    });
    expect(unknown.statusCode).toBe(400);
    const notAllowed = await t.request({
      method: 'POST',
      url: `/api/v1/authorization/${target.id}/user-roles`,
      cookie: await t.signIn('ptcojobmanager@example.com'),
      payload: { standard: ['sysAdmin'], tabbedView: [] },
    });
    expect(notAllowed.statusCode).toBe(403);
  });
});

describe('deactivate, reactivate, invite', () => {
  it('deactivates a user and ends their sessions; reactivates them', async () => {
    const cookie = await t.signIn('campaignmanager@example.com');
    const target = await idOf('campaignmanager@example.com');
    const res = await t.request({
      method: 'PATCH',
      url: '/api/v1/users/deactivate',
      cookie: admin,
      payload: { id: target.id },
    });
    expect(res.json()).toMatchObject({ success: true, statusCode: 200 });
    expect((await t.request({ url: '/api/auth/session', cookie })).statusCode).toBe(401);
    expect(
      (await statusList('deactivated'))
        .json()
        .collection.map((u: { username: string }) => u.username),
    ).toContain('campaignmanager@example.com');
    const back = await t.request({
      method: 'PATCH',
      url: '/api/v1/users/reactivate',
      cookie: admin,
      payload: { id: target.id },
    });
    expect(back.statusCode).toBe(200);
    await t.signIn('campaignmanager@example.com');
    const self = await idOf('useradministrator@example.com');
    const selfRes = await t.request({
      method: 'PATCH',
      url: '/api/v1/users/deactivate',
      cookie: admin,
      payload: { id: self.id },
    });
    expect(selfRes.statusCode).toBe(400);
    const logs = await t.database.db
      .select()
      .from(systemLogs)
      .where(eq(systemLogs.entityId, target.id));
    expect(logs.map((l) => l.action)).toEqual(
      expect.arrayContaining(['UserDeactivated', 'UserReactivated']),
    );
    expect(JSON.stringify(logs)).not.toContain('passwordHash');
  });

  it('invites a pending user, mails a sign-up link, makes them a domain user', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/v1/users/invite',
      cookie: admin,
      payload: { email: 'New.Person@PayTech-Bank.example', givenName: 'New', surname: 'Person' },
    });
    expect(res.statusCode).toBe(200);
    const { id } = res.json();
    const detail = (await t.request({ url: `/api/v1/users/${id}`, cookie: admin })).json();
    expect(detail).toMatchObject({
      username: 'new.person@paytech-bank.example',
      pending: true,
      eligible: false,
    });
    expect(detail.issuers).toEqual([
      expect.objectContaining({ issuerName: 'PayTech Bank', isDomainUser: true }),
    ]);
    const [mail] = await t.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, 'new.person@paytech-bank.example'));
    expect(mail!.textBody).toMatch(/\/api\/auth\/magic-link\/verify\?token=/);
    const again = await t.request({
      method: 'POST',
      url: '/api/v1/users/invite',
      cookie: admin,
      payload: { email: 'new.person@paytech-bank.example' },
    });
    expect(again.statusCode).toBe(409);
    // Following the mailed link signs them in and completes the invitation.
    const link = new URL(/https?:\/\/\S+/.exec(mail!.textBody)![0]);
    const opened = await t.request({ url: link.pathname + link.search });
    expect(opened.statusCode).toBe(303);
    const signedUp = (await t.request({ url: `/api/v1/users/${id}`, cookie: admin })).json();
    expect(signedUp).toMatchObject({ pending: false, eligible: true });
    await t.database.db.update(users).set({ pending: true }).where(eq(users.id, id));
    const resend = await t.request({
      method: 'POST',
      url: '/api/v1/users/invite',
      cookie: admin,
      payload: { id },
    });
    expect(resend.statusCode).toBe(200);
    const both = await t.request({
      method: 'POST',
      url: '/api/v1/users/invite',
      cookie: admin,
      payload: {},
    });
    expect(both.statusCode).toBe(400);
  });
});

/** A multipart body of text fields (and optionally one file), as a browser's FormData sends it. */
function multipartForm(fields: [string, string][], file?: { field: string; name: string }) {
  const boundary = '----b2b-form-test';
  const parts = fields.map(
    ([name, value]) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  if (file) {
    parts.push(
      `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name}"\r\n` +
        `Content-Type: text/plain\r\n\r\nx\r\n`,
    );
  }
  return {
    payload: `${parts.join('')}--${boundary}--\r\n`,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const urlEncoded = (fields: Record<string, string | string[]>) => ({
  payload: new URLSearchParams(
    Object.entries(fields).flatMap(([k, v]) =>
      [v].flat().map((item): [string, string] => [k, item]),
    ),
  ).toString(),
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
});

// SPEC §7 Users: deactivate, reactivate, invite and user-set-branding take "a form with id".
describe('the user calls that take a form', () => {
  it('deactivates with a URL-encoded form and reactivates with multipart fields', async () => {
    const target = await idOf('campaignmanager@example.com');
    const off = await t.request({
      method: 'PATCH',
      url: '/api/v1/users/deactivate',
      cookie: admin,
      ...urlEncoded({ id: target.id }),
    });
    expect(off.json()).toMatchObject({ success: true, statusCode: 200 });
    expect((await idOf('campaignmanager@example.com')).isDeactivated).toBe(true);
    const on = await t.request({
      method: 'PATCH',
      url: '/api/v1/users/reactivate',
      cookie: admin,
      ...multipartForm([['id', target.id]]),
    });
    expect(on.json()).toMatchObject({ success: true, statusCode: 200 });
    expect((await idOf('campaignmanager@example.com')).isDeactivated).toBe(false);
  });

  it('invites from a form: one role is a list of one, blank fields are not given', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/v1/users/invite',
      cookie: admin,
      ...urlEncoded({
        email: 'form.person@example.com',
        givenName: 'Form',
        surname: '',
        standardRoles: 'client',
      }),
    });
    expect(res.statusCode).toBe(200);
    const invited = await idOf('form.person@example.com');
    expect(invited).toMatchObject({ pending: true, givenName: 'Form', standardRoles: ['client'] });
    const two = await t.request({
      method: 'POST',
      url: '/api/v1/users/invite',
      cookie: admin,
      ...multipartForm([
        ['email', 'form.two@example.com'],
        ['standardRoles', 'client'],
        ['standardRoles', 'issuer'],
      ]),
    });
    expect(two.statusCode).toBe(200);
    expect((await idOf('form.two@example.com')).standardRoles).toEqual(['client', 'issuer']);
  });

  it('sets the own branding from a form; a blank brandingId inherits the issuer’s', async () => {
    const self = await idOf('useradministrator@example.com');
    const res = await t.request({
      method: 'PATCH',
      url: '/api/v1/users/user-set-branding',
      cookie: admin,
      ...urlEncoded({ id: self.id, brandingId: '' }),
    });
    expect(res.json()).toMatchObject({ success: true, statusCode: 200 });
    expect((await idOf('useradministrator@example.com')).brandingId).toBeNull();
  });

  it('answers a bad or missing id, a file and a form to a JSON-only call with a 4xx naming it', async () => {
    const send = (url: string, form: { payload: string; headers: Record<string, string> }) =>
      t.request({ method: 'PATCH', url, cookie: admin, ...form });
    const bad = await send('/api/v1/users/deactivate', urlEncoded({ id: 'not-a-uuid' }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/^Invalid body\.id: /);
    const nul = await send('/api/v1/users/deactivate', multipartForm([['id', 'a\u0000b']]));
    expect(nul.json()).toMatchObject({
      statusCode: 400,
      message: 'Invalid body.id: must not contain the NUL character',
    });
    const missing = await send('/api/v1/users/reactivate', multipartForm([['id', '']]));
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual([expect.objectContaining({ field: 'body.id' })]);
    const target = await idOf('campaignmanager@example.com');
    const withFile = await send(
      '/api/v1/users/deactivate',
      multipartForm([['id', target.id]], { field: 'attachment', name: 'a.txt' }),
    );
    expect(withFile.statusCode).toBe(400);
    expect(withFile.json()).toMatchObject({
      message: 'This form takes no file: remove the file field "attachment".',
      errors: [{ field: 'attachment' }],
    });
    const jsonOnly = await t.request({
      method: 'PUT',
      url: '/api/v1/users',
      cookie: admin,
      ...urlEncoded({ id: target.id }),
    });
    expect(jsonOnly.statusCode).toBe(415);
    expect(jsonOnly.json().message).toBe('PUT /api/v1/users takes a JSON body, not a form.');
    expect((await idOf('campaignmanager@example.com')).isDeactivated).toBe(false);
  });

  it('lists the form content types in the API documentation', async () => {
    const doc = (await t.request({ url: '/api/docs/json' })).json();
    const content = doc.paths['/api/v1/users/deactivate'].patch.requestBody.content;
    expect(Object.keys(content)).toEqual([
      'application/json',
      'application/x-www-form-urlencoded',
      'multipart/form-data',
    ]);
  });

  it('refuses a cross-site form post: a browser cannot add the CSRF header to it', async () => {
    const forged = await t.request({
      method: 'POST',
      url: '/api/v1/users/invite',
      cookie: admin,
      csrf: false,
      ...urlEncoded({ email: 'forged@example.com' }),
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: 'https://attacker.example',
        'sec-fetch-site': 'cross-site',
      },
    });
    expect(forged.statusCode).toBe(403);
    expect(forged.json()).toMatchObject({ code: 'csrf' });
    const made = await t.database.db
      .select()
      .from(users)
      .where(eq(users.username, 'forged@example.com'));
    expect(made).toEqual([]);
  });
});

describe('user pickers', () => {
  it('searches users, potential issuer users, job owners and user issuers', async () => {
    const found = (await t.request({ url: '/api/v1/users?search=sysad', cookie: admin })).json();
    expect(found.map((u: { username: string }) => u.username)).toEqual(['sysadmin@example.com']);
    const issuers = (
      await t.request({
        method: 'POST',
        url: '/api/v1/issuers/get',
        cookie: admin,
        payload: { pageSize: 50 },
      })
    ).json().collection;
    const test = issuers.find((i: { issuerKey: string }) => i.issuerKey === 'test-issuer');
    const potential = (
      await t.request({
        url: `/api/v1/users/potential-issuer-users?issuerId=${test.id}`,
        cookie: admin,
      })
    ).json();
    const names = potential.map((u: { username: string }) => u.username);
    expect(names).toContain('client@example.com');
    expect(names).not.toContain('sysadmin@example.com');
    expect(names).not.toContain('gone@example.com');
    const owners = (
      await t.request({
        url: `/api/v1/users/potential-job-analysis-owners?issuerId=${test.id}`,
        cookie: admin,
      })
    ).json();
    expect(owners.map((u: { username: string }) => u.username)).toContain('sysadmin@example.com');
    const issuerUser = await t.signIn('issuer@example.com');
    const ownOwners = (
      await t.request({ url: '/api/v1/users/potential-job-analysis-owners', cookie: issuerUser })
    ).json();
    expect(ownOwners.map((u: { username: string }) => u.username)).toContain('client@example.com');
    const foreign = (
      await t.request({
        url: `/api/v1/users/potential-job-analysis-owners?issuerId=${test.id}`,
        cookie: issuerUser,
      })
    ).json();
    expect(foreign).toEqual([]);
    const client = await idOf('client@example.com');
    const userIssuers = (
      await t.request({ url: `/api/v1/users/${client.id}/potential-user-issuers`, cookie: admin })
    ).json();
    expect(userIssuers.map((i: { issuerName: string }) => i.issuerName)).not.toContain(
      'PayTech Bank',
    );
    expect(userIssuers.length).toBe(4);
  });

  it('lists directly assigned members of an issuer', async () => {
    const body = (
      await t.request({
        method: 'POST',
        url: '/api/v1/users/directly-assigned',
        cookie: admin,
        payload: {},
      })
    ).json();
    expect(body.totalCount).toBeGreaterThan(5);
    expect(
      body.collection.every(
        (u: { username: string }) => u.username !== 'new.person@paytech-bank.example',
      ),
    ).toBe(true);
  });
});
