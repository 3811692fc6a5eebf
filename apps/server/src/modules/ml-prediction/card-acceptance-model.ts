import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { type EngineDb, type EngineDbOptions, withEngineDb } from '../../engine/duckdb.js';
import { splitJobs } from '../../engine/ml-prediction/evaluation.js';
import { permutationImportances } from '../../engine/ml-prediction/feature-importance.js';
import {
  type JobSupplierExample,
  forEachJobSupplier,
} from '../../engine/ml-prediction/job-suppliers.js';
import {
  EncodedSuppliers,
  type LogisticModel,
  supplierPredictor,
} from '../../engine/ml-prediction/logistic-regression.js';
import { trainAndEvaluate } from '../../engine/ml-prediction/train-model.js';
import { jobKeys } from '../../engine/results/job-keys.js';
import type { FileStorage } from '../../storage/file-storage.js';
import { uiText } from '../../lib/ui-text.js';

/** A person's decision on a match is surer than the matcher's: it counts twice in training. */
const DECIDED_WEIGHT = 2;
/** A fifth of the jobs are held out for the evaluation (at least one). */
const HELD_OUT_SHARE = 0.2;

export type EngineAccess = {
  storage: () => FileStorage;
  dataDir: string;
  settings: () => Promise<Pick<EngineDbOptions, 'memoryLimit' | 'threads'>>;
};

/** Runs `work` with a DuckDB connection and a job's suppliers and matches files, if it has both. */
async function withJobFiles<T>(
  engine: EngineAccess,
  jobId: string,
  work: (paths: { suppliers: string; matches: string }) => Promise<T>,
): Promise<T | undefined> {
  const storage = engine.storage();
  const keys = { suppliers: jobKeys.suppliers(jobId), matches: jobKeys.matches(jobId) };
  if (!(await storage.exists(keys.suppliers)) || !(await storage.exists(keys.matches))) return;
  const suppliers = await storage.localPath(keys.suppliers);
  try {
    const matches = await storage.localPath(keys.matches);
    try {
      return await work({ suppliers: suppliers.path, matches: matches.path });
    } finally {
      await matches.release();
    }
  } finally {
    await suppliers.release();
  }
}

/** A DuckDB connection with the configured limits; its spill folder goes with it. */
async function withModelEngine<T>(
  engine: EngineAccess,
  purpose: string,
  work: (db: EngineDb) => Promise<T>,
): Promise<T> {
  const tempDirectory = path.join(
    engine.dataDir,
    'tmp',
    'ml-prediction',
    `${purpose}-${randomUUID()}`,
  );
  try {
    return await withEngineDb({ ...(await engine.settings()), tempDirectory }, work);
  } finally {
    fs.rmSync(tempDirectory, { recursive: true, force: true });
  }
}

/**
 * Reads every job's suppliers (DuckDB, streamed in batches into typed arrays), splits the jobs
 * into training and held-out ones, trains and evaluates. Across issuers: this runs in a worker
 * and hands back the model and aggregate figures only.
 */
export async function trainCardAcceptanceModel(
  engine: EngineAccess,
  jobIds: readonly string[],
  onProgress: (percent: number, message: string) => Promise<void>,
) {
  const { heldOut } = splitJobs(jobIds, HELD_OUT_SHARE);
  const held = new Set(heldOut);
  const trainingData = new EncodedSuppliers();
  const heldOutData = new EncodedSuppliers();
  // The held-out suppliers' facts too: their feature importances shuffle facts, not hashes.
  const heldOutSuppliers: JobSupplierExample[] = [];
  const jobsRead = { training: 0, heldOut: 0 };
  await withModelEngine(engine, 'train', async (db) => {
    let done = 0;
    for (const jobId of jobIds) {
      const into = held.has(jobId) ? heldOutData : trainingData;
      const read = await withJobFiles(engine, jobId, (paths) =>
        forEachJobSupplier(db, paths, {}, (rows) => {
          for (const s of rows) into.add(s, s.acceptsCard ? 1 : 0, s.decided ? DECIDED_WEIGHT : 1);
          if (into === heldOutData) for (const s of rows) heldOutSuppliers.push(s);
        }),
      );
      if (read !== undefined) jobsRead[held.has(jobId) ? 'heldOut' : 'training']++;
      done++;
      await onProgress(
        Math.round((done / jobIds.length) * 80),
        uiText(`Read ${done} of ${jobIds.length} jobs`),
      );
    }
  });
  if (jobsRead.training === 0 || jobsRead.heldOut === 0) {
    throw new Error(
      uiText(
        `Training needs at least two Completed jobs with results, one of them held out for the evaluation (found ${jobsRead.training + jobsRead.heldOut}).`,
      ),
    );
  }
  await onProgress(85, uiText(`Training on ${trainingData.size} suppliers`));
  const { model, evaluation } = trainAndEvaluate(trainingData, heldOutData);
  await onProgress(
    95,
    uiText(`Measuring feature importances on ${heldOutData.size} held-out suppliers`),
  );
  const featureImportances = permutationImportances(
    model,
    heldOutSuppliers,
    heldOutData.labels.subarray(0, heldOutData.size),
  );
  const finite = (n: number) => (Number.isFinite(n) ? n : null);
  return {
    model,
    trainingSize: trainingData.size,
    evaluation: {
      trainingJobs: jobsRead.training,
      heldOutJobs: jobsRead.heldOut,
      heldOutSuppliers: evaluation.suppliers,
      baseRate: finite(evaluation.baseRate),
      rocAuc: finite(evaluation.rocAuc),
      precisionAtTopDecile: finite(evaluation.precisionAtTopDecile),
      calibration: evaluation.calibration,
      featureImportances,
    },
  };
}

/** The model's probability for each supplier of the job the reference data does not match. */
export async function predictJobSuppliers(
  engine: EngineAccess,
  jobId: string,
  model: LogisticModel,
): Promise<{ supplierKey: string; probability: number }[] | undefined> {
  const predict = supplierPredictor(model);
  const out: { supplierKey: string; probability: number }[] = [];
  const read = await withModelEngine(engine, `predict-${jobId}`, (db) =>
    withJobFiles(engine, jobId, (paths) =>
      forEachJobSupplier(db, paths, { unmatchedOnly: true }, (rows) => {
        for (const s of rows)
          out.push({ supplierKey: s.supplierKey, probability: Math.round(predict(s) * 1e4) / 1e4 });
      }),
    ),
  );
  return read === undefined ? undefined : out;
}
