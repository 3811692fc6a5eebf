import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/test-database.js';
import { type DatabaseHandle, plannedDatabases } from './client.js';
import { createPreparedQueries, preparedQueriesOf, runPrepared } from './prepared-queries.js';
import { inTransaction } from './transaction.js';

describe('prepared list queries', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  it('builds a query once per key, runs it with each call’s values, and past its limit builds every time', async () => {
    const statements = createPreparedQueries(1);
    const builds: string[] = [];
    const doubled = (key: string, n: number) =>
      statements.run(
        key,
        () => {
          builds.push(key);
          return database.db
            .select({ n: sql<number>`(${sql.placeholder('n')})::int * 2` })
            .from(sql`(select 1) as one`);
        },
        { n },
      );
    const answers = [];
    for (const [key, n] of [
      ['kept', 1],
      ['kept', 2],
      ['beyond', 3],
      ['beyond', 4],
      ['kept', 5],
    ] as const) {
      answers.push((await doubled(key, n))[0]!.n);
    }
    expect(answers).toEqual([2, 4, 6, 8, 10]);
    expect(builds).toEqual(['kept', 'beyond', 'beyond']);
  });

  it('runs a statement on the connections its caller picks', async () => {
    const statements = createPreparedQueries();
    const planned = plannedDatabases(database.db);
    for (const on of [planned.auto, planned.each, planned.once]) {
      const [row] = await statements.run(
        'planned',
        () =>
          database.db
            .select({ n: sql<number>`(${sql.placeholder('n')})::int` })
            .from(sql`(select 1) as one`),
        { n: 7 },
        on,
      );
      expect(row!.n).toBe(7);
    }
    if (database.kind === 'pglite')
      expect(new Set(Object.values(planned))).toEqual(new Set([database.db]));
  });

  it('keeps one set of statements per database and group, and none on a transaction', async () => {
    const { db } = database;
    expect(preparedQueriesOf(db, 'a')).toBe(preparedQueriesOf(db, 'a'));
    expect(preparedQueriesOf(db, 'a')).not.toBe(preparedQueriesOf(db, 'b'));
    const builds: string[] = [];
    const tripled = (on: typeof db, n: number) =>
      runPrepared(
        on,
        'tripled',
        () => {
          builds.push(on === db ? 'database' : 'transaction');
          return on
            .select({ n: sql<number>`(${sql.placeholder('n')})::int * 3` })
            .from(sql`(select 1) as one`);
        },
        { n },
      );
    const answers = [(await tripled(db, 1))[0]!.n, (await tripled(db, 2))[0]!.n];
    await inTransaction(db, async (tx) => {
      expect(preparedQueriesOf(tx, 'a')).toBeUndefined();
      answers.push((await tripled(tx, 3))[0]!.n, (await tripled(tx, 4))[0]!.n);
    });
    expect(answers).toEqual([3, 6, 9, 12]);
    // Built once for the database, and for each query on the transaction.
    expect(builds).toEqual(['database', 'transaction', 'transaction']);
  });
});
