import { is, sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import { plannedDatabases, type Database, type Planning } from './client.js';
import { withCompiledRowMapper } from './row-mapper.js';

/** A query builder: prepared under a name, or run once with its placeholders' values. */
export type Preparable<T> = {
  prepare(name: string): { execute(values?: Record<string, unknown>): Promise<T> };
  execute(values?: Record<string, unknown>): Promise<T>;
};

/** Statement names are per connection; one counter keeps them unique in the process. */
let statements = 0;

/**
 * Sends a prepared statement to the connections of `on` (one of `plannedDatabases(db)`) rather
 * than those of the database it was built on. Its connection is a field of drizzle's prepared
 * query (0.45, node-postgres and PGlite alike); db/prepared-queries.pg.test.ts proves each
 * statement reaches the connection asked for, and row-mapper.test.ts is the upgrade canary.
 */
function runningOn<Q>(query: Q, on: Database | undefined): Q {
  if (on) (query as { client: unknown }).client = (on as unknown as { $client: unknown }).$client;
  return query;
}

/**
 * Queries asked again and again with other values (the admin list pages), built once per key:
 * drizzle builds the SQL once (building it again took a tenth of a list call), and its rows are
 * mapped by a mapper worked out once (db/row-mapper.ts). Values go in as placeholders.
 *
 * A query is sent under a name, so each connection parses it once, on the connections the
 * caller picks from `plannedDatabases(db)` (db/client.ts): `auto` lets PostgreSQL keep one
 * generic plan where it estimates that no dearer (planning was a quarter of a list page's
 * database time); `each` plans every execution for its values, for queries whose best plan
 * hangs on them; `once` keeps one generic plan, for queries whose form leaves a single
 * sensible plan. Without `on`, the statement runs where it was built.
 *
 * At most `limit` keys are kept; others are built each time, so no caller can make every
 * connection hold ever more statements (a list page's statement and plan hold about 100 kB of
 * a connection's memory).
 */
export function createPreparedQueries(limit = 200) {
  const prepared = new Map<
    string,
    { execute(values?: Record<string, unknown>): Promise<unknown> }
  >();
  return {
    run<T>(
      key: string,
      build: () => Preparable<T>,
      values: Record<string, unknown>,
      on?: Database,
    ): Promise<T> {
      let query = prepared.get(key);
      if (!query) {
        if (prepared.size >= limit) return build().execute(values);
        query = withCompiledRowMapper(runningOn(build().prepare(`list_${++statements}`), on));
        prepared.set(key, query);
      }
      return query.execute(values) as Promise<T>;
    },
  };
}

type PreparedQueries = ReturnType<typeof createPreparedQueries>;
const groupsByDatabase = new WeakMap<Database, Map<string, PreparedQueries>>();

/**
 * The statements of one group (a read's statements, or `runPrepared`'s) prepared on `db`, kept
 * for the database whatever repo object asks: repos are made anew in places, and their
 * statements must not be. Undefined on a transaction (a new `tx` for each): a statement per
 * transaction would pile up on the pool's connections, so the caller runs its query unprepared.
 */
export function preparedQueriesOf(db: Database, group: string): PreparedQueries | undefined {
  if (is(db, PgTransaction)) return undefined;
  let groups = groupsByDatabase.get(db);
  if (!groups) {
    groups = new Map();
    groupsByDatabase.set(db, groups);
  }
  let statements = groups.get(group);
  if (!statements) {
    statements = createPreparedQueries();
    groups.set(group, statements);
  }
  return statements;
}

/**
 * Runs a query of a fixed form that every request asks with other values (a job by id, its
 * steps, a session), prepared once per database under `key` (unique in the process: name it
 * after its repo and method). Building drizzle's SQL again for each call was a fifth of the
 * server's CPU under load, and a named statement is parsed once per connection. Unprepared on
 * a transaction (preparedQueriesOf). `planning` picks the connections it runs on (db/client.ts):
 * `once` for a statement whose plan PostgreSQL keeps making anew although its form leaves one.
 */
export function runPrepared<T>(
  db: Database,
  key: string,
  build: () => Preparable<T>,
  values: Record<string, unknown>,
  planning: Planning = 'auto',
): Promise<T> {
  const statements = preparedQueriesOf(db, 'by-key');
  return statements
    ? statements.run(key, build, values, plannedDatabases(db)[planning])
    : build().execute(values);
}

/**
 * A column of a hand-written statement run prepared: drizzle prepares selects, not raw SQL, so
 * such a statement is read as the subquery `x`, column by column
 * (`db.select({ n: subqueryColumn<number>('n') }).from(sql\`(${statement}) as x\`)`).
 */
export const subqueryColumn = <T>(column: string) => sql<T>`${sql.raw(`x.${column}`)}`;
