import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness.js';
import { queryRows } from '../../db/transaction.js';
import { users } from '../users/user.schema.js';

const t = useTestApp();
let holder: string; // sysadmin
let other: string; // tester: same rights, another person
let issuerId: string;
let issuerPayload: Record<string, unknown>;

const call = (path: string, cookie: string, payload?: object) =>
  t.request({ method: 'POST', url: `/api/v1/concurrency/${path}`, cookie, payload });
const ref = () => ({ entityType: 'issuer', entityId: issuerId });
const status = async (cookie: string) => (await call('entity-status', cookie, ref())).json()[0];
const save = (cookie: string, version: number) =>
  t.request({
    method: 'PUT',
    url: '/api/v1/issuers',
    cookie,
    payload: { ...issuerPayload, id: issuerId, version },
  });

beforeAll(async () => {
  holder = await t.signIn('sysadmin@example.com');
  other = await t.signIn('tester@example.com');
  issuerPayload = {
    name: 'Lock Test Bank',
    issuerKey: 'lock-test-bank',
    scheme: 'Mastercard',
    language: 'en',
    fallbackCountryIso3: 'FRA',
    currency: 'EUR',
  };
  const created = await t.request({
    method: 'POST',
    url: '/api/v1/issuers',
    cookie: holder,
    payload: issuerPayload,
  });
  issuerId = created.json().id;
});

describe('entity write lock', () => {
  it('gives the lease to one user; others see who holds it and their writes get 409', async () => {
    expect((await call('try-set-exclusive-write-access', holder, ref())).json()).toBe(true);
    expect((await call('try-set-exclusive-write-access', other, ref())).json()).toBe(false);
    const seen = await status(other);
    expect(seen).toMatchObject({
      exclusiveWriteAccess: true,
      holderFirstName: 'Sys Admin',
      emailAddress: 'sysadmin@example.com',
      requesterUserId: null,
    });
    expect(Date.parse(seen.activeUntilUtc)).toBeGreaterThan(Date.now());
    const refused = await save(other, 1);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain('is being edited by');
    const list = await t.request({
      method: 'POST',
      url: `/api/v1/issuers/issuer-admin-capabilities?issuerId=${issuerId}`,
      cookie: other,
      payload: ['Stp'],
    });
    expect(list.statusCode).toBe(409);
    const del = await t.request({
      method: 'DELETE',
      url: `/api/v1/issuers/${issuerId}`,
      cookie: other,
    });
    expect(del.statusCode).toBe(409);
    const ok = await save(holder, 1);
    expect(ok.statusCode).toBe(200);
  });

  it('passes requests to the holder, who may deny them', async () => {
    expect((await call('request-exclusive-write-access', other, ref())).json()).toBe(true);
    expect(await status(holder)).toMatchObject({ requesterEmailAddress: 'tester@example.com' });
    const denied = await t.request({
      method: 'POST',
      url: `/api/v1/concurrency/deny-exclusive-write-access?entityType=issuer&entityId=${issuerId}`,
      cookie: holder,
    });
    expect(denied.json()).toBe(true);
    expect(await status(other)).toMatchObject({
      requesterUserId: null,
      emailAddress: 'sysadmin@example.com',
    });
  });

  it('hands the lease over when a request stays unanswered', async () => {
    expect((await call('request-exclusive-write-access', other, ref())).json()).toBe(true);
    expect((await call('try-set-exclusive-write-access', other, ref())).json()).toBe(false);
    await t.database.db.execute(
      sql`update entity_locks set requested_at = now() - interval '20 seconds' where entity_id = ${issuerId}`,
    );
    expect((await call('try-set-exclusive-write-access', other, ref())).json()).toBe(true);
    expect(await status(holder)).toMatchObject({
      emailAddress: 'tester@example.com',
      requesterUserId: null,
    });
  });

  it('lets a privileged user force the lease; others may not (403)', async () => {
    expect((await call('force-set-exclusive-write-access', holder, ref())).json()).toBe(true);
    expect(await status(other)).toMatchObject({ emailAddress: 'sysadmin@example.com' });
    const issuer = await t.signIn('issuer@example.com');
    expect((await call('force-set-exclusive-write-access', issuer, ref())).statusCode).toBe(403);
  });

  it('refuses the lock to users without Concurrency_Take_Entity_Lock', async () => {
    const [client] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.username, 'client@example.com'));
    await t.database.db.insert(users).values({
      username: 'viewer@example.com',
      email: 'viewer@example.com',
      displayName: 'View Er',
      passwordHash: client!.passwordHash,
      approved: true,
      tabbedViewRoles: ['JobSummaryAccessor'],
    });
    const viewer = await t.signIn('viewer@example.com');
    expect((await call('try-set-exclusive-write-access', viewer, ref())).statusCode).toBe(403);
    expect((await call('request-exclusive-write-access', viewer, ref())).statusCode).toBe(403);
  });

  it('frees the lease on release', async () => {
    expect((await call('release-exclusive-write-access', holder, ref())).json()).toBe(true);
    expect(await status(other)).toMatchObject({ exclusiveWriteAccess: false, holderUserId: null });
  });
});

