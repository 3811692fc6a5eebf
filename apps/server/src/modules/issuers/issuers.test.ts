import { COMPARISON_OPERATORS } from '@b2b/contract';
import { eq, like, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness.js';
import { systemLogs } from '../system-logs/system-log.schema.js';
import { jobs } from '../jobs/job.schema.js';
import { buyers, issuerUsers } from './issuer.schema.js';
import { users } from '../users/user.schema.js';

const t = useTestApp();
let admin: string;

type Row = {
  id: string;
  name: string;
  issuerKey: string;
  usersCount: number;
  brandingDisplayName: string | null;
};

const newIssuer = (overrides: Record<string, unknown> = {}) => ({
  name: 'Northwind Bank',
  issuerKey: `northwind-${Math.random().toString(36).slice(2, 8)}`,
  scheme: 'Visa',
  language: 'en',
  capabilities: ['Stp', 'Vcard'],
  virtualLockboxes: ['Boost'],
  fallbackCountryIso3: 'GBR',
  currency: 'GBP',
  sendMagicLinks: false,
  ...overrides,
});

async function create(payload: Record<string, unknown>) {
  return t.request({ method: 'POST', url: '/api/v1/issuers', cookie: admin, payload });
}
async function list(payload: Record<string, unknown>, cookie = admin) {
  return t.request({ method: 'POST', url: '/api/v1/issuers/get', cookie, payload });
}

beforeAll(async () => {
  admin = await t.signIn('sysadmin@example.com');
});

describe('issuer catalogues', () => {
  it('lists capabilities, virtual lockboxes and languages', async () => {
    const caps = await t.request({ url: '/api/v1/issuers/getAllCapabilities', cookie: admin });
    expect(caps.json()).toContainEqual({ id: 'Stp', name: 'STP' });
    const vlb = await t.request({
      url: '/api/v1/issuers/getAllVirtualLockboxesAvailableToIssuers',
      cookie: admin,
    });
    expect(vlb.json().map((v: { key: string }) => v.key)).toEqual(['Boost', 'BoostEu', 'Its']);
    const langs = await t.request({ url: '/api/v1/issuers/getAllIssuerLanguages', cookie: admin });
    expect(langs.json()).toContainEqual({ key: 'en', name: 'English' });
  });
});

describe('issuer create, read, update', () => {
  it('creates an issuer, answers its id and reads it back (detail and full)', async () => {
    const res = await create(newIssuer({ currency: 'eur', fallbackCountryIso3: 'deu' }));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ success: true, statusCode: 200, version: 1 });
    const detail = await t.request({ url: `/api/v1/issuers/${body.id}`, cookie: admin });
    expect(detail.json()).toMatchObject({
      currency: 'EUR',
      fallbackCountryIso3: 'DEU',
      issuerCapabilities: [
        { id: 'Stp', name: 'STP' },
        { id: 'Vcard', name: 'Virtual Card' },
      ],
      issuerVirtualLockboxes: ['Boost'],
    });
    const full = await t.request({ url: `/api/v1/issuers/${body.id}/full`, cookie: admin });
    expect(full.json()).toMatchObject({ issuerEmailDomains: [], numberNonEmailDomainUsers: 0 });
    const [log] = await t.database.db
      .select()
      .from(systemLogs)
      .where(eq(systemLogs.entityId, body.id));
    expect(log).toMatchObject({ action: 'IssuerCreated', actorUsername: 'sysadmin@example.com' });
  });

  it.each([
    ['fallbackCountryIso3', { fallbackCountryIso3: 'XYZ' }, 'ISO 3166'],
    ['fallbackCountryIso3', { fallbackCountryIso3: 'GB' }, ''],
    ['currency', { currency: 'ABC' }, 'ISO 4217'],
    ['currency', { currency: 'EURO' }, ''],
    ['language', { language: 'xx' }, 'language'],
    ['capabilities', { capabilities: ['Teleport'] }, 'Teleport'],
  ])('refuses an invalid %s (%o)', async (field, overrides, text) => {
    const res = await create(newIssuer(overrides));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].field).toBe(`body.${field}`);
    expect(res.json().message).toContain(text);
  });

  it('refuses a duplicate issuer key, whatever its case', async () => {
    const res = await create(newIssuer({ issuerKey: 'PAYTECH-BANK' }));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe("An issuer with the key 'PAYTECH-BANK' already exists.");
  });

  it('updates with the version read, refuses a stale one and bad e-mail domains', async () => {
    const created = (await create(newIssuer())).json();
    const payload = {
      ...newIssuer({ name: 'Northwind Renamed' }),
      id: created.id,
      version: 1,
      issuerKeyAliases: ['nw'],
      issuerEmailDomains: ['northwind.example'],
    };
    const ok = await t.request({ method: 'PUT', url: '/api/v1/issuers', cookie: admin, payload });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ success: true, version: 2 });
    const stale = await t.request({
      method: 'PUT',
      url: '/api/v1/issuers',
      cookie: admin,
      payload,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toContain('changed by someone else');
    const bad = await t.request({
      method: 'PUT',
      url: '/api/v1/issuers',
      cookie: admin,
      payload: { ...payload, version: 2, issuerEmailDomains: ['not a domain'] },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].field).toBe('body.issuerEmailDomains[0]');
    const full = (
      await t.request({ url: `/api/v1/issuers/${created.id}/full`, cookie: admin })
    ).json();
    expect(full).toMatchObject({
      name: 'Northwind Renamed',
      issuerEmailDomains: ['northwind.example'],
      issuerKeyAliases: ['nw'],
    });
  });

  it('replaces capabilities, virtual lockboxes and input data options', async () => {
    const { id } = (await create(newIssuer())).json();
    const call = (path: string, payload: string[], version?: number) =>
      t.request({
        method: 'POST',
        url: `/api/v1/issuers/${path}?issuerId=${id}${version ? `&version=${version}` : ''}`,
        cookie: admin,
        payload,
      });
    expect((await call('issuer-admin-capabilities', ['Optima'], 1)).json()).toMatchObject({
      success: true,
      version: 2,
    });
    expect((await call('issuer-admin-capabilities', ['Optima'], 1)).statusCode).toBe(409);
    expect((await call('issuer-admin-capabilities', ['Nope'])).statusCode).toBe(400);
    expect((await call('issuer-admin-virtual-lockbox-update', ['Its', 'BoostEu'])).statusCode).toBe(
      200,
    );
    expect((await call('issuer-admin-virtual-lockbox-update', ['Other'])).statusCode).toBe(400);
    expect((await call('issuer-admin-input-data-option-update', ['MergeLink'])).statusCode).toBe(
      200,
    );
    const detail = (await t.request({ url: `/api/v1/issuers/${id}`, cookie: admin })).json();
    expect(detail).toMatchObject({
      issuerCapabilities: [{ id: 'Optima', name: 'Optima' }],
      issuerVirtualLockboxes: ['Its', 'BoostEu'],
      issuerInputDataOptions: ['MergeLink'],
      version: 4,
    });
  });
});

