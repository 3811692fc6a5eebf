import fs from 'node:fs';
import path from 'node:path';
import {
  CARD_PRODUCTS,
  type ConfidenceRuleset,
  type DocumentType,
  type IngestSummary,
  type JobSummaryTotals,
  type JobType,
  type Level,
  type MatchOverride,
  type ScoringRuleset,
} from '@b2b/contract';
import { type EngineDb, sqlString, withEngineDb } from '../../engine/duckdb.js';
import {
  aggregateConsultantDocuments,
  buildSupplierList,
} from '../../engine/ingestion/aggregate.js';
import { ingest } from '../../engine/ingestion/ingest.js';
import { matchSuppliers } from '../../engine/matching/match-suppliers.js';
import { generateReferenceData } from '../../engine/reference-data/generate-merchants.js';
import {
  type ReferenceVersion,
  listReferenceVersions,
  openReferenceVersion,
} from '../../engine/reference-data/reference-version.js';
import { PRODUCT_COLUMNS, scoreSuppliers } from '../../engine/scoring/score-suppliers.js';
import type { FileStorage } from '../../storage/file-storage.js';
import type { JobFileRow, JobRow } from './jobs.repo.js';

/** A job's supplier results as a CSV file (no header) and its columns, for COPY. */
export type ResultsFile = { csvPath: string; columns: string[] };
/** Replaces the job's supplier results in PostgreSQL with the file's rows. */
export type WriteResults = (file: ResultsFile) => Promise<void>;

export type EngineSettings = { memoryLimit: string; threads: number; dataDir: string };

/** Where a job's files live in file storage. */
export const jobKeys = {
  upload: (jobId: string, fileId: string, name: string) =>
    `jobs/${jobId}/uploads/${fileId}${path.extname(name).toLowerCase()}`,
  rows: (jobId: string, role: string) => `jobs/${jobId}/parquet/rows-${role}.parquet`,
  suppliers: (jobId: string) => `jobs/${jobId}/parquet/suppliers.parquet`,
  matches: (jobId: string) => `jobs/${jobId}/parquet/matches.parquet`,
  scores: (jobId: string) => `jobs/${jobId}/parquet/scores.parquet`,
  rejects: (jobId: string, fileId: string) => `jobs/${jobId}/rejects/${fileId}.csv`,
  prefix: (jobId: string) => `jobs/${jobId}/`,
};

const documentTypeOf = (file: JobFileRow): DocumentType | undefined =>
  file.role === 'Suppliers' ? undefined : (file.role as DocumentType);

/**
 * The engine side of a job: each pipeline step opens one DuckDB connection with bounded memory,
 * reads and writes Parquet in file storage, and hands rows back for PostgreSQL.
 */
