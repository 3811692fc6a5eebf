import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness.js';
import { insertUserInEachStatus } from '../../../test/users-in-each-status.js';
import { createUserListRead } from './user-list.read.js';
import { users } from './user.schema.js';

// The user lists by status (SPEC §4 User, §7 Users): paging, filters, sorts, totals. A
// user's detail, roles, deactivation, invitation and the pickers are in user-admin.test.ts.
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

describe('user status lists', () => {
  it('pages active users 25 at a time by username', async () => {
    const res = await statusList('active');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.pageSize).toBe(25);
    const names = body.collection.map((u: { username: string }) => u.username);
    expect(names).toEqual([...names].sort());
    expect(names).toContain('sysadmin@example.com');
    expect(names).not.toContain('waiting@example.com');
    // Timestamps as the database holds them, in ISO 8601 (read as text, not through a Date).
    const sysadmin = await idOf('sysadmin@example.com');
    await t.database.db
      .update(users)
      .set({ lastActivityAt: new Date('2026-03-04T05:06:07.089Z') })
      .where(eq(users.id, sysadmin.id));
    const listed = (await statusList('active')).json().collection;
    expect(listed.find((u: { id: string }) => u.id === sysadmin.id)).toMatchObject({
      lastActivityAt: '2026-03-04T05:06:07.089Z',
      createdAt: sysadmin.createdAt.toISOString(),
    });
    // A page past the end is empty and still says how many there are.
    const past = (await statusList('active', { pageNumber: 50 })).json();
    expect(past.collection).toEqual([]);
    expect(past.totalCount).toBe(body.totalCount);
    expect(past.totalCount).toBeGreaterThan(0);
  });

  it.each([
    ['unapproved', 'waiting@example.com'],
    ['pending', 'invited@example.com'],
    ['deactivated', 'gone@example.com'],
  ])('lists %s users only', async (status, username) => {
    const body = (await statusList(status)).json();
    expect(body.collection.map((u: { username: string }) => u.username)).toEqual([username]);
  });

  it('filters with filters.filterItems and sorts; names unknown properties', async () => {
    const body = (
      await statusList('active', {
        orderBy: 'username desc',
        filters: {
          filterItems: [
            { propertyName: 'username', itemComparisonOperator: 'StartsWith', itemValue: 's' },
          ],
        },
      })
    ).json();
    expect(body.collection.map((u: { username: string }) => u.username)).toEqual([
      'sysadmin@example.com',
      'selfservejobcreator@example.com',
    ]);
    const bad = await statusList('active', {
      filters: {
        filterItems: [
          { propertyName: 'passwordHash', itemComparisonOperator: 'Equal', itemValue: 'x' },
        ],
      },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].field).toBe('body.filters.filterItems[0].propertyName');
  });

  it('matches a username prefix exactly: % and _ literally, any case, beyond ASCII', async () => {
    const names = ['pre_fix@example.com', 'prexfix@example.com', 'pre%x@example.com'];
    const accented = ['zoë@example.com', 'zoë😀@example.com', 'zoé@example.com', 'zoì@example.com'];
    await t.database.db.insert(users).values(
      [...names, ...accented].map((username) => ({
        username,
        email: username,
        displayName: username,
        approved: true,
      })),
    );
    const startsWith = async (itemValue: string) =>
      (
        await statusList('active', {
          pageSize: 100,
          filters: {
            filterItems: [
              { propertyName: 'username', itemComparisonOperator: 'StartsWith', itemValue },
            ],
          },
        })
      )
        .json()
        .collection.map((u: { username: string }) => u.username)
        .sort();
    expect(await startsWith('PRE_')).toEqual(['pre_fix@example.com']);
    expect(await startsWith('pre%')).toEqual(['pre%x@example.com']);
    expect(await startsWith('pre')).toEqual([...names].sort());
    // The prefix is looked up as the range from 'zoë' to 'zoì' (ë moved on by one).
    expect(await startsWith('ZOË')).toEqual(['zoë@example.com', 'zoë😀@example.com']);
    expect(await startsWith('zo')).toEqual([...accented].sort());
  });

  it('gives the same pages and totals whether the matches are sorted in one pass or not', async () => {
    await t.database.db.insert(users).values(
      Array.from({ length: 7 }, (_, i) => ({
        username: `onepass-${i}@example.com`,
        email: `onepass-${i}@example.com`,
        displayName: `One Pass ${String.fromCharCode(103 - i)}`,
        approved: true,
      })),
    );
    const request = (pageNumber: number) => ({
      orderBy: 'displayName desc',
      pageSize: 3,
      pageNumber,
      filters: [
        {
          propertyName: 'username',
          comparisonOperator: 'StartsWith' as const,
          value: 'onepass-',
          allowNullValue: false,
        },
      ],
    });
    // Up to 5,000 matches are counted and sorted in one pass; with a limit of 2 the same lists
    // take the count-then-index-walk way.
    for (const repo of [createUserListRead(t.database.db), createUserListRead(t.database.db, 2)]) {
      const pages = await Promise.all(
        [1, 2, 3, 4].map((n) => repo.listByStatus('active', request(n))),
      );
      expect(pages.map((p) => p.totalCount)).toEqual([7, 7, 7, 7]);
      expect(pages.map((p) => p.rows.map((r) => r.displayName))).toEqual([
        ['One Pass g', 'One Pass f', 'One Pass e'],
        ['One Pass d', 'One Pass c', 'One Pass b'],
        ['One Pass a'],
        [],
      ]);
    }
    const none = await createUserListRead(t.database.db).listByStatus('active', {
      ...request(1),
      filters: [{ ...request(1).filters[0]!, value: 'nobody-' }],
    });
    expect(none).toEqual({ rows: [], totalCount: 0 });
  });

  it('reads deep pages, descending orders with ties and sort-key filters as a full sort orders them', async () => {
    // 300 active users whose display names tie in sevens: deep pages read their ids first,
    // descending orders break ties by id descending, filters on the sort key walk its index.
    await t.database.db.insert(users).values(
      Array.from({ length: 300 }, (_, i) => ({
        username: `deep-${String(i).padStart(3, '0')}@example.com`,
        email: `deep-${i}@example.com`,
        displayName: `Deep ${i % 7}`,
        approved: true,
      })),
    );
    const active = await t.database.db.select().from(users).where(eq(users.status, 'active'));
    const byUsername = [...active].sort((a, b) =>
      a.username < b.username ? -1 : a.username > b.username ? 1 : a.id < b.id ? -1 : 1,
    );
    const byNameDesc = (rows: typeof active) =>
      [...rows].sort((a, b) =>
        a.displayName > b.displayName
          ? -1
          : a.displayName < b.displayName
            ? 1
            : a.id > b.id
              ? -1
              : 1,
      );
    const repo = createUserListRead(t.database.db);
    const ids = (rows: { id: string }[]) => rows.map((r) => r.id);
    const page = (pageNumber: number, more: object = {}) => ({
      pageSize: 25,
      pageNumber,
      filters: [],
      ...more,
    });

    // The first ten pages' offsets are written into their statements, later ones bound.
    for (const n of [1, 2, 10, 11, 12]) {
      const got = await repo.listByStatus('active', page(n));
      expect(ids(got.rows)).toEqual(ids(byUsername.slice((n - 1) * 25, n * 25)));
      expect(got.totalCount).toBe(active.length);
    }
    const nameDesc = byNameDesc(active);
    for (const n of [1, 11]) {
      const got = await repo.listByStatus('active', page(n, { orderBy: 'displayName desc' }));
      expect(ids(got.rows)).toEqual(ids(nameDesc.slice((n - 1) * 25, n * 25)));
    }
    const deep = byNameDesc(active.filter((u) => u.username.startsWith('deep-')));
    const startsWith = await repo.listByStatus(
      'active',
      page(2, {
        orderBy: 'displayName desc',
        filters: [{ propertyName: 'username', comparisonOperator: 'StartsWith', value: 'DEEP-' }],
      }),
    );
    expect(startsWith.totalCount).toBe(300);
    expect(ids(startsWith.rows)).toEqual(ids(deep.slice(25, 50)));
    const above = byNameDesc(active.filter((u) => u.displayName > 'Deep 3'));
    const sortKeyFilter = await repo.listByStatus(
      'active',
      page(3, {
        orderBy: 'displayName desc',
        filters: [
          { propertyName: 'displayName', comparisonOperator: 'GreaterThan', value: 'Deep 3' },
        ],
      }),
    );
    expect(sortKeyFilter.totalCount).toBe(above.length);
    expect(ids(sortKeyFilter.rows)).toEqual(ids(above.slice(50, 75)));
  });

  it('keeps usernames lower-case in the database', async () => {
    await expect(
      t.database.db
        .insert(users)
        .values({ username: 'Mixed@Example.com', email: 'm@example.com', displayName: 'Mixed' }),
    ).rejects.toThrow();
  });

  it('keeps every unfiltered total equal to a real count as statuses change', async () => {
    const totals = async () =>
      Object.fromEntries(
        await Promise.all(
          ['active', 'unapproved', 'pending', 'deactivated'].map(async (s) => [
            s,
            (await statusList(s)).json().totalCount,
          ]),
        ),
      );
    const counted = async () => {
      const all = await t.database.db.select().from(users);
      return {
        active: all.filter((u) => !u.isDeactivated && !u.pending && u.approved).length,
        unapproved: all.filter((u) => !u.isDeactivated && !u.pending && !u.approved).length,
        pending: all.filter((u) => !u.isDeactivated && u.pending).length,
        deactivated: all.filter((u) => u.isDeactivated).length,
      };
    };
    expect(await totals()).toEqual(await counted());
    const waiting = await idOf('waiting@example.com');
    await t.database.db.update(users).set({ approved: true }).where(eq(users.id, waiting.id));
    expect(await totals()).toEqual(await counted());
    await t.database.db.update(users).set({ approved: false }).where(eq(users.id, waiting.id));
    expect(await totals()).toEqual(await counted());
  });

  it('refuses users without UsersRead (403)', async () => {
    const issuer = await t.signIn('issuer@example.com');
    expect((await statusList('active', {}, issuer)).statusCode).toBe(403);
    expect((await t.request({ url: '/api/v1/users?search=a', cookie: issuer })).statusCode).toBe(
      403,
    );
  });
});