describe('issuer list', () => {
  let all: Row[];
  beforeAll(async () => {
    all = (await list({ pageSize: 500 })).json().collection;
  });

  it('pages with the paged response envelope, by name unless sorted', async () => {
    const res = (await list({ pageSize: 2, pageNumber: 2 })).json();
    expect(res).toMatchObject({ currentPage: 2, pageSize: 2, hasPreviousPage: true });
    expect(res.totalCount).toBe(all.length);
    const names = all.map((r) => r.name);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const byUsers = (await list({ pageSize: 500, orderBy: 'usersCount desc' })).json().collection;
    expect(byUsers[0].usersCount).toBe(Math.max(...all.map((r) => r.usersCount)));
  });

  it('pages a sort by branding name and a filtered sort the same as one long page', async () => {
    for (const request of [
      { orderBy: 'brandingDisplayName desc', secondaryOrderBy: 'name' },
      {
        orderBy: 'issuerKey desc',
        filters: [{ propertyName: 'name', comparisonOperator: 'Contains', value: 'an' }],
      },
    ]) {
      const whole = (await list({ ...request, pageSize: 500 })).json();
      expect(whole.collection.length).toBeGreaterThan(3);
      const pages = await Promise.all(
        [1, 2, 3, 4].map(async (pageNumber) =>
          (await list({ ...request, pageSize: 3, pageNumber })).json(),
        ),
      );
      const ids = (rows: Row[]) => rows.map((r) => r.id);
      expect(pages.flatMap((p) => ids(p.collection))).toEqual(ids(whole.collection).slice(0, 12));
      expect(pages.map((p) => p.totalCount)).toEqual(Array(4).fill(whole.totalCount));
    }
  });

  const pivot = 'PayTech Bank';
  const expected: Record<string, (r: Row) => boolean> = {
    Equal: (r) => r.name === pivot,
    NotEqual: (r) => r.name !== pivot,
    Contains: (r) => r.name.toLowerCase().includes('tech'),
    StartsWith: (r) => r.name.toLowerCase().startsWith('pay'),
    EndsWith: (r) => r.name.toLowerCase().endsWith('bank'),
  };
  const numeric: Record<string, (n: number, p: number) => boolean> = {
    GreaterThan: (n, p) => n > p,
    GreaterThanOrEqual: (n, p) => n >= p,
    LessThan: (n, p) => n < p,
    LessThanOrEqual: (n, p) => n <= p,
  };

  it.each(COMPARISON_OPERATORS)('filters with %s', async (op) => {
    const filter = numeric[op]
      ? { propertyName: 'usersCount', comparisonOperator: op, value: 1 }
      : {
          propertyName: 'name',
          comparisonOperator: op,
          value: (
            {
              Equal: pivot,
              NotEqual: pivot,
              Contains: 'tech',
              StartsWith: 'pay',
              EndsWith: 'bank',
            } as Record<string, string>
          )[op],
        };
    const res = await list({ pageSize: 500, filters: [filter] });
    expect(res.statusCode).toBe(200);
    const want = all.filter((r) => (numeric[op] ? numeric[op](r.usersCount, 1) : expected[op]!(r)));
    expect(want.length).toBeGreaterThan(0);
    expect(
      res
        .json()
        .collection.map((r: Row) => r.id)
        .sort(),
    ).toEqual(want.map((r) => r.id).sort());
  });

  it('counts the matches of a filter on the branding name', async () => {
    const branded = all.find((r) => r.brandingDisplayName)!.brandingDisplayName;
    const res = (
      await list({
        pageSize: 1,
        filters: [
          { propertyName: 'brandingDisplayName', comparisonOperator: 'Equal', value: branded },
        ],
      })
    ).json();
    expect(res.totalCount).toBe(all.filter((r) => r.brandingDisplayName === branded).length);
    expect(res.collection[0].brandingDisplayName).toBe(branded);
  });

  it('matches StartsWith whatever the case, and takes % and _ literally', async () => {
    const startsWith = async (propertyName: string, value: string) =>
      (
        await list({
          pageSize: 500,
          filters: [{ propertyName, comparisonOperator: 'StartsWith', value }],
        })
      )
        .json()
        .collection.map((r: Row) => r.name)
        .sort();
    const pay = all.filter((r) => r.name.toLowerCase().startsWith('pay')).map((r) => r.name);
    expect(await startsWith('name', 'PAY')).toEqual(pay.sort());
    expect(await startsWith('name', '%')).toEqual([]);
    expect(await startsWith('name', '_ay')).toEqual([]);
    expect(await startsWith('issuerKey', 'PAYTECH-')).toEqual(['PayTech Bank']);
  });

  it('names an unknown filter property, operator misuse and sort field in a 400', async () => {
    const unknown = await list({
      filters: [{ propertyName: 'password', comparisonOperator: 'Equal', value: 'x' }],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors[0].field).toBe('body.filters[0].propertyName');
    const badOp = await list({
      filters: [{ propertyName: 'name', comparisonOperator: 'Like', value: 'x' }],
    });
    expect(badOp.statusCode).toBe(400);
    const notNumber = await list({
      filters: [{ propertyName: 'usersCount', comparisonOperator: 'Contains', value: '1' }],
    });
    expect(notNumber.statusCode).toBe(400);
    expect(notNumber.json().errors[0].field).toBe('body.filters[0].comparisonOperator');
    const sort = await list({ orderBy: 'secret desc' });
    expect(sort.statusCode).toBe(400);
    expect(sort.json().errors[0].field).toBe('body.orderBy');
  });
});

describe('issuer list job columns', () => {
  it('shows each issuer its jobs count and latest job names; a page past the end keeps the total', async () => {
    const { id } = (await create(newIssuer())).json();
    const [buyer] = await t.database.db
      .insert(buyers)
      .values({ issuerId: id, name: 'Listed Buyer Ltd' })
      .returning();
    const [owner] = await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.username, 'sysadmin@example.com'));
    await t.database.db.insert(jobs).values(
      [1, 2, 3].map((n) => ({
        type: 'base' as const,
        name: `Listed job ${n}`,
        issuerId: id,
        buyerId: buyer!.id,
        ownerId: owner!.id,
        currency: 'GBP',
        analysisDate: '2026-01-01',
        updatedAt: new Date(Date.UTC(2026, 0, n)),
      })),
    );
    const byId = (
      await list({ filters: [{ propertyName: 'id', comparisonOperator: 'Equal', value: id }] })
    ).json();
    expect(byId.totalCount).toBe(1);
    expect(byId.collection[0]).toMatchObject({
      jobsCount: 3,
      jobNames: ['Listed job 3', 'Listed job 2', 'Listed job 1'],
    });
    const all = (await list({ pageSize: 5 })).json();
    const pastTheEnd = (await list({ pageSize: 5, pageNumber: all.totalPages + 2 })).json();
    expect(pastTheEnd.collection).toEqual([]);
    expect(pastTheEnd.totalCount).toBe(all.totalCount);
    await t.database.db.delete(jobs).where(eq(jobs.issuerId, id));
  });
});

