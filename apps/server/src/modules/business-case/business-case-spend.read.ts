/**
 * Read model over a job's supplier results for the business case (reads job_supplier_results
 * only, a table of the jobs module): one grouped scan into at most 7 × 4 × 5 aggregate cells
 * (product × score level × payment method), and the suppliers behind them page by page for the
 * workbook. The browser is sent the cells, never the rows. The caller has checked the job is
 * visible to the actor (jobs service) before calling.
 */
import {
  BUSINESS_CASE_PRODUCTS,
  type BusinessCaseProduct,
  type ScoreLevel,
  type SpendCell,
  type SpendMethod,
} from '@b2b/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { queryRows } from '../../db/transaction.js';
import { jobSupplierResults as S } from '../jobs/job.schema.js';

const LEVEL_COLUMNS: Record<BusinessCaseProduct, SQL> = {
  Stp: sql`${S.stpLevel}`,
  Vcard: sql`${S.vcardLevel}`,
  Pcard: sql`${S.pcardLevel}`,
  TandEcard: sql`${S.tandEcardLevel}`,
  Scf: sql`${S.scfLevel}`,
  InstantPay: sql`${S.instantPayLevel}`,
  Boost: sql`${S.boostLevel}`,
};

/** The product a supplier is placed under: the one its best score is for (Optima's product). */
const product = sql`case when ${S.optimaProduct} in (${sql.join(
  BUSINESS_CASE_PRODUCTS.map((p) => sql`${p}`),
  sql`, `,
)}) then ${S.optimaProduct} end`;
const level = sql`coalesce(case ${S.optimaProduct} ${sql.join(
  BUSINESS_CASE_PRODUCTS.map((p) => sql`when ${p} then ${LEVEL_COLUMNS[p]}`),
  sql` `,
)} end, 'None')`;
const method = sql`case when ${S.mainPaymentMethod} in ('Cheque', 'ACH', 'Wire', 'Card') then ${S.mainPaymentMethod} else 'Other' end`;
/** A supplier's yearly spend: annual spend, or spend where none is given (as use cases). */
const yearly = sql`coalesce(${S.annualSpend}, ${S.spend}, 0)`;

/** Which of the job's suppliers: all of them, or these keys. */
export type SupplierFilter = { supplierKeys?: readonly string[] };

function where(jobId: string, filter: SupplierFilter, after?: string): SQL {
  const parts = [sql`${S.jobId} = ${jobId}`];
  if (filter.supplierKeys) {
    // One JSON parameter however many keys (a use case may hold 100,000 suppliers; PostgreSQL
    // takes at most 65,535 bind parameters).
    parts.push(
      sql`${S.supplierKey} in (select jsonb_array_elements_text(${JSON.stringify(filter.supplierKeys)}::jsonb))`,
    );
  }
  if (after !== undefined) parts.push(sql`${S.supplierKey} > ${after}`);
  return sql.join(parts, sql` and `);
}

export type BusinessCaseSupplier = {
  supplierKey: string;
  supplierId: string | null;
  supplierName: string;
  country: string | null;
  product: BusinessCaseProduct | null;
  level: ScoreLevel;
  method: SpendMethod;
  mainPaymentMethod: string | null;
  payments: number;
  spend: number;
};

/** A supplier as the calculator's picker lists it. */
export type SupplierOption = {
  supplierKey: string;
  supplierName: string;
  country: string | null;
  product: BusinessCaseProduct | null;
  level: ScoreLevel;
  spend: number;
};

