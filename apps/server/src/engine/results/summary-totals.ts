import { CARD_PRODUCTS, type JobSummaryTotals, type Level } from '@b2b/contract';
import { type EngineDb, sqlString } from '../duckdb.js';
import { PRODUCT_COLUMNS } from '../scoring/score-suppliers.js';
import type { ResultsPaths } from './results-csv.js';

/** Summary totals: suppliers, spend, documents, match outcomes, spend per card product level. */
export async function summaryTotals(db: EngineDb, paths: ResultsPaths): Promise<JobSummaryTotals> {
  const base = await db.one<Record<string, unknown>>(`
    SELECT CAST(count(*) AS INTEGER) AS suppliers,
      CAST(coalesce(sum(s.spend), 0) AS DOUBLE) AS spend,
      CAST(coalesce(sum(s.annual_spend), 0) AS DOUBLE) AS annual_spend,
      CAST(coalesce(sum(s.po_count), 0) AS BIGINT) AS pos,
      CAST(coalesce(sum(s.invoice_count), 0) AS BIGINT) AS invoices,
      CAST(coalesce(sum(s.payment_count), 0) AS BIGINT) AS payments,
      CAST(count(*) FILTER (WHERE m.match_status = 'MATCHED') AS INTEGER) AS matched,
      CAST(count(*) FILTER (WHERE m.confidence = 'High') AS INTEGER) AS high,
      CAST(count(*) FILTER (WHERE m.confidence = 'Medium') AS INTEGER) AS medium,
      CAST(count(*) FILTER (WHERE m.confidence = 'Low') AS INTEGER) AS low
    FROM read_parquet(${sqlString(paths.suppliers)}) s
    LEFT JOIN read_parquet(${sqlString(paths.matches)}) m USING (supplier_key)`);
  const n = (k: string) => Number(base?.[k] ?? 0);
  const suppliers = n('suppliers');
  const spendByProduct: JobSummaryTotals['spendByProduct'] = {};
  if (paths.scores) {
    for (const product of CARD_PRODUCTS) {
      const prefix = PRODUCT_COLUMNS[product];
      const rows = await db.all<{ level: Level; n: number; spend: number }>(`
        SELECT sc.${prefix}_level AS level, CAST(count(*) AS INTEGER) AS n,
          CAST(coalesce(sum(s.annual_spend), 0) AS DOUBLE) AS spend
        FROM read_parquet(${sqlString(paths.scores)}) sc
        JOIN read_parquet(${sqlString(paths.suppliers)}) s USING (supplier_key)
        GROUP BY ALL`);
      const levels: Record<Level, number> = { High: 0, Medium: 0, Low: 0, None: 0 };
      let spend = 0;
      for (const row of rows) {
        levels[row.level] = Number(row.n);
        if (row.level === 'High' || row.level === 'Medium') spend += Number(row.spend);
      }
      spendByProduct[product] = { suppliers: levels, spend };
    }
  }
  return {
    suppliers,
    spend: n('spend'),
    annualSpend: n('annual_spend'),
    pos: n('pos'),
    invoices: n('invoices'),
    payments: n('payments'),
    matched: n('matched'),
    unmatched: suppliers - n('matched'),
    confidence: {
      High: n('high'),
      Medium: n('medium'),
      Low: n('low'),
      None: suppliers - n('high') - n('medium') - n('low'),
    },
    spendByProduct,
  };
}