describe('issuer delete and membership', () => {
  it('refuses to delete an issuer in use, deletes an empty one', async () => {
    const paytech = (
      await list({
        filters: [
          { propertyName: 'issuerKey', comparisonOperator: 'Equal', value: 'paytech-bank' },
        ],
      })
    ).json().collection[0];
    const refused = await t.request({
      method: 'DELETE',
      url: `/api/v1/issuers/${paytech.id}`,
      cookie: admin,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ success: false, statusCode: 409 });
    expect(refused.json().message).toMatch(
      /cannot be deleted while it has 0 job\(s\) and \d+ user\(s\)/,
    );

    const { id } = (await create(newIssuer())).json();
    const done = await t.request({ method: 'DELETE', url: `/api/v1/issuers/${id}`, cookie: admin });
    expect(done.json()).toMatchObject({ success: true, statusCode: 200 });
    expect((await t.request({ url: `/api/v1/issuers/${id}`, cookie: admin })).statusCode).toBe(404);
  });

  it("keeps the whole list's total equal to a real count as issuers come and go", async () => {
    const counted = async () =>
      Number(
        (
          (await t.database.db.execute(sql`select count(*) as n from issuers`)) as unknown as {
            rows: { n: number }[];
          }
        ).rows[0]!.n,
      );
    const total = async () => (await list({})).json().totalCount;
    expect(await total()).toBe(await counted());
    const made = [(await create(newIssuer())).json().id, (await create(newIssuer())).json().id];
    expect(await total()).toBe(await counted());
    await t.request({ method: 'DELETE', url: `/api/v1/issuers/${made[0]}`, cookie: admin });
    expect(await total()).toBe(await counted());
    // A statement that deletes several at once counts them all.
    await t.database.db.execute(sql`delete from issuers where id = ${made[1]}::uuid`);
    expect(await total()).toBe(await counted());
  });

  it('assigns and removes members; e-mail domains make domain users', async () => {
    const { id } = (await create(newIssuer())).json();
    const client = (
      await t.database.db.select().from(users).where(eq(users.username, 'client@example.com'))
    )[0]!;
    const assign = await t.request({
      method: 'PUT',
      url: `/api/v1/issuers/${id}/users`,
      cookie: admin,
      payload: { userId: client.id, userRole: 'Manager' },
    });
    expect(assign.statusCode).toBe(200);
    let members = (
      await t.request({ url: `/api/v1/issuers/${id}/assigned-user-issuers`, cookie: admin })
    ).json();
    expect(members).toEqual([
      expect.objectContaining({
        username: 'client@example.com',
        userRole: 'Manager',
        isDomainUser: false,
      }),
    ]);
    await t.request({
      method: 'PUT',
      url: '/api/v1/issuers',
      cookie: admin,
      payload: { ...newIssuer(), id, version: 1, issuerEmailDomains: ['example.com'] },
    });
    members = (
      await t.request({ url: `/api/v1/issuers/${id}/assigned-user-issuers`, cookie: admin })
    ).json();
    expect(members.length).toBeGreaterThan(5);
    expect(
      members.find((m: { username: string }) => m.username === 'issuer@example.com').isDomainUser,
    ).toBe(true);
    const full = (await t.request({ url: `/api/v1/issuers/${id}/full`, cookie: admin })).json();
    expect(full.numberNonEmailDomainUsers).toBe(1);
    await t.request({
      method: 'PUT',
      url: `/api/v1/issuers/${id}/users`,
      cookie: admin,
      payload: { userId: client.id, userRole: null },
    });
    members = (
      await t.request({ url: `/api/v1/issuers/${id}/assigned-user-issuers`, cookie: admin })
    ).json();
    expect(members.some((m: { username: string }) => m.username === 'client@example.com')).toBe(
      false,
    );
  });
});