/** `text` as a literal inside a LIKE pattern (its % _ and \ escaped). */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export function createBusinessCaseSpendRead(db: Database) {
  return {
    /**
     * The picker's suppliers: those named by `keys`, or those whose name, key or id holds
     * `search` (case-insensitive), the biggest yearly spend first; one more than `limit` is read
     * to tell whether more match.
     */
    async options(
      jobId: string,
      query: { search: string; keys?: readonly string[]; limit: number },
    ): Promise<{ suppliers: SupplierOption[]; more: boolean }> {
      if (query.keys?.length === 0) return { suppliers: [], more: false };
      const parts = [where(jobId, { supplierKeys: query.keys })];
      if (query.search) {
        const pattern = `%${likeLiteral(query.search.toLowerCase())}%`;
        parts.push(
          sql`(lower(${S.supplierName}) like ${pattern} or lower(${S.supplierKey}) like ${pattern}
            or lower(coalesce(${S.supplierId}, '')) like ${pattern})`,
        );
      }
      const limit = query.keys ? query.keys.length : query.limit;
      const rows = await queryRows<SupplierOption>(
        db,
        sql`select ${S.supplierKey} as "supplierKey", ${S.supplierName} as "supplierName",
              ${S.country} as country, ${product} as product, ${level} as level,
              ${yearly}::float8 as spend
            from ${S} where ${sql.join(parts, sql` and `)}
            order by ${yearly} desc, ${S.supplierKey} limit ${limit + 1}`,
      );
      return {
        suppliers: rows.slice(0, limit).map((r) => ({ ...r, spend: Number(r.spend) })),
        more: rows.length > limit,
      };
    },

    /** The cells, and how many suppliers have no scored product. */
    async cells(
      jobId: string,
      filter: SupplierFilter,
    ): Promise<{ cells: SpendCell[]; unscoredSuppliers: number }> {
      if (filter.supplierKeys?.length === 0) return { cells: [], unscoredSuppliers: 0 };
      const rows = await queryRows<{
        product: BusinessCaseProduct | null;
        level: ScoreLevel;
        method: SpendMethod;
        n: number;
        spend: number;
        payments: number;
      }>(
        db,
        sql`select product, level, method, count(*)::int as n,
              coalesce(sum(y), 0)::float8 as spend, coalesce(sum(pc), 0)::float8 as payments
            from (
              select ${product} as product, ${level} as level, ${method} as method,
                ${yearly} as y, coalesce(${S.paymentCount}, 0) as pc
              from ${S} where ${where(jobId, filter)}
            ) r
            group by product, level, method
            order by product, level, method`,
      );
      let unscoredSuppliers = 0;
      const cells: SpendCell[] = [];
      for (const r of rows) {
        if (r.product === null) {
          unscoredSuppliers += r.n;
          continue;
        }
        cells.push({
          product: r.product,
          level: r.level,
          method: r.method,
          suppliers: r.n,
          spend: Number(r.spend),
          payments: Number(r.payments),
        });
      }
      return { cells, unscoredSuppliers };
    },

    /** The suppliers in key order, `pageSize` at a time (constant memory for 100k rows). */
    async *suppliers(
      jobId: string,
      filter: SupplierFilter,
      pageSize = 5000,
    ): AsyncGenerator<BusinessCaseSupplier[]> {
      if (filter.supplierKeys?.length === 0) return;
      let after: string | undefined;
      for (;;) {
        const rows = await queryRows<BusinessCaseSupplier>(
          db,
          sql`select ${S.supplierKey} as "supplierKey", ${S.supplierId} as "supplierId",
                ${S.supplierName} as "supplierName", ${S.country} as country,
                ${product} as product, ${level} as level, ${method} as method,
                ${S.mainPaymentMethod} as "mainPaymentMethod",
                coalesce(${S.paymentCount}, 0)::float8 as payments, ${yearly}::float8 as spend
              from ${S} where ${where(jobId, filter, after)}
              order by ${S.supplierKey} limit ${pageSize}`,
        );
        if (rows.length === 0) return;
        yield rows.map((r) => ({ ...r, payments: Number(r.payments), spend: Number(r.spend) }));
        if (rows.length < pageSize) return;
        after = rows.at(-1)!.supplierKey;
      }
    },
  };
}
