import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/test-database.js';
import type { DatabaseHandle } from './client.js';
import { createPreparedQueries } from './prepared-queries.js';

// How PostgreSQL plans a named statement is a setting of its connection; these prove that a
// statement whose best plan depends on its values reaches a connection that plans it for them.
describe('prepared list queries on PostgreSQL', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  const planning = (statements: ReturnType<typeof createPreparedQueries>, planEach: boolean) =>
    statements.run(
      `mode-${planEach}`,
      () =>
        database.db
          .select({ mode: sql<string>`current_setting('plan_cache_mode')` })
          .from(sql`(select 1) as one`),
      {},
      planEach,
    );

  it('plans a statement for each execution only when asked to, however many run at once', async () => {
    const statements = createPreparedQueries();
    const modes = await Promise.all(
      Array.from({ length: 24 }, (_, i) => planning(statements, i % 2 === 0)),
    );
    modes.forEach(([row], i) => expect(row!.mode).toBe(i % 2 === 0 ? 'force_custom_plan' : 'auto'));
  });

  it('runs transactions on the main connections, unaffected by the routing', async () => {
    const mode = await database.db.transaction(async (tx) => {
      const result = await tx.execute(sql`select current_setting('plan_cache_mode') as mode`);
      return (result as unknown as { rows: { mode: string }[] }).rows[0]!.mode;
    });
    expect(mode).toBe('auto');
  });
});