describe('issuer access', () => {
  it('refuses roles without the permissions (403)', async () => {
    const issuer = await t.signIn('issuer@example.com');
    expect((await list({}, issuer)).statusCode).toBe(403);
    const ptco = await t.signIn('ptcojobmanager@example.com');
    expect((await list({}, ptco)).statusCode).toBe(200);
    const createRes = await t.request({
      method: 'POST',
      url: '/api/v1/issuers',
      cookie: ptco,
      payload: newIssuer(),
    });
    expect(createRes.statusCode).toBe(403);
  });

  it("shows a reader without the issuer area only their own issuers; others' answer 404", async () => {
    await t.database.db
      .update(users)
      .set({ explicitPermissions: ['IssuerRead'] })
      .where(eq(users.username, 'client@example.com'));
    const client = await t.signIn('client@example.com');
    const own = (await list({ pageSize: 100 }, client)).json().collection as Row[];
    expect(own.map((r) => r.issuerKey)).toEqual(['paytech-bank']);
    const other = (await list({ pageSize: 100 }))
      .json()
      .collection.find((r: Row) => r.issuerKey === 'test-issuer');
    expect(
      (await t.request({ url: `/api/v1/issuers/${other.id}`, cookie: client })).statusCode,
    ).toBe(404);
    expect(
      (await t.request({ url: `/api/v1/issuers/${own[0]!.id}`, cookie: client })).statusCode,
    ).toBe(200);
  });
});