export function createJobEngine(storage: () => FileStorage, settings: EngineSettings) {
  const referenceRoot = path.join(settings.dataDir, 'files', 'reference');
  const workRoot = path.join(settings.dataDir, 'tmp', 'jobs');

  async function withDb<T>(jobId: string, fn: (db: EngineDb, workDir: string) => Promise<T>) {
    const workDir = path.join(workRoot, `${jobId}-${process.pid}-${Date.now()}`);
    await fs.promises.mkdir(workDir, { recursive: true });
    try {
      return await withEngineDb(
        {
          threads: settings.threads,
          memoryLimit: settings.memoryLimit,
          tempDirectory: path.join(workDir, 'duckdb'),
        },
        (db) => fn(db, workDir),
      );
    } finally {
      await fs.promises.rm(workDir, { recursive: true, force: true });
    }
  }

  async function local(key: string) {
    return storage().localPath(key);
  }
  async function writePath(key: string) {
    return storage().localWritePath(key);
  }
  /** Makes what was written for `key` the stored file; returns its readable path. */
  async function commit(key: string) {
    await storage().commitLocal(key);
    return (await local(key)).path;
  }

  /** The newest reference version, or the one a job recorded (re-runs match the same data). */
  async function referenceVersion(db: EngineDb, versionId?: string | null) {
    const versions = await listReferenceVersions(referenceRoot);
    const chosen = versionId ? versions.find((v) => v.versionId === versionId) : versions[0];
    if (!chosen) {
      throw new Error(
        versionId
          ? `Reference data version ${versionId} is no longer stored.`
          : 'No card-acceptance reference data is loaded yet.',
      );
    }
    return openReferenceVersion(path.join(referenceRoot, chosen.versionId), db);
  }

  async function ingestFile(
    db: EngineDb,
    workDir: string,
    job: JobRow,
    file: JobFileRow,
    outKey: string,
    rejectsKey: string,
  ): Promise<IngestSummary & { parquetPath: string }> {
    const upload = await local(file.storageKey);
    try {
      const outPath = await writePath(outKey);
      const rejectsPath = await writePath(rejectsKey);
      const result = await ingest({
        db,
        file: upload.path,
        sniff: file.sniff,
        jobType: job.type as JobType,
        documentType: documentTypeOf(file),
        mapping: file.mapping,
        currency: job.currency,
        options: file.options,
        outPath,
        rejectsPath,
        workDir,
      });
      const parquetPath = await commit(outKey);
      await commit(rejectsKey);
      return {
        parquetPath,
        documentType: result.documentType,
        rowCount: result.rowCount,
        acceptedCount: result.acceptedCount,
        rejectedCount: result.rejectedCount,
        rejected: result.rejected,
        warnings: result.warnings,
        flaggedRedactedCount: result.flaggedRedactedCount,
      };
    } finally {
      await upload.release();
    }
  }

  return {
    referenceRoot,

    /** Makes sure a reference version exists: generates the seeded demo set when none does. */
    async ensureReferenceData(count: number): Promise<{ versionId: string; generated: boolean }> {
      const versions = await listReferenceVersions(referenceRoot);
      if (versions[0]) return { versionId: versions[0].versionId, generated: false };
      await fs.promises.mkdir(referenceRoot, { recursive: true });
      const version = await withDb('reference', (db) =>
        generateReferenceData({ db, rootDir: referenceRoot, seed: 'demo', count }),
      );
      return { versionId: version.manifest.versionId, generated: true };
    },

    /** Wizard validation: reads the whole file with its mapping; writes the rejects CSV. */
    async validateFile(job: JobRow, file: JobFileRow): Promise<IngestSummary> {
      return withDb(job.id, async (db, workDir) => {
        const { parquetPath: _ignored, ...summary } = await ingestFile(
          db,
          workDir,
          job,
          file,
          jobKeys.rows(job.id, file.role),
          jobKeys.rejects(job.id, file.id),
        );
        return summary;
      });
    },

    /** Ingest step: every file → typed Parquet, then one row per supplier. */
    async ingestJob(job: JobRow, files: JobFileRow[]) {
      return withDb(job.id, async (db, workDir) => {
        const summaries: { file: JobFileRow; summary: IngestSummary; parquetPath: string }[] = [];
        for (const file of files) {
          const { parquetPath, ...summary } = await ingestFile(
            db,
            workDir,
            job,
            file,
            jobKeys.rows(job.id, file.role),
            jobKeys.rejects(job.id, file.id),
          );
          summaries.push({ file, summary, parquetPath });
        }
        const suppliersKey = jobKeys.suppliers(job.id);
        const accepted = summaries.filter((s) => s.summary.acceptedCount > 0);
        if (accepted.length === 0) return { summaries, supplierCount: 0 };
        const outPath = await writePath(suppliersKey);
        const result =
          job.type === 'advanced'
            ? await aggregateConsultantDocuments({
                db,
                documents: accepted.map((s) => ({
                  documentType: s.file.role as DocumentType,
                  parquetPath: s.parquetPath,
                })),
                outPath,
              })
            : await buildSupplierList({ db, rowsPath: accepted[0]!.parquetPath, outPath });
        await commit(suppliersKey);
        return { summaries, supplierCount: result.supplierCount };
      });
    },

    /** Match step; Matched Data Only jobs also store their results here (they stop after it). */
    async matchJob(
      job: JobRow,
      input: {
        ruleset: ConfidenceRuleset;
        overrides: MatchOverride[];
        fallbackCountryIso3: string | undefined;
        writeResults?: WriteResults;
      },
    ) {
      return withDb(job.id, async (db, workDir) => {
        const reference: ReferenceVersion = await referenceVersion(db, job.referenceVersionId);
        const suppliers = await local(jobKeys.suppliers(job.id));
        const matchesKey = jobKeys.matches(job.id);
        const result = await matchSuppliers({
          db,
          suppliersPath: suppliers.path,
          reference,
          ruleset: input.ruleset,
          overrides: input.overrides,
          fallbackCountryIso3: input.fallbackCountryIso3 || undefined,
          outPath: await writePath(matchesKey),
        });
        const matchesPath = await commit(matchesKey);
        let summary: JobSummaryTotals | null = null;
        if (input.writeResults) {
          const paths = { suppliers: suppliers.path, matches: matchesPath };
          await input.writeResults(
            await writeResultsCsv(db, job.id, paths, path.join(workDir, 'results.csv')),
          );
          summary = await summaryTotals(db, paths);
        }
        return { result: { ...result, parquetPath: matchesPath }, summary };
      });
    },

    /** Score step: eight products per supplier, copied into PostgreSQL with what drove them. */
    async scoreJob(
      job: JobRow,
      input: {
        ruleset: ScoringRuleset;
        buyerCountryIso3: string | undefined;
        writeResults: WriteResults;
      },
    ) {
      return withDb(job.id, async (db, workDir) => {
        const suppliers = await local(jobKeys.suppliers(job.id));
        const matches = await local(jobKeys.matches(job.id));
        const scoresKey = jobKeys.scores(job.id);
        const started = performance.now();
        const result = await scoreSuppliers({
          db,
          suppliersPath: suppliers.path,
          matchesPath: matches.path,
          ruleset: input.ruleset,
          asOfDate: job.analysisDate,
          buyerCountryIso3: input.buyerCountryIso3,
          outPath: await writePath(scoresKey),
        });
        const scoresPath = await commit(scoresKey);
        const paths = { suppliers: suppliers.path, matches: matches.path, scores: scoresPath };
        const scoredMs = performance.now() - started;
        await input.writeResults(
          await writeResultsCsv(db, job.id, paths, path.join(workDir, 'results.csv')),
        );
        const storedMs = performance.now() - started - scoredMs;
        return { ...result, parquetPath: scoresPath, scoredMs, storedMs };
      });
    },

    /** Aggregate step: the job's summary totals, computed in DuckDB from its Parquet files. */
    async aggregateJob(job: JobRow): Promise<JobSummaryTotals> {
      return withDb(job.id, async (db) => {
        const paths = {
          suppliers: (await local(jobKeys.suppliers(job.id))).path,
          matches: (await local(jobKeys.matches(job.id))).path,
          scores: (await storage().exists(jobKeys.scores(job.id)))
            ? (await local(jobKeys.scores(job.id))).path
            : undefined,
        };
        return summaryTotals(db, paths);
      });
    },

    /** Every rejected row of a file's latest validation, batch by batch (for the CSV download). */
    async forEachRejectedRow(
      jobId: string,
      fileId: string,
      fn: (rows: Record<string, string | null>[], columns: string[]) => Promise<void>,
    ): Promise<boolean> {
      const key = jobKeys.rejects(jobId, fileId);
      if (!(await storage().exists(key))) return false;
      const file = await local(key);
      await withDb(jobId, async (db) => {
        const source = `read_csv(${sqlString(file.path)}, all_varchar = true, header = true)`;
        const columns = (
          await db.all<{ column_name: string }>(`DESCRIBE SELECT * FROM ${source}`)
        ).map((c) => c.column_name);
        await fn([], columns);
        await db.forEachBatch<Record<string, string | null>>(
          `SELECT * FROM ${source}`,
          5000,
          (rows) => fn(rows, columns),
        );
      });
      return true;
    },

    /**
     * What the supplier screen explains: the match evidence (matches Parquet) and the scoring
     * features (scores Parquet) of one supplier.
     */
    async supplierExplanation(
      jobId: string,
      supplierKey: string,
    ): Promise<{ evidence: unknown; features: Record<string, unknown> | null }> {
      const matchesKey = jobKeys.matches(jobId);
      const scoresKey = jobKeys.scores(jobId);
      const hasMatches = await storage().exists(matchesKey);
      const hasScores = await storage().exists(scoresKey);
      if (!hasMatches) return { evidence: null, features: null };
      return withEngineDb({ threads: 1, memoryLimit: '256MB' }, async (db) => {
        const key = sqlString(supplierKey);
        const m = await db.one<{ evidence: string | null }>(
          `SELECT CAST(evidence AS VARCHAR) AS evidence FROM read_parquet(${sqlString((await local(matchesKey)).path)}) WHERE supplier_key = ${key}`,
        );
        const sc = hasScores
          ? await db.one<{ features: string }>(
              `SELECT CAST(to_json(sc) AS VARCHAR) AS features FROM read_parquet(${sqlString((await local(scoresKey)).path)}) sc WHERE supplier_key = ${key}`,
            )
          : undefined;
        return {
          evidence: m?.evidence ? JSON.parse(m.evidence) : null,
          features: sc?.features ? (JSON.parse(sc.features) as Record<string, unknown>) : null,
        };
      });
    },

    async deleteJobFiles(jobId: string) {
      for (const file of await storage().list(jobKeys.prefix(jobId)))
        await storage().delete(file.key);
    },
  };
}
export type JobEngine = ReturnType<typeof createJobEngine>;