describe('optimistic versions', () => {
  it('refuses a save based on a stale version even without a lock', async () => {
    const current = (
      await t.request({ url: `/api/v1/issuers/${issuerId}`, cookie: holder })
    ).json();
    expect((await save(other, current.version)).statusCode).toBe(200);
    const lost = await save(holder, current.version);
    expect(lost.statusCode).toBe(409);
    expect(lost.json().message).toContain('changed by someone else');
  });
});

describe('active entity users', () => {
  it('lists who views which entity, by name, with who holds the lock', async () => {
    expect((await call('try-set-entity-active-user', holder, ref())).json()).toBe(true);
    await call('try-set-entity-active-user', other, ref());
    await call('try-set-exclusive-write-access', other, ref());
    const res = await t.request({
      url: '/api/v1/concurrency/active-entity-users?entityType=issuer',
      cookie: holder,
    });
    expect(res.json()).toEqual([
      {
        userName: 'sysadmin@example.com',
        scope: 'issuer',
        entityName: 'Lock Test Bank',
        exclusiveWriteAccess: false,
      },
      {
        userName: 'tester@example.com',
        scope: 'issuer',
        entityName: 'Lock Test Bank',
        exclusiveWriteAccess: true,
      },
    ]);
  });
});

describe('active users quick view (GET /api/v1/concurrency/active-users)', () => {
  type Entry = {
    userName: string;
    email: string;
    displayName: string;
    entityType: string;
    entityId: string;
    entityName: string;
    since: string;
    exclusiveWriteAccess: boolean;
  };
  const entries = async (cookie: string): Promise<Entry[]> => {
    const res = await t.request({ url: '/api/v1/concurrency/active-users', cookie });
    expect(res.statusCode).toBe(200);
    return res.json();
  };
  const idOf = async (table: 'issuers' | 'users', column: string, value: string) =>
    (
      await queryRows<{ id: string }>(
        t.database.db,
        sql`select id from ${sql.identifier(table)} where ${sql.identifier(column)} = ${value}`,
      )
    )[0]!.id;

  it('lists who is on which entity with e-mail and since when; others see only their issuers', async () => {
    const paytech = await idOf('issuers', 'issuer_key', 'paytech-bank');
    const issuerUserId = await idOf('users', 'username', 'issuer@example.com');
    const issuerUser = await t.signIn('issuer@example.com');
    await call('try-set-entity-active-user', other, { entityType: 'issuer', entityId: paytech });
    await call('try-set-entity-active-user', holder, {
      entityType: 'user',
      entityId: issuerUserId,
    });
    // A heartbeat may name anything: an unknown type and an id that is no UUID.
    await call('try-set-entity-active-user', other, { entityType: 'mystery', entityId: 'x' });
    await call('try-set-entity-active-user', other, { entityType: 'issuer', entityId: 'nope' });

    const all = await entries(holder);
    const paytechViewer = all.find((e) => e.entityId === paytech)!;
    expect(paytechViewer).toMatchObject({
      userName: 'tester@example.com',
      email: 'tester@example.com',
      displayName: 'Tester Demo',
      entityType: 'issuer',
      entityName: 'PayTech Bank',
      exclusiveWriteAccess: false,
    });
    expect(Date.now() - Date.parse(paytechViewer.since)).toBeLessThan(60_000);
    expect(all.map((e) => `${e.entityType}:${e.entityName}:${e.userName}`)).toEqual(
      expect.arrayContaining([
        'issuer:Lock Test Bank:sysadmin@example.com',
        'issuer:Lock Test Bank:tester@example.com',
        'user:issuer@example.com:sysadmin@example.com',
        'mystery:x:tester@example.com',
      ]),
    );

    // Outside the issuer area: only entities of their own issuer (PayTech Bank and its members).
    const mine = await entries(issuerUser);
    expect(mine.map((e) => `${e.entityType}:${e.entityName}:${e.userName}`).sort()).toEqual([
      'issuer:PayTech Bank:tester@example.com',
      'user:issuer@example.com:sysadmin@example.com',
    ]);
    // The per-entity call keeps the same rule.
    const elsewhere = await t.request({
      url: `/api/v1/concurrency/active-entity-users?entityType=issuer&entityId=${issuerId}`,
      cookie: issuerUser,
    });
    expect(elsewhere.json()).toEqual([]);
  });

  it('names buyers on their edit screens, shown only to members of the buyer’s issuer', async () => {
    const [mine, theirs] = await queryRows<{ id: string; name: string }>(
      t.database.db,
      sql`(select b.id, b.name from buyers b join issuers i on i.id = b.issuer_id
            where i.issuer_key = 'paytech-bank' order by b.name limit 1)
          union all
          (select b.id, b.name from buyers b join issuers i on i.id = b.issuer_id
            where i.issuer_key <> 'paytech-bank' order by b.name limit 1)`,
    );
    await call('try-set-entity-active-user', other, { entityType: 'buyer', entityId: mine!.id });
    await call('try-set-entity-active-user', other, { entityType: 'buyer', entityId: theirs!.id });
    const all = (await entries(holder)).filter((e) => e.entityType === 'buyer');
    expect(all.map((e) => e.entityName).sort()).toEqual([mine!.name, theirs!.name].sort());
    const member = (await entries(await t.signIn('issuer@example.com'))).filter(
      (e) => e.entityType === 'buyer',
    );
    expect(member.map((e) => e.entityName)).toEqual([mine!.name]);
  });

  it('keeps when a visit began across heartbeats and starts a new one after a gap', async () => {
    const key = { entityType: 'issuer', entityId: issuerId };
    await call('try-set-entity-active-user', other, key);
    const testerId = await idOf('users', 'username', 'tester@example.com');
    const setTimes = (lastSeen: string, since: string) =>
      t.database.db.execute(
        sql`update entity_active_users
              set last_seen_at = now() - ${lastSeen}::interval,
                  viewing_since = now() - ${since}::interval
            where entity_id = ${issuerId} and user_id = ${testerId}::uuid`,
      );
    const sinceOf = async () =>
      Date.parse(
        (await entries(holder)).find(
          (e) => e.entityId === issuerId && e.userName === 'tester@example.com',
        )!.since,
      );
    await setTimes('1 second', '5 minutes');
    await call('try-set-entity-active-user', other, key);
    expect(Date.now() - (await sinceOf())).toBeGreaterThan(4 * 60_000);
    await setTimes('1 minute', '5 minutes');
    await call('try-set-entity-active-user', other, key);
    expect(Date.now() - (await sinceOf())).toBeLessThan(60_000);
  });

  it('is refused (403) without ActiveUsers_VIEW and 401 signed out', async () => {
    const creator = await t.signIn('matcheddataonlyjobcreator@example.com');
    const refused = await t.request({ url: '/api/v1/concurrency/active-users', cookie: creator });
    expect(refused.statusCode).toBe(403);
    const anonymous = await t.request({ url: '/api/v1/concurrency/active-users' });
    expect(anonymous.statusCode).toBe(401);
  });
});
