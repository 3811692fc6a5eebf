import { type Planning, statementName } from './client.js';
import { withCompiledRowMapper } from './row-mapper.js';

/** A query builder: prepared under a name, or run once with its placeholders' values. */
export type Preparable<T> = {
  prepare(name: string): { execute(values?: Record<string, unknown>): Promise<T> };
  execute(values?: Record<string, unknown>): Promise<T>;
};

/** Statement names are per connection; one counter keeps them unique in the process. */
let statements = 0;

/**
 * Queries asked again and again with other values (the admin list pages), built once per key:
 * drizzle builds the SQL once (building it again took a tenth of a list call), and its rows are
 * mapped by a mapper worked out once (db/row-mapper.ts). Values go in as placeholders.
 *
 * A query is sent under a name, so each connection parses it once, and planned as `planning`
 * says (db/client.ts): 'auto' lets PostgreSQL keep one generic plan where it estimates that no
 * dearer (planning was a quarter of a list page's database time); 'each' plans every
 * execution for its values, for queries whose best plan hangs on them; 'once' keeps one
 * generic plan, for queries whose form leaves a single sensible plan.
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
      planning: Planning = 'auto',
    ): Promise<T> {
      let query = prepared.get(key);
      if (!query) {
        if (prepared.size >= limit) return build().execute(values);
        query = withCompiledRowMapper(build().prepare(statementName(planning, ++statements)));
        prepared.set(key, query);
      }
      return query.execute(values) as Promise<T>;
    },
  };
}
