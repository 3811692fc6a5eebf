import { COMPARISON_OPERATORS } from '@b2b/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness.js';
import { type IssuerRow, issuerRequests, newIssuer } from '../../../test/issuer-requests.js';
import { systemLogs } from '../system-logs/system-log.schema.js';
import { jobs } from '../jobs/job.schema.js';
import { buyers } from './issuer.schema.js';
import { users } from '../users/user.schema.js';

// Issuers, their catalogues and their list. The list tests also read the issuers the create
// tests made, so they share this file's database. Membership, deletion and access are in
// issuer-members.test.ts.
const t = useTestApp();
let admin: string;
const { create, list } = issuerRequests(t, () => admin);

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

  // SPEC §7 "PUT /api/v1/issuers. Update, with parameters": issuerId and version as parameters.
  it('updates with the issuer and version as parameters; they must agree with the body', async () => {
    const created = (await create(newIssuer())).json();
    const put = (query: string, payload: Record<string, unknown>) =>
      t.request({ method: 'PUT', url: `/api/v1/issuers${query}`, cookie: admin, payload });
    const fields = newIssuer({ name: 'Northwind By Parameter' });
    const ok = await put(`?issuerId=${created.id}&version=1`, fields);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ success: true, id: created.id, version: 2 });
    const full = (
      await t.request({ url: `/api/v1/issuers/${created.id}/full`, cookie: admin })
    ).json();
    expect(full).toMatchObject({ name: 'Northwind By Parameter', version: 2 });
    // A parameter beside the body's own value: the same is fine, another is refused.
    const same = await put(`?issuerId=${created.id}`, { ...fields, id: created.id, version: 2 });
    expect(same.json()).toMatchObject({ success: true, version: 3 });
    const stale = await put(`?issuerId=${created.id}&version=1`, fields);
    expect(stale.statusCode).toBe(409);
    const otherIssuer = await put(`?issuerId=${crypto.randomUUID()}`, {
      ...fields,
      id: created.id,
      version: 3,
    });
    expect(otherIssuer.statusCode).toBe(400);
    expect(otherIssuer.json().errors[0].field).toBe('querystring.issuerId');
    const otherVersion = await put(`?version=2`, { ...fields, id: created.id, version: 3 });
    expect(otherVersion.json().errors[0].field).toBe('querystring.version');
    const noIssuer = await put('?version=3', fields);
    expect(noIssuer.statusCode).toBe(400);
    expect(noIssuer.json().message).toContain('issuerId');
    const noVersion = await put(`?issuerId=${created.id}`, fields);
    expect(noVersion.json().errors[0].field).toBe('querystring.version');
    const badParameter = await put('?issuerId=nope&version=3', fields);
    expect(badParameter.statusCode).toBe(400);
    expect(badParameter.json().errors[0].field).toBe('querystring.issuerId');
    const unknownParameter = await put(`?issuerId=${created.id}&version=3&force=1`, fields);
    expect(unknownParameter.statusCode).toBe(400);
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
  let all: IssuerRow[];
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
      const ids = (rows: IssuerRow[]) => rows.map((r) => r.id);
      expect(pages.flatMap((p) => ids(p.collection))).toEqual(ids(whole.collection).slice(0, 12));
      expect(pages.map((p) => p.totalCount)).toEqual(Array(4).fill(whole.totalCount));
    }
  });

  const pivot = 'PayTech Bank';
  const expected: Record<string, (r: IssuerRow) => boolean> = {
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
        .collection.map((r: IssuerRow) => r.id)
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
        .collection.map((r: IssuerRow) => r.name)
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

describe('issuer supplier lists', () => {
  const lists = (id: string) => `/api/v1/issuers/${id}/supplier-lists`;
  const replace = (id: string, list: string, names: unknown, cookie = admin) =>
    t.request({ method: 'PUT', url: `${lists(id)}/${list}`, cookie, payload: { names } });

  it('keeps each supplier once, drops blank lines, flags the issuer and audits the change', async () => {
    const id = (await create(newIssuer())).json<{ id: string }>().id;
    const res = await replace(id, 'exclude', [
      'Acme Supplies Ltd',
      '   ',
      'ACME SUPPLIES LIMITED',
      '  Northwind   Traders ',
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.exclude.entries.map((e: { name: string }) => e.name)).toEqual([
      'Acme Supplies Ltd',
      'Northwind Traders',
    ]);
    expect(body.exclude.entries[0].addedBy).toBe('sysadmin@example.com');
    expect(body.include).toEqual({ entries: [], updatedOn: null });
    expect((await t.request({ url: lists(id), cookie: admin })).json()).toEqual(body);

    const listed = await list({ filters: [], pageSize: 500 });
    const row = listed.json().collection.find((i: { id: string }) => i.id === id);
    expect(row).toMatchObject({ hasSupplierExcludeList: true, hasSupplierIncludeList: false });
    const logs = await t.database.db.select().from(systemLogs).where(eq(systemLogs.entityId, id));
    expect(logs.find((l) => l.action === 'SupplierExcludeListReplaced')?.after).toMatchObject({
      suppliers: 2,
      added: ['Acme Supplies Ltd', 'Northwind Traders'],
    });

    // Emptied, the list no longer flags the issuer.
    expect((await replace(id, 'exclude', [])).json().exclude.entries).toEqual([]);
    const again = await list({ filters: [], pageSize: 500 });
    expect(
      again.json().collection.find((i: { id: string }) => i.id === id).hasSupplierExcludeList,
    ).toBe(false);
  });

  it('names the line of a name it cannot compare, and an unknown list, and saves nothing', async () => {
    const id = (await create(newIssuer())).json<{ id: string }>().id;
    const res = await replace(id, 'include', ['Acme', '---']);
    expect(res.statusCode).toBe(400);
    const message =
      "Supplier name '---' (line 2) has no Latin letters or digits to compare suppliers by.";
    expect(res.json()).toMatchObject({ message, errors: [{ field: 'body.names[1]', message }] });
    expect((await replace(id, 'everyone', ['Acme'])).statusCode).toBe(400);
    expect((await replace(id, 'include', 'Acme')).statusCode).toBe(400);
    expect((await t.request({ url: lists(id), cookie: admin })).json().include.entries).toEqual([]);
  });

  it('lets issuer readers read the lists but only issuer administrators change them', async () => {
    const id = (await create(newIssuer())).json<{ id: string }>().id;
    const reader = await t.signIn('ptcojobmanager@example.com');
    expect((await t.request({ url: lists(id), cookie: reader })).statusCode).toBe(200);
    expect((await replace(id, 'exclude', ['Acme'], reader)).statusCode).toBe(403);
    const outsider = await t.signIn('issuer@example.com');
    expect((await t.request({ url: lists(id), cookie: outsider })).statusCode).toBe(403);
    const missing = '00000000-0000-4000-8000-000000000000';
    expect((await t.request({ url: lists(missing), cookie: admin })).statusCode).toBe(404);
  });
});
