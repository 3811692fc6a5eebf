import type { CampaignCounters, PagedListRequest } from '@b2b/contract';
import { CAMPAIGN_EXCLUSION_REASONS, CAMPAIGN_OUTCOMES, CAMPAIGN_STATUSES } from '@b2b/contract';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { type ListColumn, pagedQueryParts, plainFilterFields } from '../../db/paged-query.js';
import { queryRows } from '../../db/transaction.js';
import { campaignEvents, campaignExclusions, campaignSuppliers } from './campaign.schema.js';

export type CampaignSupplierRow = typeof campaignSuppliers.$inferSelect;
export type CampaignEventRow = typeof campaignEvents.$inferSelect;
export type NewCampaignEvent = typeof campaignEvents.$inferInsert;

const S = campaignSuppliers;
const X = campaignExclusions;

const SUPPLIER_COLUMNS: Record<string, ListColumn> = {
  supplierKey: { column: S.supplierKey, kind: 'text' },
  supplierName: { column: S.supplierName, kind: 'text' },
  spend: { column: S.spend, kind: 'number' },
  contactEmail: { column: S.contactEmail, kind: 'text' },
  contactName: { column: S.contactName, kind: 'text' },
  status: { column: S.status, kind: 'text', values: CAMPAIGN_STATUSES },
  outcome: { column: S.outcome, kind: 'text', values: CAMPAIGN_OUTCOMES },
  sendable: { column: sql`${S.sendable}::text`, kind: 'text', values: ['true', 'false'] },
  lastEventOn: { column: S.lastEventAt, kind: 'date' },
};

const EXCLUSION_COLUMNS: Record<string, ListColumn> = {
  supplierKey: { column: X.supplierKey, kind: 'text' },
  supplierName: { column: X.supplierName, kind: 'text' },
  reason: { column: X.reason, kind: 'text', values: CAMPAIGN_EXCLUSION_REASONS },
};

/**
 * The SPEC §3 counters, from the tracker rows at read time (never stored, so they cannot drift):
 * Failed is every Completed supplier that did not succeed.
 */
const COUNTERS = sql`count(*)::int as total,
  (count(*) filter (where ${S.status} = 'Pending'))::int as pending,
  (count(*) filter (where ${S.status} = 'Active'))::int as active,
  (count(*) filter (where ${S.status} = 'Completed' and ${S.outcome} is distinct from 'Succeeded'))::int as failed,
  (count(*) filter (where ${S.outcome} = 'Succeeded'))::int as succeeded`;

