import { Column, is, SQL, Subquery } from 'drizzle-orm';

/**
 * What drizzle's prepared queries hold (0.45): the selected fields, and a mapper it prefers.
 * These are drizzle internals, which is why drizzle-orm and drizzle-kit are pinned exactly:
 * row-mapper.test.ts is the upgrade canary (run it first after changing drizzle's version), with
 * prepared-queries.pg.test.ts for the connection a prepared query runs on.
 */
type DrizzlePrepared = {
  fields?: { path: string[]; field: unknown }[];
  customResultMapper?: (rows: unknown[][]) => unknown[];
};
type Decoder = { mapFromDriverValue(value: unknown): unknown };

/** An SQL expression's decoder (internal to drizzle: what `.mapWith()` set). */
type Decoded = { decoder: Decoder };

/** A selected field's decoder, found as drizzle's own row mapping finds it for every value. */
function decoderOf(field: unknown): Decoder {
  if (is(field, Column)) return field;
  if (is(field, SQL)) return (field as unknown as Decoded).decoder;
  if (is(field, Subquery)) return (field as unknown as { _: { sql: Decoded } })._.sql.decoder;
  return (field as { sql: Decoded }).sql.decoder; // SQL.Aliased
}

/**
 * Gives a prepared query of flat fields a row mapper worked out once: drizzle's own works out
 * each value's decoder, and its place in nested objects, again for every row, a tenth of a
 * list call's CPU time in the process. A query selecting nested objects (a left join's table,
 * which drizzle may turn to null) keeps drizzle's.
 */
export function withCompiledRowMapper<Q>(query: Q): Q {
  const prepared = query as DrizzlePrepared;
  const fields = prepared.fields;
  if (!fields || prepared.customResultMapper || fields.some((f) => f.path.length !== 1)) {
    return query;
  }
  const names = fields.map((f) => f.path[0]!);
  const decoders = fields.map((f) => decoderOf(f.field));
  const count = names.length;
  prepared.customResultMapper = (rows) =>
    rows.map((row) => {
      const mapped: Record<string, unknown> = {};
      for (let i = 0; i < count; i++) {
        const value = row[i];
        mapped[names[i]!] = value === null ? null : decoders[i]!.mapFromDriverValue(value);
      }
      return mapped;
    });
  return query;
}
