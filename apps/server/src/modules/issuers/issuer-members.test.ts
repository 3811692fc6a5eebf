import { eq, like, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness.js';
import { type IssuerRow, issuerRequests, newIssuer } from '../../../test/issuer-requests.js';
import { issuerUsers } from './issuer.schema.js';
import { users } from '../users/user.schema.js';

// Issuer membership (members, e-mail domains, the users count the list shows), deletion and
// access. Issuers themselves and their list are in issuers.test.ts.
const t = useTestApp();
let admin: string;
const { create, list } = issuerRequests(t, () => admin);

beforeAll(async () => {
  admin = await t.signIn('sysadmin@example.com');
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
    const own = (await list({ pageSize: 100 }, client)).json().collection as IssuerRow[];
    expect(own.map((r) => r.issuerKey)).toEqual(['paytech-bank']);
    const other = (await list({ pageSize: 100 }))
      .json()
      .collection.find((r: IssuerRow) => r.issuerKey === 'test-issuer');
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
