import type { ColumnMapping, IngestionField } from '@b2b/contract';
import { parseAddress } from '../addresses/parse-address.js';
import { sqlString, type EngineDb } from '../duckdb.js';
import { RAW_TABLE } from './raw-table.js';

/** The fields a whole address fills, and the component each takes. */
const SPLIT_FIELDS = [
  ['addressLine1', 'street'],
  ['addressLine2', 'building'],
  ['city', 'city'],
  ['region', 'region'],
  ['postcode', 'postcode'],
  ['country', 'country'],
] as const satisfies readonly (readonly [IngestionField, string])[];

/** Distinct addresses parsed per INSERT statement. */
const BATCH = 1000;

/**
 * "Split a single address column" (SPEC §2 Tools, the address parser in the job wizard): when
 * the column mapped to Address line 1 holds whole addresses, each distinct value is split by the
 * rule-based parser and its components are added to the raw table as new columns. Answers the
 * mapping ingestion then uses: Address line 1 becomes the street, and city, region, postcode,
 * country and Address line 2 (the building) come from the split unless the user mapped them
 * to columns of their own.
 */
export async function splitAddressColumn(
  db: EngineDb,
  mapping: ColumnMapping,
): Promise<ColumnMapping> {
  const source = mapping.addressLine1;
  if (source === undefined) return mapping;
  const columns = await db.all<{ name: string }>(
    `SELECT column_name AS name FROM duckdb_columns() WHERE table_name = ${sqlString(RAW_TABLE)}`,
  );
  const next = 1 + Math.max(...columns.map((c) => Number(/^c(\d+)$/.exec(c.name)?.[1] ?? -1)));
  const values = await db.all<{ v: string }>(
    `SELECT DISTINCT c${source} AS v FROM ${RAW_TABLE} WHERE c${source} IS NOT NULL`,
  );
  await db.run(
    `CREATE OR REPLACE TEMP TABLE b2b_address_split (raw VARCHAR, ${SPLIT_FIELDS.map((_, i) => `s${i} VARCHAR`).join(', ')})`,
  );
  for (let start = 0; start < values.length; start += BATCH) {
    const rows = values.slice(start, start + BATCH).map(({ v }) => {
      const { components } = parseAddress(v);
      const cells = SPLIT_FIELDS.map(([, c]) => components[c as keyof typeof components]);
      return `(${[v, ...cells].map((x) => (x === null ? 'NULL' : sqlString(x))).join(', ')})`;
    });
    await db.run(`INSERT INTO b2b_address_split VALUES ${rows.join(', ')}`);
  }
  const added = SPLIT_FIELDS.map((_, i) => `c${next + i}`);
  for (const name of added) await db.run(`ALTER TABLE ${RAW_TABLE} ADD COLUMN ${name} VARCHAR`);
  await db.run(`UPDATE ${RAW_TABLE} SET ${added.map((name, i) => `${name} = s.s${i}`).join(', ')}
    FROM b2b_address_split s WHERE ${RAW_TABLE}.c${source} = s.raw`);
  await db.run('DROP TABLE b2b_address_split');
  const split: ColumnMapping = { ...mapping, addressLine1: next };
  SPLIT_FIELDS.forEach(([field], i) => {
    if (field !== 'addressLine1' && split[field] === undefined) split[field] = next + i;
  });
  return split;
}