/** Tracker rows, their events and the campaign's exclusions. */
export function createTrackerRepo(db: Database) {
  return {
    async counters(campaignIds: string[]): Promise<Map<string, CampaignCounters>> {
      if (campaignIds.length === 0) return new Map();
      const rows = await queryRows<CampaignCounters & { campaign_id: string }>(
        db,
        sql`select ${S.campaignId} as campaign_id, ${COUNTERS} from ${S}
            where ${inArray(S.campaignId, campaignIds)} group by ${S.campaignId}`,
      );
      return new Map(rows.map(({ campaign_id, ...c }) => [campaign_id, c]));
    },
    async exclusionCounts(campaignIds: string[]): Promise<Map<string, Record<string, number>>> {
      const result = new Map<string, Record<string, number>>();
      if (campaignIds.length === 0) return result;
      const rows = await db
        .select({ campaignId: X.campaignId, reason: X.reason, n: sql<number>`count(*)::int` })
        .from(X)
        .where(inArray(X.campaignId, campaignIds))
        .groupBy(X.campaignId, X.reason);
      for (const r of rows) {
        const counts = result.get(r.campaignId) ?? {};
        counts[r.reason] = r.n;
        result.set(r.campaignId, counts);
      }
      return result;
    },
    async listSuppliers(campaignId: string, request: PagedListRequest) {
      const parts = pagedQueryParts(request, SUPPLIER_COLUMNS, {
        fields: plainFilterFields,
        defaultOrder: [sql`${S.spend} desc nulls last`],
        tieBreaker: sql`${S.supplierKey}`,
      });
      const where = and(eq(S.campaignId, campaignId), parts.where);
      const rows = await db
        .select()
        .from(S)
        .where(where)
        .orderBy(...parts.orderBy)
        .limit(parts.limit)
        .offset(parts.offset);
      const [total] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(S)
        .where(where);
      return { rows, total: total?.n ?? 0 };
    },
    async listExclusions(campaignId: string, request: PagedListRequest) {
      const parts = pagedQueryParts(request, EXCLUSION_COLUMNS, {
        fields: plainFilterFields,
        defaultOrder: [asc(X.reason), asc(X.supplierName)],
        tieBreaker: sql`${X.supplierKey}`,
      });
      const where = and(eq(X.campaignId, campaignId), parts.where);
      const rows = await db
        .select()
        .from(X)
        .where(where)
        .orderBy(...parts.orderBy)
        .limit(parts.limit)
        .offset(parts.offset);
      const [total] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(X)
        .where(where);
      return { rows, total: total?.n ?? 0 };
    },
    async findSupplier(
      campaignId: string,
      supplierKey: string,
      tx: Database = db,
    ): Promise<CampaignSupplierRow | undefined> {
      const [row] = await tx
        .select()
        .from(S)
        .where(and(eq(S.campaignId, campaignId), eq(S.supplierKey, supplierKey)));
      return row;
    },
    /** The supplier's row locked until the transaction ends: one writer of its events at once. */
    async lockSupplier(
      campaignId: string,
      supplierKey: string,
      tx: Database,
    ): Promise<CampaignSupplierRow | undefined> {
      const [row] = await tx
        .select()
        .from(S)
        .where(and(eq(S.campaignId, campaignId), eq(S.supplierKey, supplierKey)))
        .for('update');
      return row;
    },
    async findSuppliers(campaignId: string, keys: string[]): Promise<CampaignSupplierRow[]> {
      if (keys.length === 0) return [];
      return db
        .select()
        .from(S)
        .where(and(eq(S.campaignId, campaignId), inArray(S.supplierKey, keys)));
    },
    allKeys(campaignId: string) {
      return db
        .select({ supplierKey: S.supplierKey, supplierName: S.supplierName })
        .from(S)
        .where(eq(S.campaignId, campaignId));
    },
    async firstSupplier(campaignId: string): Promise<CampaignSupplierRow | undefined> {
      const [row] = await db
        .select()
        .from(S)
        .where(eq(S.campaignId, campaignId))
        .orderBy(sql`${S.spend} desc nulls last`, S.supplierKey)
        .limit(1);
      return row;
    },
    async updateSupplier(
      campaignId: string,
      supplierKey: string,
      values: Partial<typeof S.$inferInsert>,
      tx: Database = db,
    ): Promise<void> {
      await tx
        .update(S)
        .set(values)
        .where(and(eq(S.campaignId, campaignId), eq(S.supplierKey, supplierKey)));
    },
    /** A supplier that now has an address is no longer listed as NoContact. */
    async clearNoContact(campaignId: string, keys: string[], tx: Database): Promise<void> {
      if (keys.length === 0) return;
      await tx
        .delete(X)
        .where(
          and(
            eq(X.campaignId, campaignId),
            inArray(X.supplierKey, keys),
            eq(X.reason, 'NoContact'),
          ),
        );
    },
    async timeline(campaignId: string, supplierKey: string): Promise<CampaignEventRow[]> {
      return db
        .select()
        .from(campaignEvents)
        .where(
          and(
            eq(campaignEvents.campaignId, campaignId),
            eq(campaignEvents.supplierKey, supplierKey),
          ),
        )
        .orderBy(asc(campaignEvents.id));
    },
    /** Whether the supplier's timeline already holds this very event (same type, step, detail). */
    async hasEvent(
      event: {
        campaignId: string;
        supplierKey: string;
        type: string;
        step: number;
        detail: string;
      },
      tx: Database = db,
    ): Promise<boolean> {
      const [row] = await tx
        .select({ id: campaignEvents.id })
        .from(campaignEvents)
        .where(
          and(
            eq(campaignEvents.campaignId, event.campaignId),
            eq(campaignEvents.supplierKey, event.supplierKey),
            eq(campaignEvents.type, event.type),
            eq(campaignEvents.step, event.step),
            eq(campaignEvents.detail, event.detail),
          ),
        )
        .limit(1);
      return row !== undefined;
    },
    async addEvents(events: NewCampaignEvent[], tx: Database = db): Promise<void> {
      if (events.length > 0) await tx.insert(campaignEvents).values(events);
    },
    /** Start: e-mail routes make every sendable supplier Active with step 0 due now. */
    async start(campaignId: string, at: Date, tx: Database): Promise<void> {
      await tx
        .update(S)
        .set({ status: 'Active', nextStep: 0, nextDueAt: at })
        .where(and(eq(S.campaignId, campaignId), eq(S.sendable, true)));
    },
    /** Non-e-mail routes: every supplier becomes Active at once, nothing to send. */
    async activateAll(campaignId: string, tx: Database): Promise<void> {
      await tx
        .update(S)
        .set({ status: 'Active' })
        .where(and(eq(S.campaignId, campaignId), eq(S.status, 'Pending')));
    },
    /**
     * Virtual LB: the issuer's lockbox provider enrols every supplier; each gets its event.
     * Returns how many were enrolled.
     */
    async autoEnrol(campaignId: string, provider: string, at: Date, tx: Database) {
      const rows = await tx
        .update(S)
        .set({
          status: 'Completed',
          outcome: 'Succeeded',
          outcomeAt: at,
          isVlbAutoEnrolled: true,
          lastEventAt: at,
        })
        .where(and(eq(S.campaignId, campaignId), eq(S.status, 'Pending')))
        .returning({ supplierKey: S.supplierKey });
      await tx.execute(sql`insert into campaign_events (campaign_id, supplier_key, type, detail, at)
        select ${campaignId}::uuid, u.k, 'VlbAutoEnrolled', ${`Enrolled through ${provider}`}, ${at.toISOString()}::timestamptz
        from unnest(${sql.param(rows.map((r) => r.supplierKey))}::text[]) as u(k)`);
      return rows.length;
    },
    /** Close: suppliers still open end as NoResponse, each with a Closed event. */
    async closeOpen(campaignId: string, at: Date, tx: Database): Promise<number> {
      const closed = await tx
        .update(S)
        .set({
          status: 'Completed',
          outcome: 'NoResponse',
          outcomeAt: at,
          nextDueAt: null,
          lastEventAt: at,
        })
        .where(and(eq(S.campaignId, campaignId), inArray(S.status, ['Pending', 'Active'])))
        .returning({ supplierKey: S.supplierKey });
      await tx.execute(sql`insert into campaign_events (campaign_id, supplier_key, type, detail, at)
        select ${campaignId}::uuid, u.k, 'Closed', 'No answer by the close day', ${at.toISOString()}::timestamptz
        from unnest(${sql.param(closed.map((r) => r.supplierKey))}::text[]) as u(k)`);
      return closed.length;
    },
  };
}
