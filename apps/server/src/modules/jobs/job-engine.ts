import { AsyncLocalStorage } from 'node:async_hooks';
import fs from 'node:fs';
import path from 'node:path';
import {
  type ConfidenceRuleset,
  type DocumentType,
  type FileValidation,
  type JobSummaryTotals,
  type JobType,
  type MatchOverride,
  type ScoringRuleset,
} from '@b2b/contract';
import { type EngineDb, sqlString, withEngineDb } from '../../engine/duckdb.js';
import {
  aggregateConsultantDocuments,
  buildSupplierList,
  supplierMerges,
} from '../../engine/ingestion/aggregate.js';
import { ingest } from '../../engine/ingestion/ingest.js';
import { storedDecisionRefusal } from '../../engine/matching/confidence-ruleset.js';
import { matchEvidenceOf } from '../../engine/matching/match-evidence.js';
import {
  matchSuppliers,
  redecideStoredMatches,
  storedMatchesRefusal,
} from '../../engine/matching/match-suppliers.js';
import { generateReferenceData } from '../../engine/reference-data/generate-merchants.js';
import {
  type ReferenceVersion,
  listReferenceVersions,
  openReferenceVersion,
} from '../../engine/reference-data/reference-version.js';
import { scoreSuppliers } from '../../engine/scoring/score-suppliers.js';
import type { FileStorage, LocalFile } from '../../storage/file-storage.js';
import type { StoredFolders } from '../../storage/stored-folders.js';
import { jobKeys } from '../../engine/results/job-keys.js';
import { type ResultsFile, writeResultsCsv } from '../../engine/results/results-csv.js';
import { summaryTotals } from '../../engine/results/summary-totals.js';
import { compareMatches, compareScores } from '../../engine/results/ruleset-dry-run.js';
import type { JobFileRow } from './job-files.repo.js';
import type { JobRow } from './jobs.repo.js';

/** Replaces the job's supplier results in PostgreSQL with the file's rows. */
export type WriteResults = (file: ResultsFile) => Promise<void>;

export type EngineSettings = {
  /** DuckDB's memory limit and threads for a new connection (the resource guard's limits). */
  engineSettings: () => Promise<{ memoryLimit: string; threads: number }>;
  dataDir: string;
  /** The reference data versions, stored for every node and pulled to a local folder. */
  reference: StoredFolders;
};

const documentTypeOf = (file: JobFileRow): DocumentType | undefined =>
  file.role === 'Suppliers' ? undefined : (file.role as DocumentType);

/**
 * The engine side of a job: each pipeline step opens one DuckDB connection with bounded memory,
 * reads and writes Parquet in file storage, and hands rows back for PostgreSQL.
 */
