/**
 * Read model: a new campaign's tracker rows and exclusions, in one statement, and the same
 * selection as a dry run (the create page's preview: one code path, so the preview and the
 * campaign agree). Reads job_supplier_results (jobs module: the suppliers' contacts),
 * job_supplier_exclusions, campaigns and campaign_suppliers; writes campaign_suppliers and
 * campaign_exclusions. One statement because a campaign over 50,000 suppliers must be created
 * in well under 2 s: the selection goes in as arrays, every exclusion is a hash join.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { queryRows } from '../../db/transaction.js';
import { jobSupplierResults } from '../jobs/job.schema.js';

export type Selection = {
  supplierKey: string;
  supplierName: string;
  spend: number | null;
  useCaseId: string | null;
}[];

export type SelectionFacts = {
  /** The campaign being created; absent in a dry run. */
  campaignId?: string;
  jobId: string;
  cardProduct: string;
  declinePeriodDays: number;
  /** E-mail routes: a supplier without an address is listed as NoContact and cannot be sent. */
  needsEmail: boolean;
  now: Date;
};

/**
 * The selection with each supplier's contact and exclusion reason (null: tracked), as the CTE
 * `enriched` (after `sel`, `busy` and `declined`).
 */
function enrichedSelection(selection: Selection, facts: SelectionFacts) {
  const R = jobSupplierResults;
  const since = new Date(facts.now.getTime() - facts.declinePeriodDays * 86_400_000);
  const notThis = facts.campaignId ? sql`and c.id <> ${facts.campaignId}` : sql``;
  return sql`
        sel as (
          select u.k, u.n, u.s, u.uc
          from unnest(${sql.param(selection.map((s) => s.supplierKey))}::text[],
                      ${sql.param(selection.map((s) => s.supplierName))}::text[],
                      ${sql.param(selection.map((s) => s.spend))}::float8[],
                      ${sql.param(selection.map((s) => s.useCaseId))}::uuid[])
            as u(k, n, s, uc)
        ),
        busy as (
          select distinct cs.supplier_key as k from campaign_suppliers cs
          join campaigns c on c.id = cs.campaign_id
          where c.job_id = ${facts.jobId} and c.card_product = ${facts.cardProduct}
            and c.status <> 'Completed' and cs.status <> 'Completed' ${notThis}
        ),
        declined as (
          select distinct cs.supplier_key as k, max(c.name) as campaign from campaign_suppliers cs
          join campaigns c on c.id = cs.campaign_id
          where c.job_id = ${facts.jobId} and cs.outcome = 'Declined'
            and cs.outcome_at >= ${since.toISOString()}::timestamptz
          group by cs.supplier_key
        ),
        enriched as (
          select sel.k, sel.n, sel.s, sel.uc,
            nullif(trim(${R.contactEmail}), '') as email, ${R.contactName} as contact_name,
            ${R.contactPhone} as phone,
            case when bx.reason is not null then bx.reason
                 when busy.k is not null then 'ActiveCampaign'
                 when declined.k is not null then 'RecentlyDeclined' end as reason,
            case when bx.reason is not null then bx.note
                 when busy.k is not null then 'Already in an active campaign for this card product'
                 when declined.k is not null then 'Declined in ' || declined.campaign end as detail
          from sel
          left join ${R} on ${R.jobId} = ${facts.jobId} and ${R.supplierKey} = sel.k
          left join job_supplier_exclusions bx on bx.job_id = ${facts.jobId} and bx.supplier_key = sel.k
          left join busy on busy.k = sel.k
          left join declined on declined.k = sel.k
        )`;
}

/** Writes a new campaign's tracker and exclusions (inside its transaction); how many of each. */
export async function insertSelection(
  tx: Database,
  selection: Selection,
  facts: SelectionFacts & { campaignId: string },
): Promise<{ tracked: number; excluded: number }> {
  const [counts] = await queryRows<{ tracked: number; excluded: number }>(
    tx,
    sql`
        with ${enrichedSelection(selection, facts)},
        excluded as (
          insert into campaign_exclusions (campaign_id, supplier_key, supplier_name, reason, detail)
          select ${facts.campaignId}, k, n, coalesce(reason, 'NoContact'),
                 case when reason is null then 'No contact e-mail: in the tracker, not sent' else detail end
          from enriched
          where reason is not null or (${facts.needsEmail} and email is null)
          returning 1
        ),
        tracked as (
          insert into campaign_suppliers (campaign_id, supplier_key, supplier_name, spend, use_case_id,
            contact_email, contact_name, contact_phone, sendable)
          select ${facts.campaignId}, k, n, s, uc, email, contact_name, phone,
                 (not ${facts.needsEmail}) or email is not null
          from enriched where reason is null
          returning 1
        )
        select (select count(*) from tracked)::int as tracked,
               (select count(*) from excluded)::int as excluded`,
  );
  return counts!;
}

/**
 * The same selection as a dry run: how many suppliers each exclusion reason would list
 * (NoContact: tracked but not sent, as create lists them), how many would be tracked and sent.
 */
export async function previewSelection(
  db: Database,
  selection: Selection,
  facts: SelectionFacts,
): Promise<{ reason: string | null; tracked: boolean; sendable: boolean; n: number }[]> {
  return queryRows(
    db,
    sql`
        with ${enrichedSelection(selection, facts)}
        select case when reason is not null then reason
                    when ${facts.needsEmail} and email is null then 'NoContact' end as reason,
               reason is null as tracked,
               reason is null and ((not ${facts.needsEmail}) or email is not null) as sendable,
               count(*)::int as n
        from enriched group by 1, 2, 3`,
  );
}
