import type { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DATA_DOWNLOAD_KINDS,
  DATA_DOWNLOAD_PROFILE_LABELS,
  type DataDownloadProfile,
  DataDownloadProfileSchema,
  type DatapointName,
  DOWNLOAD_FORMATS,
  type DownloadFormat,
  DownloadFormatSchema,
} from '@b2b/contract';
import type { Actor } from '../../lib/actor.js';
import { AppError } from '../../lib/app-error.js';
import { crlfRecords } from '../../lib/csv.js';
import type { DatapointProfilesService } from '../datapoint-profiles/datapoint-profiles.service.js';
import type { IssuersService } from '../issuers/issuers.service.js';
import type { JobsService } from '../jobs/jobs.service.js';
import { visibleDatapoints } from '../jobs/jobs.policy.js';
import type { DownloadProducer } from './download-producers.js';
import type { SupplierExportRead } from './supplier-export.read.js';
import { csvTableWriter, xlsxTableWriter } from '../../lib/table-writers.js';

/** Suppliers read per query: big enough to keep round trips few, small enough to stay lean. */
const BATCH = 5000;

/** The issuer field and the shipped default of each profile choice (SPEC §3 issuer detail). */
const PROFILE_SOURCES: Record<
  DataDownloadProfile,
  {
    field:
      | 'analysisDataDownloadDatapointProfileId'
      | 'matchedDataOnlyDownloadDatapointProfileId'
      | 'onboardingDataDownloadDatapointProfileId';
    defaultKey: string;
  }
> = {
  analysis: {
    field: 'analysisDataDownloadDatapointProfileId',
    defaultKey: 'full-analysis-download',
  },
  'matched-data-only': {
    field: 'matchedDataOnlyDownloadDatapointProfileId',
    defaultKey: 'matched-data-only-download',
  },
  onboarding: {
    field: 'onboardingDataDownloadDatapointProfileId',
    defaultKey: 'onboarding-download',
  },
};

export type DataDownloadDeps = {
  results: Pick<JobsService['results'], 'exportReader'>;
  issuers: Pick<IssuersService, 'findById'>;
  profiles: Pick<DatapointProfilesService, 'downloadColumns'>;
};

/**
 * Reads a job's rows batch after batch in key order until none are left; `each` hears of
 * every batch. Keyset pages, so each read is an index range and memory stays one batch.
 */
async function eachBatch<R extends { key: string }>(
  read: (afterKey: string | null) => Promise<R[]>,
  each: (rows: R[]) => Promise<void>,
) {
  let after: string | null = null;
  for (;;) {
    const rows = await read(after);
    if (rows.length > 0) await each(rows);
    if (rows.length < BATCH) return;
    after = rows[rows.length - 1]!.key;
  }
}