export function createJobEngine(storage: () => FileStorage, settings: EngineSettings) {
  const referenceRoot = settings.reference.localRoot;
  const workRoot = path.join(settings.dataDir, 'tmp', 'jobs');

  /**
   * Local copies handed out during one engine call, released when it ends: with an S3 store
   * each is a download in DATA_DIR/tmp/storage, which must not outlive the step. Per call (a
   * worker runs several steps at once), hence an async-local list.
   */
  const held = new AsyncLocalStorage<LocalFile[]>();

  async function withLocalFiles<T>(fn: () => Promise<T>): Promise<T> {
    const files: LocalFile[] = [];
    try {
      return await held.run(files, fn);
    } finally {
      await Promise.all(files.map((file) => file.release()));
    }
  }

  async function withDb<T>(jobId: string, fn: (db: EngineDb, workDir: string) => Promise<T>) {
    const workDir = path.join(workRoot, `${jobId}-${process.pid}-${Date.now()}`);
    await fs.promises.mkdir(workDir, { recursive: true });
    try {
      const { threads, memoryLimit } = await settings.engineSettings();
      return await withLocalFiles(() =>
        withEngineDb(
          {
            threads,
            memoryLimit,
            tempDirectory: path.join(workDir, 'duckdb'),
          },
          (db) => fn(db, workDir),
        ),
      );
    } finally {
      await fs.promises.rm(workDir, { recursive: true, force: true });
    }
  }

  /** A local copy of a stored file, released when the engine call that asked for it ends. */
  async function local(key: string) {
    const files = held.getStore();
    if (!files) throw new Error(`A local copy of ${key} was asked for outside an engine call`);
    const file = await storage().localPath(key);
    files.push(file);
    return file;
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
    if (versionId) await settings.reference.ensure(versionId);
    else await settings.reference.pull();
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
  ): Promise<FileValidation & { parquetPath: string }> {
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
      // How the accepted rows became suppliers, so the wizard can explain the supplier count.
      const suppliers =
        result.acceptedCount > 0
          ? await supplierMerges({
              db,
              rowsPath: parquetPath,
              kind: documentTypeOf(file) ? 'documents' : 'rows',
            })
          : undefined;
      return {
        ...(suppliers ? { suppliers } : {}),
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
    /** The local folder of a stored reference version (pulled first if this node lacks it). */
    async referenceRootWith(versionId: string): Promise<string> {
      await settings.reference.ensure(versionId);
      return referenceRoot;
    },

    /** Makes sure a reference version exists: generates the seeded demo set when none does. */
    async ensureReferenceData(count: number): Promise<{ versionId: string; generated: boolean }> {
      // Another node may have made or imported one: look in the store first.
      await settings.reference.pull();
      const versions = await listReferenceVersions(referenceRoot);
      if (versions[0]) return { versionId: versions[0].versionId, generated: false };
      await fs.promises.mkdir(referenceRoot, { recursive: true });
      const version = await withDb('reference', (db) =>
        generateReferenceData({ db, rootDir: referenceRoot, seed: 'demo', count }),
      );
      await settings.reference.publish(version.manifest.versionId);
      return { versionId: version.manifest.versionId, generated: true };
    },

    /** Wizard validation: reads the whole file with its mapping; writes the rejects CSV. */
    async validateFile(job: JobRow, file: JobFileRow): Promise<FileValidation> {
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
        const summaries: { file: JobFileRow; summary: FileValidation; parquetPath: string }[] = [];
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

    /**
     * A ruleset dry-run: matches or scores the job's stored inputs again with `ruleset` in a
     * scratch folder, compares with the stored results and commits the changed suppliers to
     * `changesKey`. Nothing the job's screens read is written.
     */
    async dryRun(
      job: JobRow,
      input:
        | {
            kind: 'confidence';
            ruleset: ConfidenceRuleset;
            /** The version the job's stored matches were made with, if it is still stored. */
            matchedWith: ConfidenceRuleset | undefined;
            overrides: MatchOverride[];
            fallbackCountryIso3: string | undefined;
            /** `full`: match again even when the stored matches would do (tests, benchmark). */
            path?: 'auto' | 'full';
          }
        | { kind: 'scoring'; ruleset: ScoringRuleset; buyerCountryIso3: string | undefined },
      changesKey: string,
    ) {
      return withDb(job.id, async (db, workDir) => {
        const suppliers = await local(jobKeys.suppliers(job.id));
        const matches = await local(jobKeys.matches(job.id));
        const afterPath = path.join(workDir, 'after.parquet');
        const outPath = await writePath(changesKey);
        try {
          let compared;
          if (input.kind === 'confidence') {
            // A draft that changes only how levels are decided is decided again from the
            // stored matches (seconds); anything else matches the job again (issue 20).
            const fallbackCountryIso3 = input.fallbackCountryIso3 || undefined;
            let rematchReason =
              input.path === 'full'
                ? 'a full re-match was asked for'
                : input.matchedWith
                  ? storedDecisionRefusal(input.ruleset, input.matchedWith)
                  : "the job's ruleset version is no longer stored";
            rematchReason ??= await storedMatchesRefusal(db, {
              matchesPath: matches.path,
              overrides: input.overrides,
              fallbackCountryIso3,
            });
            if (rematchReason === null) {
              await redecideStoredMatches({
                db,
                matchesPath: matches.path,
                ruleset: input.ruleset,
                overrides: input.overrides,
                outPath: afterPath,
              });
            } else {
              await matchSuppliers({
                db,
                suppliersPath: suppliers.path,
                reference: await referenceVersion(db, job.referenceVersionId),
                ruleset: input.ruleset,
                overrides: input.overrides,
                fallbackCountryIso3,
                outPath: afterPath,
              });
            }
            compared = {
              ...(await compareMatches(db, {
                suppliersPath: suppliers.path,
                beforePath: matches.path,
                afterPath,
                outPath,
              })),
              fromStoredMatches: rematchReason === null,
              rematchReason,
            };
          } else {
            const scores = await local(jobKeys.scores(job.id));
            try {
              await scoreSuppliers({
                db,
                suppliersPath: suppliers.path,
                matchesPath: matches.path,
                ruleset: input.ruleset,
                asOfDate: job.analysisDate,
                buyerCountryIso3: input.buyerCountryIso3,
                outPath: afterPath,
              });
              compared = await compareScores(db, { beforePath: scores.path, afterPath, outPath });
            } finally {
              await scores.release();
            }
          }
          await commit(changesKey);
          return compared;
        } finally {
          await suppliers.release();
          await matches.release();
        }
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
      await withDb(jobId, async (db) => {
        const file = await local(key);
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
      return withLocalFiles(() =>
        withEngineDb({ threads: 1, memoryLimit: '256MB' }, async (db) => {
          const key = sqlString(supplierKey);
          const m = await db.one<{ evidence: string | null }>(
            `SELECT CAST(to_json(evidence) AS VARCHAR) AS evidence FROM read_parquet(${sqlString((await local(matchesKey)).path)}) WHERE supplier_key = ${key}`,
          );
          const sc = hasScores
            ? await db.one<{ features: string }>(
                `SELECT CAST(to_json(sc) AS VARCHAR) AS features FROM read_parquet(${sqlString((await local(scoresKey)).path)}) sc WHERE supplier_key = ${key}`,
              )
            : undefined;
          return {
            evidence: m?.evidence ? matchEvidenceOf(m.evidence) : null,
            features: sc?.features ? (JSON.parse(sc.features) as Record<string, unknown>) : null,
          };
        }),
      );
    },

    async deleteJobFiles(jobId: string) {
      for (const file of await storage().list(jobKeys.prefix(jobId)))
        await storage().delete(file.key);
    },
  };
}
export type JobEngine = ReturnType<typeof createJobEngine>;
