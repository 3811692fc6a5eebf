import fs from 'node:fs';
import path from 'node:path';
import {
  SLICERS,
  roundMoney,
  type InsightBar,
  type InsightChartData,
  type InsightChartQuery,
  type InsightSliceQuery,
  type JobSummary,
} from '@b2b/contract';
import { sqlString, withEngineDb } from '../../engine/duckdb.js';
import { computeJobInsights, type InsightGrouping } from '../../engine/insights/job-insights.js';
import type { Actor } from '../../lib/actor.js';
import { AppError } from '../../lib/app-error.js';
import type { FileStorage } from '../../storage/file-storage.js';
import { jobKeys } from '../../engine/results/job-keys.js';
import type { RulesetsService } from '../rulesets/rulesets.service.js';
import { averageMoney, buildSummary } from './insight-summary.js';
import { jobViewer } from '../jobs/jobs.policy.js';
import { createInsightsRepo, type InsightBarRow, type SliceKey } from './insights.repo.js';
import { createJobChartRead } from './job-chart.read.js';
import type { Database } from '../../db/client.js';
import { uiText } from '../../lib/ui-text.js';

/** The job a user asks about, as the jobs module shows it (404 when they may not see it). */
type JobLookup = (
  actor: Actor,
  jobId: string,
) => Promise<{ id: string; name: string; type: string; status: string; currency: string }>;

/** Band charts are measures of the spend-band groups (engine grouping `Bands`). */
export const BAND_MEASURES = {
  Spends: 'spend',
  Documents: 'documents',
  Suppliers: 'suppliers',
  SuppliersAverage: 'averageSpend',
  DocumentsAverage: 'averageDocumentValue',
} as const;

type BarFigures = Pick<
  InsightBarRow,
  | 'bucket'
  | 'label'
  | 'suppliers'
  | 'spend'
  | 'pos'
  | 'invoices'
  | 'payments'
  | 'avgTermsDays'
  | 'avgDaysToPay'
>;
const documentsOf = (row: BarFigures) => row.pos + row.invoices + row.payments;

/**
 * Stored (or summed) bars as a chart draws them, `value` being the chart's measure; amounts in
 * the currency's minor unit (ISO 4217), rounded here where they are answered.
 */
export function toChartBars(
  rows: readonly BarFigures[],
  measure: InsightChartData['measure'],
  currency: string,
): InsightBar[] {
  return rows.map((row) => {
    const documents = documentsOf(row);
    const spend = roundMoney(row.spend, currency);
    const value = {
      spend,
      documents,
      suppliers: row.suppliers,
      averageSpend: averageMoney(row.spend, row.suppliers, currency) ?? 0,
      averageDocumentValue: averageMoney(row.spend, documents, currency) ?? 0,
    }[measure];
    return {
      key: row.bucket,
      label: row.label,
      value,
      suppliers: row.suppliers,
      spend,
      pos: row.pos,
      invoices: row.invoices,
      payments: row.payments,
      documents,
      avgTermsDays: row.avgTermsDays,
      avgDaysToPay: row.avgDaysToPay,
    };
  });
}

/** A job's stored insights, or 409 saying why there are none (yet). */
function ready<Meta>(job: { type: string; status: string }, meta: Meta | undefined): Meta {
  if (job.type === 'matched-data-only') {
    throw AppError.conflict(
      'Matched Data Only jobs are matched only: they have no scores and no insights.',
    );
  }
  if (!meta) {
    throw AppError.conflict(
      `The job's insights are not ready yet: its status is ${job.status}. They appear when its pipeline completes.`,
    );
  }
  return meta;
}

