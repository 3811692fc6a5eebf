import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/test-database.js';
import { issuers } from '../modules/issuers/issuer.schema.js';
import { users } from '../modules/users/user.schema.js';
import type { DatabaseHandle } from './client.js';
import { isoTimestamp } from './iso-timestamp.js';
import { withCompiledRowMapper } from './row-mapper.js';

describe('compiled row mapper', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openTestDatabase();
    await database.db
      .update(users)
      .set({ lastActivityAt: new Date('2026-01-02T03:04:05.678Z') })
      .where(eq(users.username, 'sysadmin@example.com'));
  });
  afterAll(() => database.close());

  // Columns of every kind a list reads, a decoded expression, an aliased one and a subquery.
  const flat = () =>
    database.db
      .select({
        id: users.id,
        username: users.username,
        givenName: users.givenName,
        standardRoles: users.standardRoles,
        approved: users.approved,
        lastActivityAt: users.lastActivityAt,
        createdAt: users.createdAt,
        createdAtText: isoTimestamp(users.createdAt),
        version: users.version,
        doubled: sql<number>`${users.version} * 2`.mapWith(Number),
        aliased: sql<string>`upper(${users.username})`.as('aliased'),
        issuerCount: sql<number>`(select count(*) from ${issuers})`.mapWith(Number),
      })
      .from(users)
      .orderBy(users.username);

  it('maps rows as drizzle maps them', async () => {
    const expected = await flat().execute();
    const compiled = withCompiledRowMapper(flat().prepare('row_mapper_flat'));
    expect((compiled as unknown as { customResultMapper?: unknown }).customResultMapper).toEqual(
      expect.any(Function),
    );
    const rows = await compiled.execute();
    expect(rows).toStrictEqual(expected);
    expect(rows.length).toBeGreaterThan(3);
    const sysadmin = rows.find((r) => r.username === 'sysadmin@example.com')!;
    expect(sysadmin.lastActivityAt).toEqual(new Date('2026-01-02T03:04:05.678Z'));
    expect(sysadmin.createdAtText).toBe(sysadmin.createdAt.toISOString());
  });

  it("leaves a query of nested objects to drizzle's mapper (a left join's table may be null)", async () => {
    const nested = () =>
      database.db
        .select({ id: users.id, issuer: { id: issuers.id, name: issuers.name } })
        .from(users)
        .leftJoin(issuers, sql`false`);
    const query = withCompiledRowMapper(nested().prepare('row_mapper_nested'));
    expect((query as unknown as { customResultMapper?: unknown }).customResultMapper).toBe(
      undefined,
    );
    const rows = await query.execute();
    expect(rows).toStrictEqual(await nested().execute());
    expect(rows[0]!.issuer).toBeNull();
  });
});
