import type { PagedListRequest } from '@b2b/contract';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { type ListColumn, pagedQueryParts, plainFilterFields } from '../../db/paged-query.js';
import { buyers, issuers } from '../issuers/issuer.schema.js';
import { jobs } from '../jobs/job.schema.js';
import type { JobViewer } from '../jobs/jobs.policy.js';
import { type GlobalScope, rowsOf, scopeIdsQuery } from './global-insights.read.js';
import { jobInsightBars as B } from './insight.schema.js';

/**
 * Read model: the organizations (buyers) list of global insights. Reads job_insight_bars (this
 * module), jobs (jobs module, the jobs in scope by global-insights.read) and buyers and issuers
 * (issuers module) for the names.
 */

/** Organizations list: the CTE's aggregates, and the buyer and issuer names joined to them. */
const ORG_COLUMNS: Record<string, ListColumn> = {
  buyerName: { column: buyers.name, kind: 'text' },
  issuerName: { column: issuers.name, kind: 'text' },
  buyerId: { column: sql.raw('"org"."buyer_id"'), kind: 'uuid' },
  issuerId: { column: sql.raw('"org"."issuer_id"'), kind: 'uuid' },
  jobCount: { column: sql.raw('"org"."job_count"'), kind: 'number' },
  suppliers: { column: sql.raw('"org"."suppliers"'), kind: 'number' },
  spend: { column: sql.raw('"org"."spend"'), kind: 'number' },
  pos: { column: sql.raw('"org"."pos"'), kind: 'number' },
  invoices: { column: sql.raw('"org"."invoices"'), kind: 'number' },
  payments: { column: sql.raw('"org"."payments"'), kind: 'number' },
  cardAcceptingSuppliers: { column: sql.raw('"org"."card_accepting_suppliers"'), kind: 'number' },
  cardAcceptingPercent: { column: sql.raw('"org"."card_accepting_percent"'), kind: 'number' },
};

/**
 * Buyers with the totals of their jobs in scope, from each job's "Overall / All suppliers"
 * bar and its card-accepting bar (matched suppliers whose merchant accepts cards, as the summary's
 * gauge counts them; primary-key reads), as a paged list whose filters and order apply to the
 * totals.
 */
export async function listOrganizations(
  db: Database,
  viewer: JobViewer,
  scope: GlobalScope,
  request: PagedListRequest,
) {
  const parts = pagedQueryParts(request, ORG_COLUMNS, {
    fields: plainFilterFields,
    defaultOrder: [sql.raw('"org"."spend" desc')],
    tieBreaker: sql.raw('"org"."buyer_id" asc'),
  });
  const org = sql`(
    select j.buyer_id, min(j.issuer_id::text)::uuid as issuer_id, count(*)::int as job_count,
      coalesce(sum(t.suppliers), 0)::float8 as suppliers,
      coalesce(sum(t.spend), 0)::float8 as spend,
      coalesce(sum(t.pos), 0)::float8 as pos,
      coalesce(sum(t.invoices), 0)::float8 as invoices,
      coalesce(sum(t.payments), 0)::float8 as payments,
      coalesce(sum(c.suppliers), 0)::float8 as card_accepting_suppliers,
      coalesce(round((100.0 * sum(c.suppliers) / nullif(sum(t.suppliers), 0))::numeric, 1), 0)::float8
        as card_accepting_percent,
      min(j.currency) as currency
    from (${scopeIdsQuery(db, viewer, scope)}) s
    join ${jobs} j on j.id = s.id
    left join ${B} t on t.job_id = j.id and ${sql.raw(`t.grouping = 'Totals' and t.slicer = 'Overall' and t.slicer_value = 'All' and t.product = 'All' and t.bucket = 'All'`)}
    left join ${B} c on c.job_id = j.id and ${sql.raw(`c.grouping = 'CardAcceptance' and c.slicer = 'Overall' and c.slicer_value = 'All' and c.product = 'All' and c.bucket = 'YES'`)}
    group by j.buyer_id
  ) as org`;
  const from = sql`${org}
    join ${buyers} on ${buyers.id} = "org"."buyer_id"
    join ${issuers} on ${issuers.id} = "org"."issuer_id"`;
  const where = parts.where ? sql`where ${parts.where}` : sql``;
  const [page, total] = await Promise.all([
    db.execute(sql`
      select "org".*, ${buyers.name} as buyer_name, ${issuers.name} as issuer_name
      from ${from} ${where}
      order by ${sql.join(parts.orderBy, sql`, `)}
      limit ${parts.limit} offset ${parts.offset}`),
    db.execute(sql`select count(*)::int as n from ${from} ${where}`),
  ]);
  return {
    rows: rowsOf<OrganizationRow>(page),
    total: Number(rowsOf<{ n: number }>(total)[0]?.n ?? 0),
  };
}

export interface OrganizationRow {
  buyer_id: string;
  issuer_id: string;
  buyer_name: string;
  issuer_name: string;
  job_count: number;
  suppliers: number;
  spend: number;
  pos: number;
  invoices: number;
  payments: number;
  card_accepting_suppliers: number;
  card_accepting_percent: number;
  currency: string;
}