/**
 * Joins suppliers, matches and (when scored) scores into the rows of job_supplier_results, written
 * by DuckDB as one CSV file for PostgreSQL's COPY: no per-row work in JavaScript. Returns the
 * file's columns, named as in PostgreSQL.
 */
export async function writeResultsCsv(
  db: EngineDb,
  jobId: string,
  paths: { suppliers: string; matches: string; scores?: string },
  csvPath: string,
): Promise<ResultsFile> {
  const scored = Boolean(paths.scores);
  const matched = `m.match_status = 'MATCHED'`;
  const ifMatched = (expr: string) => `CASE WHEN ${matched} THEN ${expr} END`;
  const slicers = {
    card_accepting: `CASE WHEN ${matched} THEN 'MATCHED' ELSE 'UNMATCHED' END`,
    vc_accepting: `CASE WHEN NOT coalesce(${matched}, false) THEN 'UNMATCHED' WHEN m.accepts_virtual_card THEN 'YES' ELSE 'NO' END`,
    detail_level: `coalesce(${ifMatched('CAST(m.data_level AS VARCHAR)')}, 'none')`,
    stp_capable: `CASE WHEN ${matched} AND m.stp_enrolled THEN 'TRUE' ELSE 'FALSE' END`,
    card_capability: `CASE WHEN ${matched} THEN 'Card Acceptor' ELSE 'Unmatched' END`,
  };
  const scoreFields = CARD_PRODUCTS.flatMap((p) => [
    `${PRODUCT_COLUMNS[p]}_score := ${scored ? `sc.${PRODUCT_COLUMNS[p]}_score` : 'NULL::INTEGER'}`,
    `${PRODUCT_COLUMNS[p]}_level := ${scored ? `sc.${PRODUCT_COLUMNS[p]}_level` : 'NULL::VARCHAR'}`,
  ]);
  const fields = [
    `job_id := ${sqlString(jobId)}`,
    's.supplier_key',
    's.supplier_id',
    `supplier_name := coalesce(s.supplier_name, '')`,
    's.country',
    's.city',
    's.postcode',
    'spend := CAST(s.spend AS DOUBLE)',
    'annual_spend := CAST(s.annual_spend AS DOUBLE)',
    'po_count := CAST(s.po_count AS INTEGER)',
    'invoice_count := CAST(s.invoice_count AS INTEGER)',
    'payment_count := CAST(s.payment_count AS INTEGER)',
    's.main_payment_method',
    'payment_methods := CAST(to_json(s.payment_methods) AS VARCHAR)',
    's.payment_frequency',
    'payment_terms_days := CAST(s.payment_terms_days AS DOUBLE)',
    'actual_days_to_pay := CAST(s.actual_days_to_pay AS DOUBLE)',
    `match_status := CASE WHEN ${matched} THEN 'MATCHED' ELSE 'UNMATCHED' END`,
    `confidence := coalesce(m.confidence, 'None')`,
    `match_source := coalesce(m.match_source, 'computed')`,
    'm.rule_id',
    'merchant_id := CAST(m.merchant_id AS VARCHAR)',
    `merchant_name := ${ifMatched('m.merchant_name')}`,
    `merchant_dba_name := ${ifMatched('m.merchant_dba_name')}`,
    `mcc := ${ifMatched('CAST(m.merchant_mcc AS VARCHAR)')}`,
    `accepts_card := ${ifMatched('m.accepts_card')}`,
    `accepts_virtual_card := ${ifMatched('m.accepts_virtual_card')}`,
    `stp_enrolled := ${ifMatched('m.stp_enrolled')}`,
    `data_level := ${ifMatched('CAST(m.data_level AS INTEGER)')}`,
    ...scoreFields,
    `optima_product := ${scored ? 'sc.optima_product' : 'NULL::VARCHAR'}`,
    ...Object.entries(slicers).map(
      ([name, computed]) => `${name} := ${scored ? `coalesce(sc.${name}, ${computed})` : computed}`,
    ),
  ];
  const columns = fields.map((f) => {
    const [name, expression] = f.includes(':=') ? f.split(' := ') : [f.split('.')[1]!, f];
    return { name: name!.trim(), expression: expression!.trim() };
  });
  await db.run(`COPY (
    SELECT ${columns.map((c) => `${c.expression} AS ${c.name}`).join(',\n      ')}
    FROM read_parquet(${sqlString(paths.suppliers)}) s
    LEFT JOIN read_parquet(${sqlString(paths.matches)}) m USING (supplier_key)
    ${scored ? `LEFT JOIN read_parquet(${sqlString(paths.scores!)}) sc USING (supplier_key)` : ''}
  ) TO ${sqlString(csvPath)} (FORMAT csv, HEADER false)`);
  return { csvPath, columns: columns.map((c) => c.name) };
}

/** Summary totals: suppliers, spend, documents, match outcomes, spend per card product level. */
async function summaryTotals(
  db: EngineDb,
  paths: { suppliers: string; matches: string; scores?: string },
): Promise<JobSummaryTotals> {
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