export function createInsightsService(
  db: Database,
  deps: {
    jobs: JobLookup;
    rulesets: RulesetsService;
    storage: () => FileStorage;
    /** DuckDB's settings for a new connection: the resource guard's memory and threads. */
    engine: {
      dataDir: string;
      settings: () => Promise<{ memoryLimit: string; threads: number }>;
    };
    /**
     * The UK SIC 2007 code Companies House gives each enriched supplier (issue 21): the
     * industry charts use it where the supplier has no industry or MCC of its own.
     */
    companySicCodes?: (jobId: string) => Promise<{ supplierKey: string; sic: string }[]>;
  },
) {
  const repo = createInsightsRepo(db);
  const chartRead = createJobChartRead(db);

  /** A job the actor may see (or 404) with its stored insights' meta (or 409). */
  async function readyJob(actor: Actor, jobId: string) {
    const job = await deps.jobs(actor, jobId);
    return { job, meta: ready(job, await repo.meta(jobId)) };
  }

  return {
    /**
     * The pipeline's last step: computes every insights chart of a scored job from its Parquet
     * files (engine `computeJobInsights`) and replaces its stored bars. Idempotent.
     */
    async computeForJob(job: {
      id: string;
      name: string;
      type: string;
      scoringRulesetVersion: number | null;
    }): Promise<string> {
      if (job.type === 'matched-data-only')
        return uiText('Matched Data Only: no insights to compute.');
      const ruleset = await deps.rulesets.scoringRuleset(job.scoringRulesetVersion ?? undefined);
      const storage = deps.storage();
      const workDir = path.join(deps.engine.dataDir, 'tmp', 'insights', `${job.id}-${Date.now()}`);
      await fs.promises.mkdir(workDir, { recursive: true });
      const suppliers = await storage.localPath(jobKeys.suppliers(job.id));
      const scores = await storage.localPath(jobKeys.scores(job.id));
      try {
        const companySics = (await deps.companySicCodes?.(job.id)) ?? [];
        const companySicPath = path.join(workDir, 'company-sic.ndjson');
        if (companySics.length > 0) {
          await fs.promises.writeFile(
            companySicPath,
            companySics
              .map((c) => JSON.stringify({ supplier_key: c.supplierKey, sic: c.sic }))
              .join('\n'),
          );
        }
        return await withEngineDb(
          { ...(await deps.engine.settings()), tempDirectory: path.join(workDir, 'duckdb') },
          async (engineDb) => {
            const outPath = path.join(workDir, 'insights.parquet');
            const result = await computeJobInsights({
              db: engineDb,
              suppliersPath: suppliers.path,
              scoresPath: scores.path,
              job: { id: job.id, name: job.name },
              spendBands: ruleset.spendBands.map((b) => b.label),
              outPath,
              ...(companySics.length > 0 ? { companySicPath } : {}),
            });
            await repo.replace(job.id, result, async (insert) => {
              await engineDb.forEachBatch<{ doc: string }>(
                `SELECT CAST(to_json(t) AS VARCHAR) AS doc
                 FROM (SELECT ${sqlString(job.id)} AS job_id, * FROM read_parquet(${sqlString(outPath)})) t`,
                5000,
                (rows) => insert(rows.map((r) => r.doc)),
              );
            });
            const missing = Object.keys(result.unavailable).length;
            const bars = result.barCount.toLocaleString('en-GB');
            return uiText(
              missing
                ? `${bars} insight bars stored; ${missing} charts without data`
                : `${bars} insight bars stored`,
            );
          },
        );
      } finally {
        await suppliers.release();
        await scores.release();
        await fs.promises.rm(workDir, { recursive: true, force: true });
      }
    },

    /** The summary tab of one slice: tiles, spend per product, match outcome, card acceptance. */
    async summary(actor: Actor, jobId: string, slice: InsightSliceQuery): Promise<JobSummary> {
      const { job, meta } = await readyJob(actor, jobId);
      const [totals, perProduct, matchStatus, cardAcceptance, confidence] = await Promise.all([
        repo.bars(jobId, 'Totals', slice),
        repo.totals(jobId, { slicer: slice.slicer, slicerValue: slice.slicerValue }),
        repo.bars(jobId, 'MatchStatus', slice),
        repo.bars(jobId, 'CardAcceptance', slice),
        repo.bars(jobId, 'MatchConfidence', slice),
      ]);
      const total = totals[0];
      // Insights stored before match status and card acceptance were kept apart have neither:
      // answering zeros would be wrong, so say how to recompute them.
      if (total && matchStatus.length === 0) {
        throw AppError.conflict(
          "This job's insights were computed before match status and card acceptance were counted apart: retry its Aggregate step to compute them again.",
        );
      }
      return {
        jobId,
        currency: job.currency,
        computedAt: meta.computedAt.toISOString(),
        ...buildSummary(
          {
            total,
            jobCount: 1,
            organizations: total ? 1 : 0,
            perProduct,
            matchStatus,
            cardAcceptance,
            confidence,
          },
          job.currency,
        ),
        unavailableCharts: Object.entries(meta.unavailable).map(([chart, reason]) => ({
          chart: chart as JobSummary['unavailableCharts'][number]['chart'],
          reason,
        })),
      };
    },

    /** One chart of the insights tab for one slice. */
    async chart(actor: Actor, jobId: string, query: InsightChartQuery): Promise<InsightChartData> {
      const band = query.chart in BAND_MEASURES;
      const grouping = (band ? 'Bands' : query.chart) as InsightGrouping;
      const measure = band ? BAND_MEASURES[query.chart as keyof typeof BAND_MEASURES] : 'spend';
      const slice: SliceKey = query;
      // The job, its insights' meta and the bars in one statement (job-chart.read.ts).
      const found = await chartRead.visibleChart(jobViewer(actor), jobId, grouping, slice);
      if (!found) throw AppError.notFound('No such job.');
      const { job } = found;
      const meta = ready(job, found.meta);
      // A band chart can lack its measure (documents) while the spend bands exist.
      const reason = meta.unavailable[query.chart] ?? meta.unavailable[grouping] ?? null;
      const rows = reason ? [] : found.bars;
      const bars = toChartBars(rows, measure, job.currency);
      return {
        chart: query.chart,
        slicer: query.slicer,
        slicerValue: query.slicerValue,
        product: query.product,
        measure,
        available: reason === null,
        reason,
        bars,
      };
    },

    /** The slicer values holding suppliers, in the order of SPEC.md, for the slicer selector. */
    async slicers(actor: Actor, jobId: string) {
      const { job } = await readyJob(actor, jobId);
      const rows = (await repo.totals(jobId, {})).filter((r) => r.product === 'All');
      return (Object.keys(SLICERS) as (keyof typeof SLICERS)[]).map((slicer) => {
        const known: readonly string[] = slicer === 'Overall' ? ['All'] : SLICERS[slicer];
        return {
          slicer,
          values: known.flatMap((value) => {
            const row = rows.find((r) => r.slicer === slicer && r.slicerValue === value);
            return row
              ? [{ value, suppliers: row.suppliers, spend: roundMoney(row.spend, job.currency) }]
              : [];
          }),
        };
      });
    },
  };
}
export type InsightsService = ReturnType<typeof createInsightsService>;
