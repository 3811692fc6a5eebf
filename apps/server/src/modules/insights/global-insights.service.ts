import {
  INSIGHT_CHART_LIMITS,
  SLICERS,
  roundMoney,
  type GlobalChartQuery,
  type GlobalInsightsFilter,
  type GlobalOrganizationsRequest,
  type GlobalSliceQuery,
  type GlobalSummary,
  type InsightChartData,
} from '@b2b/contract';
import { pagedResponse } from '../../db/paged-query.js';
import type { Actor } from '../../lib/actor.js';
import type { Database } from '../../db/client.js';
import { jobViewer } from '../jobs/jobs.policy.js';
import {
  createGlobalInsightsRead,
  type GlobalScope,
  type SummedBar,
} from './global-insights.read.js';
import { listOrganizations } from './global-organizations.read.js';
import { buildSummary } from './insight-summary.js';
import { BAND_MEASURES, toChartBars } from './insights.service.js';
import { uiText } from '../../lib/ui-text.js';

/**
 * Why a chart cannot be drawn across the selection: every selected job lacks its data. The
 * engine words a job's reason "This job's data has no X."; across jobs it reads "None of the
 * selected jobs' data has X."
 */
function acrossJobs(reason: string): string {
  const missing = /^This job's data has no (.+)\.$/.exec(reason)?.[1];
  return missing
    ? uiText(`None of the selected jobs' data has ${missing}.`)
    : uiText(`Not available in any selected job: ${reason}`);
}

/** ISO 4217 "no currency": amounts without a job to give them one are all zero anyway. */
const NO_CURRENCY = 'XXX';

/**
 * Global insights: the stored per-job insight bars summed in SQL across the Completed jobs with
 * insights the user may see (the jobs module's visibility rule, applied in the same query),
 * narrowed by issuer, buyer and job, and to one currency: there are no exchange rates, so amounts
 * in different currencies are never added.
 */
