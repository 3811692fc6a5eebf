import { asc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/test-database.js';
import { issuers } from '../modules/issuers/issuer.schema.js';
import { systemSettings } from '../modules/system/system-setting.schema.js';
import { users } from '../modules/users/user.schema.js';
import type { DatabaseHandle } from './client.js';
import { jsonRowsOf } from './json-rows.js';
import { runPrepared } from './prepared-queries.js';

/** Keys of the settings rows this file writes (jsonb of each shape a column may hold). */
const SETTING_KEYS = ['json-rows:object', 'json-rows:array', 'json-rows:text', 'json-rows:number'];

describe('rows read as a JSON column', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openTestDatabase();
    await database.db
      .update(users)
      .set({ lastActivityAt: new Date('2026-01-02T03:04:05.678Z') })
      .where(eq(users.username, 'sysadmin@example.com'));
    await database.db.insert(systemSettings).values([
      { key: SETTING_KEYS[0]!, value: { nested: { list: [1, 'two', null] }, at: 'x' } },
      { key: SETTING_KEYS[1]!, value: [{ a: 1 }, { b: false }] },
      { key: SETTING_KEYS[2]!, value: 'plain text' },
      { key: SETTING_KEYS[3]!, value: 12.5 },
    ]);
  });
  afterAll(() => database.close());

  /** One issuer row with every user as a JSON column (any parent row would do). */
  const usersOfOneRow = (where = sql`true`) =>
    database.db
      .select({
        issuerId: issuers.id,
        users: jsonRowsOf(users, { where, orderBy: sql`${users.username}` }),
      })
      .from(issuers)
      .limit(1);

  it('decodes each row as a plain select of the table does', async () => {
    // Users carry text, text arrays, booleans, integers, nulls and timestamps.
    const expected = await database.db.select().from(users).orderBy(asc(users.username));
    const [row] = await usersOfOneRow();
    expect(row!.users).toStrictEqual(expected);
    expect(expected.length).toBeGreaterThan(3);
    const sysadmin = row!.users.find((u) => u.username === 'sysadmin@example.com')!;
    expect(sysadmin.lastActivityAt).toEqual(new Date('2026-01-02T03:04:05.678Z'));
  });

  it('decodes jsonb values of every shape as a plain select does', async () => {
    const where = inArray(systemSettings.key, SETTING_KEYS);
    const expected = await database.db
      .select()
      .from(systemSettings)
      .where(where)
      .orderBy(asc(systemSettings.key));
    const [row] = await database.db
      .select({
        settings: jsonRowsOf(systemSettings, { where, orderBy: sql`${systemSettings.key}` }),
      })
      .from(issuers)
      .limit(1);
    expect(row!.settings).toStrictEqual(expected);
    expect(expected).toHaveLength(4);
  });

  it('is an empty array when no row relates', async () => {
    const [row] = await usersOfOneRow(sql`false`);
    expect(row!.users).toEqual([]);
  });

  it('decodes the same in a prepared statement', async () => {
    const expected = await database.db.select().from(users).orderBy(asc(users.username));
    const [row] = await runPrepared(
      database.db,
      'jsonRows.test',
      () =>
        database.db
          .select({
            users: jsonRowsOf(users, { where: sql`true`, orderBy: sql`${users.username}` }),
          })
          .from(issuers)
          .where(eq(issuers.id, sql.placeholder('id')))
          .limit(1),
      { id: (await database.db.select({ id: issuers.id }).from(issuers).limit(1))[0]!.id },
    );
    expect(row!.users).toStrictEqual(expected);
  });
});