/** A job's supplier results with a datapoint profile's columns, as CSV or XLSX. */
export function createDataDownloads(deps: DataDownloadDeps & { exportRead: SupplierExportRead }) {
  /**
   * Everything a data download checks before it writes a byte: the job is visible (404) and
   * Completed (409 naming its state), the profile's datapoints are all known (400 naming one).
   */
  async function prepare(actor: Actor, jobId: string, profile: DataDownloadProfile) {
    const reader = await deps.results.exportReader(actor, jobId);
    const { job } = reader;
    if (job.status !== 'Completed') {
      throw AppError.conflict(
        `The data download needs the job’s results, and this job is ${job.status}; try again when it is Completed.`,
      );
    }
    const issuer = await deps.issuers.findById(job.issuerId);
    const source = PROFILE_SOURCES[profile];
    const columns = await deps.profiles.downloadColumns(
      issuer?.[source.field] ?? null,
      source.defaultKey,
    );
    return {
      reader,
      job,
      columns: { ...columns, datapoints: visibleDatapoints(actor, columns.datapoints) },
    };
  }

  /** Writes the rows; `progress` hears of each batch (rows written so far). */
  async function write(
    prepared: Awaited<ReturnType<typeof prepare>>,
    format: DownloadFormat,
    out: Writable,
    progress?: (rowsWritten: number) => Promise<void>,
  ) {
    const names: DatapointName[] = prepared.columns.datapoints;
    const { id, currency } = prepared.job;
    let written = 0;
    if (format === 'csv') {
      const writer = await csvTableWriter(out, names);
      // On PostgreSQL the server writes the rows with COPY; Node passes the bytes on.
      const copy = await deps.exportRead.csvCopy(id, names, currency);
      if (copy) {
        await pipeline(
          copy,
          crlfRecords(async (records) => {
            // Told once per BATCH rows, as the line path tells it, not once per chunk.
            const before = Math.floor(written / BATCH);
            written += records;
            if (Math.floor(written / BATCH) > before) await progress?.(written);
          }),
          out,
        );
        return;
      }
      // Elsewhere PostgreSQL shapes each line (supplier-export.read.ts); here they are joined.
      await eachBatch(
        (after) => deps.exportRead.csvLines(id, names, currency, after, BATCH),
        async (rows) => {
          await writer.writeLines(rows.map((r) => r.line));
          written += rows.length;
          await progress?.(written);
        },
      );
      await writer.end();
      return;
    }
    const writer = await xlsxTableWriter(out, names);
    await eachBatch(
      (after) => deps.exportRead.valueRows(id, names, currency, after, BATCH),
      async (rows) => {
        await writer.writeRows(rows.map((r) => r.values));
        written += rows.length;
        await progress?.(written);
      },
    );
    await writer.end();
  }

  function parseParams(params: Record<string, unknown>, format: string) {
    const profile = DataDownloadProfileSchema.safeParse(params.profile);
    if (!profile.success) {
      throw AppError.badRequest(
        `params.profile: choose one of ${Object.keys(PROFILE_SOURCES).join(', ')}`,
        'params.profile',
      );
    }
    const f = DownloadFormatSchema.safeParse(format);
    if (!f.success) {
      throw AppError.badRequest(`format: choose one of ${DOWNLOAD_FORMATS.join(', ')}`, 'format');
    }
    return { profile: profile.data, format: f.data };
  }

  /** The prepared-download producers of the two data download tabs. */
  function producer(
    kind: string,
    tab: string,
    permission: 'JobTab_AnalysisData_VIEW' | 'JobTab_MatchedDataOnly_VIEW',
  ): DownloadProducer {
    return {
      kind,
      formats: DOWNLOAD_FORMATS,
      permissions: [permission],
      async check({ actor, jobId, format, params }) {
        const { profile } = parseParams(params, format);
        const { columns } = await prepare(actor, jobId, profile);
        return { label: `${tab} (${DATA_DOWNLOAD_PROFILE_LABELS[profile]}: ${columns.name})` };
      },
      async produce(ctx) {
        const { profile, format } = parseParams(ctx.params, ctx.format);
        const prepared = await prepare(ctx.actor, ctx.jobId, profile);
        const total = Math.max(prepared.job.supplierCount, 1);
        let reported = 0;
        await write(prepared, format, ctx.out, async (rows) => {
          const pct = Math.min(99, Math.floor((rows / total) * 100));
          if (pct >= reported + 5) {
            reported = pct;
            await ctx.reportProgress(pct);
          }
        });
        await ctx.log(`Wrote ${prepared.job.supplierCount} suppliers as ${format.toUpperCase()}`);
      },
    };
  }

  return {
    prepare,
    write,
    producers: [
      producer(DATA_DOWNLOAD_KINDS.analysis, 'Analysis data', 'JobTab_AnalysisData_VIEW'),
      producer(
        DATA_DOWNLOAD_KINDS.matchedDataOnly,
        'Matched data only',
        'JobTab_MatchedDataOnly_VIEW',
      ),
    ],
  };
}