export function createGlobalInsightsService(db: Database) {
  const read = createGlobalInsightsRead(db);

  /**
   * The jobs a call adds up: the filtered ones in the asked currency or, without one, in the
   * currency with the most of them (ties: the larger spend, then A–Z). Every call resolves its
   * scope here, so the summary, charts, slicers and organizations agree on the default.
   */
  async function scopeOf(actor: Actor, query: GlobalInsightsFilter) {
    const viewer = jobViewer(actor);
    const ids = { issuerIds: query.issuerIds, buyerIds: query.buyerIds, jobIds: query.jobIds };
    const currencies = await read.currencies(viewer, ids);
    const currency = query.currency ?? currencies[0]?.currency ?? null;
    const scope: GlobalScope = { ...ids, currency };
    return { viewer, scope, currencies };
  }

  return {
    async summary(actor: Actor, query: GlobalSliceQuery): Promise<GlobalSummary> {
      const { viewer, scope, currencies } = await scopeOf(actor, query);
      const money = scope.currency ?? NO_CURRENCY;
      const slice = { slicer: query.slicer, slicerValue: query.slicerValue };
      const sliceBuckets = (grouping: string) =>
        read.sumBars(viewer, scope, { grouping, ...slice, product: query.product }, ['bucket']);
      const [counts, totals, perProduct, matchStatus, cardAcceptance, confidence, unavailable] =
        await Promise.all([
          read.counts(viewer, scope),
          read.sumBars(viewer, scope, { grouping: 'Totals', ...slice, product: query.product }, []),
          read.sumBars(viewer, scope, { grouping: 'Totals', ...slice }, ['product']),
          sliceBuckets('MatchStatus'),
          sliceBuckets('CardAcceptance'),
          sliceBuckets('MatchConfidence'),
          read.unavailable(viewer, scope),
        ]);
      // Without any bar, the aggregate row is all nulls: no suppliers in the slice.
      const total = totals[0]?.suppliers ? totals[0] : undefined;
      return {
        currency: scope.currency,
        currencies: currencies.map((c) => ({ currency: c.currency, jobs: c.jobs })),
        computedAt: counts.computedAt?.toISOString() ?? null,
        ...buildSummary(
          {
            total,
            jobCount: counts.jobCount,
            organizations: counts.buyerCount,
            perProduct,
            matchStatus,
            cardAcceptance,
            confidence,
          },
          money,
        ),
        // A chart is unavailable across the selection only when every selected job lacks it.
        unavailableCharts: unavailable
          .filter((u) => counts.jobCount > 0 && u.jobs === counts.jobCount)
          .map((u) => ({
            chart: u.grouping as GlobalSummary['unavailableCharts'][number]['chart'],
            reason: acrossJobs(u.reason),
          })),
      };
    },

    /** One chart summed across the selection; 'Jobs' is one bar per job, the top 1000 by spend. */
    async chart(actor: Actor, query: GlobalChartQuery): Promise<InsightChartData> {
      const { viewer, scope } = await scopeOf(actor, query);
      const band = query.chart in BAND_MEASURES;
      const grouping = band ? 'Bands' : query.chart;
      const measure = band ? BAND_MEASURES[query.chart as keyof typeof BAND_MEASURES] : 'spend';
      const limit =
        query.chart === 'Jobs' ? INSIGHT_CHART_LIMITS.byJobTop : INSIGHT_CHART_LIMITS.maxBars;
      const [counts, unavailable] = await Promise.all([
        read.counts(viewer, scope),
        // The spend bands always exist; a band chart is missing only its measure (documents).
        read.unavailable(viewer, scope, band ? query.chart : grouping),
      ]);
      const missing = unavailable[0];
      // Jobs that lack the dimension still add their suppliers, as the 'Unclassified' bar.
      const reason =
        counts.jobCount > 0 && missing && missing.jobs === counts.jobCount
          ? acrossJobs(missing.reason)
          : null;
      const rows: SummedBar[] = reason
        ? []
        : await read.sumBars(
            viewer,
            scope,
            {
              grouping,
              slicer: query.slicer,
              slicerValue: query.slicerValue,
              product: query.product,
            },
            ['bucket'],
            limit,
          );
      return {
        chart: query.chart,
        slicer: query.slicer,
        slicerValue: query.slicerValue,
        product: query.product,
        measure,
        available: reason === null,
        reason,
        bars: toChartBars(rows, measure, scope.currency ?? NO_CURRENCY),
      };
    },

    /** The slicer values holding suppliers in the selection, in the order of SPEC.md. */
    async slicers(actor: Actor, query: GlobalInsightsFilter) {
      const { viewer, scope } = await scopeOf(actor, query);
      const rows = await read.sumBars(viewer, scope, { grouping: 'Totals', product: 'All' }, [
        'slicer',
        'slicerValue',
      ]);
      return (Object.keys(SLICERS) as (keyof typeof SLICERS)[]).map((slicer) => {
        const known: readonly string[] = slicer === 'Overall' ? ['All'] : SLICERS[slicer];
        return {
          slicer,
          values: known.flatMap((value) => {
            const row = rows.find((r) => r.slicer === slicer && r.slicerValue === value);
            return row
              ? [
                  {
                    value,
                    suppliers: row.suppliers,
                    spend: roundMoney(row.spend, scope.currency ?? NO_CURRENCY),
                  },
                ]
              : [];
          }),
        };
      });
    },

    /**
     * Issuers, buyers and jobs with insights the user may see, each with its job count, in every
     * currency: narrowed to one, the bar could not offer the jobs of another.
     */
    async filterOptions(actor: Actor) {
      const jobs = await read.filterOptions(jobViewer(actor));
      const issuers = new Map<string, { id: string; name: string; jobCount: number }>();
      const buyers = new Map<
        string,
        { id: string; name: string; issuerId: string; issuerName: string; jobCount: number }
      >();
      for (const job of jobs) {
        const issuer = issuers.get(job.issuerId) ?? {
          id: job.issuerId,
          name: job.issuerName,
          jobCount: 0,
        };
        issuer.jobCount += 1;
        issuers.set(job.issuerId, issuer);
        const buyer = buyers.get(job.buyerId) ?? {
          id: job.buyerId,
          name: job.buyerName,
          issuerId: job.issuerId,
          issuerName: job.issuerName,
          jobCount: 0,
        };
        buyer.jobCount += 1;
        buyers.set(job.buyerId, buyer);
      }
      const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);
      return {
        issuers: [...issuers.values()].sort(byName),
        buyers: [...buyers.values()].sort(byName),
        jobs: jobs.map((j) => ({
          id: j.id,
          name: j.name,
          issuerId: j.issuerId,
          buyerId: j.buyerId,
          buyerName: j.buyerName,
          currency: j.currency,
          computedAt: j.computedAt.toISOString(),
        })),
      };
    },

    /** Buyers with their totals over the selected jobs: paged, sorted and filtered in SQL. */
    async organizations(actor: Actor, request: GlobalOrganizationsRequest) {
      const { issuerIds, buyerIds, jobIds, currency, ...paging } = request;
      const { viewer, scope } = await scopeOf(actor, { issuerIds, buyerIds, jobIds, currency });
      const { rows, total } = await listOrganizations(db, viewer, scope, paging);
      return pagedResponse(
        rows.map((r) => ({
          buyerId: r.buyer_id,
          buyerName: r.buyer_name,
          issuerId: r.issuer_id,
          issuerName: r.issuer_name,
          jobCount: Number(r.job_count),
          suppliers: Number(r.suppliers),
          spend: roundMoney(Number(r.spend), r.currency),
          pos: Number(r.pos),
          invoices: Number(r.invoices),
          payments: Number(r.payments),
          cardAcceptingSuppliers: Number(r.card_accepting_suppliers),
          cardAcceptingPercent: Number(r.card_accepting_percent),
          currency: r.currency,
        })),
        total,
        paging,
      );
    },
  };
}
