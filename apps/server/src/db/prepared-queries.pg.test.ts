import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/test-database.js';
import { type DatabaseHandle, PLAN_CACHE_MODE, type Planning, plannedDatabases } from './client.js';
import { createPreparedQueries, runPrepared } from './prepared-queries.js';

// How PostgreSQL plans a named statement is a setting of its connection; these prove that each
// statement reaches the connections its repo picked (plannedDatabases).
describe('prepared list queries on PostgreSQL', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  const planMode = (statements: ReturnType<typeof createPreparedQueries>, planning: Planning) =>
    statements.run(
      `mode-${planning}`,
      () =>
        database.db
          .select({ mode: sql<string>`current_setting('plan_cache_mode')` })
          .from(sql`(select 1) as one`),
      {},
      plannedDatabases(database.db)[planning],
    );

  it('plans each statement as asked, however many run at once', async () => {
    const statements = createPreparedQueries();
    const asked = Array.from({ length: 30 }, (_, i) => (['auto', 'each', 'once'] as const)[i % 3]!);
    const modes = await Promise.all(asked.map((planning) => planMode(statements, planning)));
    expect(modes.map(([row]) => row!.mode)).toEqual(asked.map((p) => PLAN_CACHE_MODE[p]));
    expect(new Set(modes.map(([row]) => row!.mode))).toEqual(
      new Set(['auto', 'force_custom_plan', 'force_generic_plan']),
    );
  });

  it('runs every connection without JIT, whatever the server is set to', async () => {
    const settings = await Promise.all(
      Object.values(plannedDatabases(database.db)).map((db) =>
        db.select({ jit: sql<string>`current_setting('jit')` }).from(sql`(select 1) as one`),
      ),
    );
    expect(settings.map(([row]) => row!.jit)).toEqual(['off', 'off', 'off']);
  });

  it('runs a statement given no connections where it was built', async () => {
    const [row] = await createPreparedQueries().run(
      'mode-unplanned',
      () =>
        plannedDatabases(database.db)
          .once.select({ mode: sql<string>`current_setting('plan_cache_mode')` })
          .from(sql`(select 1) as one`),
      {},
    );
    expect(row!.mode).toBe('force_generic_plan');
  });

  it('runs a statement by key on the connections planned as asked, auto by default', async () => {
    const modeBy = (key: string, planning?: Planning) =>
      runPrepared(
        database.db,
        key,
        () =>
          database.db
            .select({ mode: sql<string>`current_setting('plan_cache_mode')` })
            .from(sql`(select 1) as one`),
        {},
        planning,
      );
    const [[once], [byDefault]] = await Promise.all([
      modeBy('prepared-queries.test.once', 'once'),
      modeBy('prepared-queries.test.default'),
    ]);
    expect([once!.mode, byDefault!.mode]).toEqual(['force_generic_plan', 'auto']);
  });

  it('runs transactions on the main connections, unaffected by the planned ones', async () => {
    const mode = await database.db.transaction(async (tx) => {
      const result = await tx.execute(sql`select current_setting('plan_cache_mode') as mode`);
      return (result as unknown as { rows: { mode: string }[] }).rows[0]!.mode;
    });
    expect(mode).toBe('auto');
  });
});