describe('issuer users count and first usernames', () => {
  it('follow memberships as they are added, removed and renamed (kept by triggers)', async () => {
    const created = (await create(newIssuer())).json();
    const rowOf = async () =>
      (
        await list({
          filters: [{ propertyName: 'id', comparisonOperator: 'Equal', value: created.id }],
        })
      ).json().collection[0] as { usersCount: number; usernames: string[] };
    expect(await rowOf()).toMatchObject({ usersCount: 0, usernames: [] });
    const idOf = async (username: string) =>
      (
        await t.database.db.select({ id: users.id }).from(users).where(eq(users.username, username))
      )[0]!.id;
    const assign = (userId: string, userRole: 'Member' | null) =>
      t.request({
        method: 'PUT',
        url: `/api/v1/issuers/${created.id}/users`,
        cookie: admin,
        payload: { userId, userRole },
      });
    const client = await idOf('client@example.com');
    const issuer = await idOf('issuer@example.com');
    expect((await assign(client, 'Member')).statusCode).toBe(200);
    expect(await rowOf()).toMatchObject({ usersCount: 1, usernames: ['client@example.com'] });
    // Changing the role is no new membership.
    expect((await assign(client, 'Member')).statusCode).toBe(200);
    expect((await assign(issuer, 'Member')).statusCode).toBe(200);
    expect(await rowOf()).toMatchObject({
      usersCount: 2,
      usernames: ['client@example.com', 'issuer@example.com'],
    });

    // Twelve users of a new e-mail domain join at once: counted, and only the first ten named.
    await t.database.db.insert(users).values(
      Array.from({ length: 12 }, (_, i) => {
        const username = `member${String(i).padStart(2, '0')}@members-bank.example`;
        return { username, email: username, displayName: `Member ${i}`, approved: true };
      }),
    );
    const joined = await t.database.db
      .insert(issuerUsers)
      .select(
        t.database.db
          .select({
            issuerId: sql<string>`${created.id}::uuid`.as('issuer_id'),
            userId: users.id,
            userRole: sql<string>`'Member'`.as('user_role'),
            isDomainUser: sql<boolean>`true`.as('is_domain_user'),
          })
          .from(users)
          .where(like(users.username, '%@members-bank.example')),
      )
      .returning();
    expect(joined).toHaveLength(12);
    const afterJoin = await rowOf();
    expect(afterJoin.usersCount).toBe(14);
    expect(afterJoin.usernames).toEqual([
      'client@example.com',
      'issuer@example.com',
      ...Array.from({ length: 8 }, (_, i) => `member0${i}@members-bank.example`),
    ]);

    // One of the first ten renamed, then one of them leaving: the names are reread.
    await t.database.db
      .update(users)
      .set({ username: 'zz-client@example.com' })
      .where(eq(users.id, client));
    expect((await rowOf()).usernames).toEqual([
      'issuer@example.com',
      ...Array.from({ length: 9 }, (_, i) => `member0${i}@members-bank.example`),
    ]);
    await t.database.db
      .update(users)
      .set({ username: 'client@example.com' })
      .where(eq(users.id, client));
    expect((await assign(issuer, null)).statusCode).toBe(200);
    const afterLeave = await rowOf();
    expect(afterLeave.usersCount).toBe(13);
    expect(afterLeave.usernames).toEqual([
      'client@example.com',
      ...Array.from({ length: 9 }, (_, i) => `member0${i}@members-bank.example`),
    ]);
    // A user deleted outright leaves every issuer it was in.
    await t.database.db.delete(users).where(eq(users.username, 'member00@members-bank.example'));
    const afterDelete = await rowOf();
    expect(afterDelete.usersCount).toBe(12);
    expect(afterDelete.usernames).toEqual([
      'client@example.com',
      ...Array.from(
        { length: 9 },
        (_, i) => `member${String(i + 1).padStart(2, '0')}@members-bank.example`,
      ),
    ]);
    expect((await assign(client, null)).statusCode).toBe(200);
    expect((await rowOf()).usersCount).toBe(11);
  });
});
