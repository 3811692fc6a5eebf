import type { Level, RulesetChangedSupplier, RulesetDryRunCount } from '@b2b/contract';
import { type CardProduct, CARD_PRODUCT_DISPLAY_ORDER } from '@b2b/contract';
import { copyToParquet, sqlString, type EngineDb } from '../duckdb.js';
import { PRODUCT_COLUMNS } from '../scoring/score-suppliers.js';

/**
 * A ruleset dry-run compares the job's stored results (before) with the results a ruleset
 * version would give (after) and writes the suppliers that change to a Parquet file, one row per
 * supplier with its changes as JSON (`RulesetChange[]`), ordered by supplier key for paging.
 */
export interface CompareResult {
  supplierCount: number;
  changedCount: number;
  counts: RulesetDryRunCount[];
}

const LEVELS: Level[] = ['High', 'Medium', 'Low', 'None'];
const parquet = (p: string) => `read_parquet(${sqlString(p)})`;

async function levelCounts(
  db: EngineDb,
  beforePath: string,
  afterPath: string,
  groups: { group: string; column: string }[],
): Promise<RulesetDryRunCount[]> {
  const side = (path: string, name: string) =>
    groups
      .map(
        (g) =>
          `SELECT ${sqlString(g.group)} AS grp, coalesce(${g.column}, 'None') AS level, '${name}' AS side FROM ${parquet(path)}`,
      )
      .join(' UNION ALL ');
  const rows = await db.all<{ grp: string; level: Level; before: number; after: number }>(
    `SELECT grp, level,
       CAST(count(*) FILTER (WHERE side = 'before') AS INTEGER) AS before,
       CAST(count(*) FILTER (WHERE side = 'after') AS INTEGER) AS after
     FROM (${side(beforePath, 'before')} UNION ALL ${side(afterPath, 'after')}) GROUP BY ALL`,
  );
  const found = new Map(rows.map((r) => [`${r.grp}|${r.level}`, r]));
  return groups.flatMap((g) =>
    LEVELS.map((level) => {
      const r = found.get(`${g.group}|${level}`);
      return { group: g.group, level, before: r?.before ?? 0, after: r?.after ?? 0 };
    }),
  );
}

async function writeChanges(
  db: EngineDb,
  query: string,
  outPath: string,
): Promise<{ supplierCount: number; changedCount: number }> {
  await db.run(`CREATE OR REPLACE TEMP TABLE dry_run_changes AS ${query}`);
  const { n, changed } = (await db.one<{ n: number; changed: number }>(
    `SELECT CAST(count(*) AS INTEGER) AS n,
       CAST(count(*) FILTER (WHERE len(changes) > 0) AS INTEGER) AS changed FROM dry_run_changes`,
  )) ?? { n: 0, changed: 0 };
  await copyToParquet(
    db,
    `SELECT supplier_key, supplier_name, CAST(to_json(changes) AS VARCHAR) AS changes
     FROM dry_run_changes WHERE len(changes) > 0 ORDER BY supplier_key`,
    outPath,
  );
  await db.run('DROP TABLE dry_run_changes');
  return { supplierCount: n, changedCount: changed };
}

/** Scoring: every product whose level or score differs (`Optima` first, display order). */
export async function compareScores(
  db: EngineDb,
  input: { beforePath: string; afterPath: string; outPath: string },
): Promise<CompareResult> {
  const products: CardProduct[] = [...CARD_PRODUCT_DISPLAY_ORDER];
  const change = (p: CardProduct) => {
    const c = PRODUCT_COLUMNS[p];
    return `CASE WHEN b.${c}_level IS DISTINCT FROM a.${c}_level OR b.${c}_score IS DISTINCT FROM a.${c}_score
      THEN {'group': ${sqlString(p)}, 'beforeLevel': coalesce(b.${c}_level, 'None'), 'afterLevel': coalesce(a.${c}_level, 'None'),
        'beforeScore': CAST(b.${c}_score AS DOUBLE), 'afterScore': CAST(a.${c}_score AS DOUBLE),
        'beforeMerchantId': CAST(NULL AS VARCHAR), 'afterMerchantId': CAST(NULL AS VARCHAR)} END`;
  };
  const { supplierCount, changedCount } = await writeChanges(
    db,
    `SELECT a.supplier_key, a.supplier_name,
       list_filter([${products.map(change).join(', ')}], x -> x IS NOT NULL) AS changes
     FROM ${parquet(input.afterPath)} a LEFT JOIN ${parquet(input.beforePath)} b USING (supplier_key)`,
    input.outPath,
  );
  const counts = await levelCounts(
    db,
    input.beforePath,
    input.afterPath,
    products.map((p) => ({ group: p, column: `${PRODUCT_COLUMNS[p]}_level` })),
  );
  return { supplierCount, changedCount, counts };
}

/** Confidence: suppliers whose match level or matched merchant differs. */
export async function compareMatches(
  db: EngineDb,
  input: { suppliersPath: string; beforePath: string; afterPath: string; outPath: string },
): Promise<CompareResult> {
  const { supplierCount, changedCount } = await writeChanges(
    db,
    `SELECT a.supplier_key, s.supplier_name,
       list_filter([CASE WHEN b.confidence IS DISTINCT FROM a.confidence OR b.merchant_id IS DISTINCT FROM a.merchant_id
         THEN {'group': 'Confidence', 'beforeLevel': coalesce(b.confidence, 'None'), 'afterLevel': coalesce(a.confidence, 'None'),
           'beforeScore': CAST(NULL AS DOUBLE), 'afterScore': CAST(NULL AS DOUBLE),
           'beforeMerchantId': CAST(b.merchant_id AS VARCHAR), 'afterMerchantId': CAST(a.merchant_id AS VARCHAR)} END],
         x -> x IS NOT NULL) AS changes
     FROM ${parquet(input.afterPath)} a
     LEFT JOIN ${parquet(input.beforePath)} b USING (supplier_key)
     LEFT JOIN ${parquet(input.suppliersPath)} s USING (supplier_key)`,
    input.outPath,
  );
  const counts = await levelCounts(db, input.beforePath, input.afterPath, [
    { group: 'Confidence', column: 'confidence' },
  ]);
  return { supplierCount, changedCount, counts };
}

/** One page of a dry-run's changed suppliers. */
export async function readChanges(
  db: EngineDb,
  changesPath: string,
  offset: number,
  limit: number,
): Promise<{ rows: RulesetChangedSupplier[]; total: number }> {
  const source = parquet(changesPath);
  const total =
    (await db.one<{ n: number }>(`SELECT CAST(count(*) AS INTEGER) AS n FROM ${source}`))?.n ?? 0;
  const rows = await db.all<{
    supplier_key: string;
    supplier_name: string | null;
    changes: string;
  }>(
    `SELECT supplier_key, supplier_name, changes FROM ${source}
     ORDER BY supplier_key LIMIT ${Math.trunc(limit)} OFFSET ${Math.trunc(offset)}`,
  );
  return {
    total,
    rows: rows.map((r) => ({
      supplierKey: r.supplier_key,
      supplierName: r.supplier_name,
      changes: JSON.parse(r.changes) as RulesetChangedSupplier['changes'],
    })),
  };
}
