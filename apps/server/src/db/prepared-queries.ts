/** A query builder: prepared under a name, or run once with its placeholders' values. */
export type Preparable<T> = {
  prepare(name: string): { execute(values?: Record<string, unknown>): Promise<T> };
  execute(values?: Record<string, unknown>): Promise<T>;
};

/** Statement names are per connection; one counter keeps them unique in the process. */
let statements = 0;

/**
 * Queries asked again and again with other values (the admin list pages), prepared once per
 * key: drizzle builds the SQL once (building it again took a tenth of a list call) and
 * PostgreSQL parses it once per connection. Each execution is still planned for its values
 * (plan_cache_mode, db/client.ts). Values go in as placeholders.
 *
 * At most `limit` keys are prepared; others run unprepared, so no caller can make every
 * connection hold ever more statements.
 */
export function createPreparedQueries(limit = 500) {
  const prepared = new Map<
    string,
    { execute(values?: Record<string, unknown>): Promise<unknown> }
  >();
  return {
    run<T>(key: string, build: () => Preparable<T>, values: Record<string, unknown>): Promise<T> {
      let query = prepared.get(key);
      if (!query) {
        if (prepared.size >= limit) return build().execute(values);
        query = build().prepare(`list_${++statements}`);
        prepared.set(key, query);
      }
      return query.execute(values) as Promise<T>;
    },
  };
}
