import fs from 'node:fs';
import path from 'node:path';
import {
  CARD_PRODUCTS,
  type CardProduct,
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
import { explainScores } from '../../engine/scoring/explain-scores.js';
import { PRODUCT_COLUMNS, scoreSuppliers } from '../../engine/scoring/score-suppliers.js';
import type { FileStorage } from '../../storage/file-storage.js';
import type { JobFileRow, JobRow, SupplierResultInsert } from './jobs.repo.js';

/** Receives result rows batch by batch (the jobs repo inserts them for the job). */
export type ResultSink = (rows: Omit<SupplierResultInsert, 'jobId'>[]) => Promise<void>;
/** Runs `produce` inside the results replacement (one transaction per job). */
export type WriteResults = (produce: (sink: ResultSink) => Promise<void>) => Promise<void>;

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
      await storage().commitLocal(outKey);
      await storage().commitLocal(rejectsKey);
      const { parquetPath, ...summary } = result;
      return {
        parquetPath,
        documentType: summary.documentType,
        rowCount: summary.rowCount,
        acceptedCount: summary.acceptedCount,
        rejectedCount: summary.rejectedCount,
        rejected: summary.rejected,
        warnings: summary.warnings,
        flaggedRedactedCount: summary.flaggedRedactedCount,
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
        const outPath = await writePath(suppliersKey);
        const accepted = summaries.filter((s) => s.summary.acceptedCount > 0);
        if (accepted.length === 0) return { summaries, supplierCount: 0 };
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
        await storage().commitLocal(suppliersKey);
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
      return withDb(job.id, async (db) => {
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
        await storage().commitLocal(matchesKey);
        let summary: JobSummaryTotals | null = null;
        if (input.writeResults) {
          const paths = { suppliers: suppliers.path, matches: result.parquetPath };
          await input.writeResults((write) => copyResults(db, paths, null, write));
          summary = await summaryTotals(db, paths);
        }
        return { result, summary };
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
      return withDb(job.id, async (db) => {
        const suppliers = await local(jobKeys.suppliers(job.id));
        const matches = await local(jobKeys.matches(job.id));
        const scoresKey = jobKeys.scores(job.id);
        const result = await scoreSuppliers({
          db,
          suppliersPath: suppliers.path,
          matchesPath: matches.path,
          ruleset: input.ruleset,
          asOfDate: job.analysisDate,
          buyerCountryIso3: input.buyerCountryIso3,
          outPath: await writePath(scoresKey),
        });
        await storage().commitLocal(scoresKey);
        const paths = {
          suppliers: suppliers.path,
          matches: matches.path,
          scores: result.parquetPath,
        };
        await input.writeResults((write) => copyResults(db, paths, input.ruleset, write));
        return result;
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

    async deleteJobFiles(jobId: string) {
      for (const file of await storage().list(jobKeys.prefix(jobId)))
        await storage().delete(file.key);
    },
  };
}
export type JobEngine = ReturnType<typeof createJobEngine>;

const num = (v: unknown): number | null =>
  v === null || v === undefined || v === '' ? null : Number(v);
const int = (v: unknown): number | null => (num(v) === null ? null : Math.round(Number(v)));
const str = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));
const bool = (v: unknown): boolean | null =>
  v === null || v === undefined ? null : v === true || v === 'true';
const json = (v: unknown): unknown => (typeof v === 'string' ? JSON.parse(v) : (v ?? null));

/** Joins suppliers, matches and (when scored) scores, and writes them in batches. */
async function copyResults(
  db: EngineDb,
  paths: { suppliers: string; matches: string; scores?: string },
  ruleset: ScoringRuleset | null,
  write: ResultSink,
): Promise<void> {
  const scored = Boolean(paths.scores);
  const scoreColumns = CARD_PRODUCTS.map(
    (p) => `sc.${PRODUCT_COLUMNS[p]}_score, sc.${PRODUCT_COLUMNS[p]}_level`,
  ).join(', ');
  const query = `
    SELECT s.supplier_key, s.supplier_id, s.supplier_name, s.country, s.city, s.postcode,
      s.spend, s.annual_spend, s.po_count, s.invoice_count, s.payment_count, s.main_payment_method,
      to_json(s.payment_methods) AS payment_methods_json, s.payment_frequency,
      s.payment_terms_days, s.actual_days_to_pay,
      m.match_status, m.confidence, m.match_source, m.rule_id, m.merchant_id, m.merchant_name,
      m.merchant_dba_name, m.merchant_mcc, m.accepts_card, m.accepts_virtual_card, m.stp_enrolled,
      m.data_level, CAST(m.evidence AS VARCHAR) AS evidence_json
      ${
        scored
          ? `, ${scoreColumns}, sc.optima_product, sc.card_accepting, sc.vc_accepting,
             sc.detail_level, sc.stp_capable, sc.card_capability, to_json(sc) AS score_row`
          : ''
      }
    FROM read_parquet(${sqlString(paths.suppliers)}) s
    LEFT JOIN read_parquet(${sqlString(paths.matches)}) m USING (supplier_key)
    ${scored ? `LEFT JOIN read_parquet(${sqlString(paths.scores!)}) sc USING (supplier_key)` : ''}
    ORDER BY s.supplier_key`;
  await db.forEachBatch<Record<string, unknown>>(query, 500, async (rows) => {
    await write(rows.map((r) => toResultRow(r, ruleset)));
  });
}

function toResultRow(r: Record<string, unknown>, ruleset: ScoringRuleset | null) {
  const matched = r.match_status === 'MATCHED';
  const row: Omit<SupplierResultInsert, 'jobId'> & Record<string, unknown> = {
    supplierKey: String(r.supplier_key),
    supplierId: str(r.supplier_id),
    supplierName: str(r.supplier_name) ?? '',
    country: str(r.country),
    city: str(r.city),
    postcode: str(r.postcode),
    spend: num(r.spend),
    annualSpend: num(r.annual_spend),
    poCount: int(r.po_count),
    invoiceCount: int(r.invoice_count),
    paymentCount: int(r.payment_count),
    mainPaymentMethod: str(r.main_payment_method),
    paymentMethods: json(r.payment_methods_json),
    paymentFrequency: str(r.payment_frequency),
    paymentTermsDays: num(r.payment_terms_days),
    actualDaysToPay: num(r.actual_days_to_pay),
    matchStatus: matched ? 'MATCHED' : 'UNMATCHED',
    confidence: str(r.confidence) ?? 'None',
    matchSource: str(r.match_source) ?? 'computed',
    ruleId: str(r.rule_id),
    merchantId: str(r.merchant_id),
    merchantName: matched ? str(r.merchant_name) : null,
    merchantDbaName: matched ? str(r.merchant_dba_name) : null,
    mcc: matched ? str(r.merchant_mcc) : null,
    acceptsCard: matched ? bool(r.accepts_card) : null,
    acceptsVirtualCard: matched ? bool(r.accepts_virtual_card) : null,
    stpEnrolled: matched ? bool(r.stp_enrolled) : null,
    dataLevel: matched ? int(r.data_level) : null,
    evidence: json(r.evidence_json),
    // Slicers of an unscored (Matched Data Only) job follow from the match alone.
    cardAccepting: matched ? 'MATCHED' : 'UNMATCHED',
    vcAccepting: matched ? (bool(r.accepts_virtual_card) ? 'YES' : 'NO') : 'UNMATCHED',
    detailLevel: matched && r.data_level ? String(r.data_level) : 'none',
    stpCapable: matched && bool(r.stp_enrolled) ? 'TRUE' : 'FALSE',
    cardCapability: matched ? 'Card Acceptor' : 'Unmatched',
  };
  if (ruleset && r.score_row !== undefined && r.score_row !== null) {
    const fields: Record<CardProduct, [string, string]> = {
      Optima: ['optimaScore', 'optimaLevel'],
      Stp: ['stpScore', 'stpLevel'],
      Vcard: ['vcardScore', 'vcardLevel'],
      Pcard: ['pcardScore', 'pcardLevel'],
      TandEcard: ['tandEcardScore', 'tandEcardLevel'],
      Scf: ['scfScore', 'scfLevel'],
      InstantPay: ['instantPayScore', 'instantPayLevel'],
      Boost: ['boostScore', 'boostLevel'],
    };
    for (const product of CARD_PRODUCTS) {
      const [scoreField, levelField] = fields[product];
      row[scoreField] = int(r[`${PRODUCT_COLUMNS[product]}_score`]);
      row[levelField] = str(r[`${PRODUCT_COLUMNS[product]}_level`]);
    }
    row.optimaProduct = str(r.optima_product);
    row.cardAccepting = str(r.card_accepting) ?? row.cardAccepting;
    row.vcAccepting = str(r.vc_accepting) ?? row.vcAccepting;
    row.detailLevel = str(r.detail_level) ?? row.detailLevel;
    row.stpCapable = str(r.stp_capable) ?? row.stpCapable;
    row.cardCapability = str(r.card_capability) ?? row.cardCapability;
    row.scoreDrivers = explainScores(json(r.score_row) as Record<string, unknown>, ruleset);
  }
  return row as Omit<SupplierResultInsert, 'jobId'>;
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
