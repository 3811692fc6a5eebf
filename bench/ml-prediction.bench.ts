import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { csvLine } from '../apps/server/src/engine/csv-text.js';
import {
  copyToParquet,
  type EngineDb,
  openEngineDb,
  sqlString,
} from '../apps/server/src/engine/duckdb.js';
import { rocAuc, splitJobs } from '../apps/server/src/engine/ml-prediction/evaluation.js';
import { permutationImportances } from '../apps/server/src/engine/ml-prediction/feature-importance.js';
import {
  type JobSupplierExample,
  forEachJobSupplier,
} from '../apps/server/src/engine/ml-prediction/job-suppliers.js';
import {
  EncodedSuppliers,
  supplierPredictor,
} from '../apps/server/src/engine/ml-prediction/logistic-regression.js';
import { trainAndEvaluate } from '../apps/server/src/engine/ml-prediction/train-model.js';
import { generateMlJob } from './generators/ml-suppliers.js';
import { BENCH_OUT } from './generators/reference.js';

/**
 * The card acceptance model (ML prediction, issue 20) as its ProQ commands run it: 120 generated
 * jobs of 5,000 suppliers are written as the pipeline's suppliers and matches Parquet files;
 * timed are reading them with DuckDB into the encoded arrays plus training on the 100 training
 * jobs' 500,000 suppliers (goal ≤ 60 s), and predicting a 100,000-supplier job's unmatched
 * suppliers from its files (goal ≤ 2 s; writing them to PostgreSQL is not in the figure). The
 * training figure includes the held-out feature importances (permutation, 3 shuffles a group). The
 * evaluation is on the 20 held-out jobs (whole jobs): ROC AUC goal ≥ 0.80. Writing the files
 * is not timed.
 */
const JOBS = 120;
const PER_JOB = 5_000;
const SCORED_JOB = 100_000;
const GOALS = { auc: 0.8, trainSeconds: 60, scoreSeconds: 2 };
const dir = path.join(BENCH_OUT, 'ml-prediction');
const seconds = (since: number) => (performance.now() - since) / 1000;

/** A job's suppliers and matches Parquet files, in the pipeline's column names. */
async function writeJob(db: EngineDb, name: string, suppliers: readonly JobSupplierExample[]) {
  const csv = path.join(dir, `${name}.csv`);
  fs.writeFileSync(
    csv,
    csvLine([
      'supplier_key',
      'supplier_name',
      'country',
      'mcc',
      'sic',
      'annual_spend',
      'po_count',
      'invoice_count',
      'payment_count',
      'main_payment_method',
      'payment_frequency',
      'payment_terms_days',
      'actual_days_to_pay',
      'match_status',
      'accepts_card',
    ]) +
      suppliers
        .map((s) =>
          csvLine([
            s.supplierKey,
            s.supplierName,
            s.country,
            s.mcc,
            s.sic,
            s.annualSpend,
            s.poCount,
            s.invoiceCount,
            s.paymentCount,
            s.mainPaymentMethod,
            s.paymentFrequency,
            s.paymentTermsDays,
            s.actualDaysToPay,
            s.matched ? 'MATCHED' : 'UNMATCHED',
            s.acceptsCard,
          ]),
        )
        .join(''),
  );
  const source = `read_csv(${sqlString(csv)}, header = true, all_varchar = true)`;
  const paths = {
    suppliers: path.join(dir, `${name}-suppliers.parquet`),
    matches: path.join(dir, `${name}-matches.parquet`),
  };
  await copyToParquet(
    db,
    `SELECT supplier_key, supplier_name, country, mcc, sic,
       CAST(annual_spend AS DECIMAL(18, 2)) AS annual_spend, CAST(po_count AS INTEGER) AS po_count,
       CAST(invoice_count AS INTEGER) AS invoice_count, CAST(payment_count AS INTEGER) AS payment_count,
       main_payment_method, payment_frequency, CAST(payment_terms_days AS INTEGER) AS payment_terms_days,
       CAST(actual_days_to_pay AS INTEGER) AS actual_days_to_pay, false AS is_redacted FROM ${source}`,
    paths.suppliers,
  );
  await copyToParquet(
    db,
    `SELECT supplier_key, match_status, CAST(accepts_card AS BOOLEAN) AS accepts_card,
       'computed' AS match_source FROM ${source}`,
    paths.matches,
  );
  fs.rmSync(csv);
  return paths;
}

fs.rmSync(dir, { recursive: true, force: true });
fs.mkdirSync(dir, { recursive: true });
const db = await openEngineDb({ threads: 2, memoryLimit: '1GB' });
const written = performance.now();
const jobs = Array.from({ length: JOBS }, (_, i) => `job-${String(i).padStart(3, '0')}`);
const { heldOut } = splitJobs(jobs, 20 / JOBS);
const held = new Set(heldOut);
const files = new Map<string, { suppliers: string; matches: string }>();
const truth: { p: number; label: number }[] = [];
for (const job of jobs) {
  const suppliers = generateMlJob(job, PER_JOB);
  if (held.has(job))
    for (const s of suppliers) truth.push({ p: s.trueProbability, label: s.acceptsCard ? 1 : 0 });
  files.set(job, await writeJob(db, job, suppliers));
}
// The job to score: 100,000 suppliers, none matched (every one gets a prediction).
const scored = await writeJob(
  db,
  'scored',
  generateMlJob('scored', SCORED_JOB).map((s) => ({ ...s, matched: false, acceptsCard: false })),
);
console.log(
  `ml-prediction: ${JOBS} jobs of ${PER_JOB.toLocaleString('en-GB')} suppliers and one of ${SCORED_JOB.toLocaleString('en-GB')} written as Parquet in ${seconds(written).toFixed(1)} s`,
);

// Timed: what the TrainMlModel command does after listing the jobs.
const trainStart = performance.now();
const trainingData = new EncodedSuppliers();
const heldOutData = new EncodedSuppliers();
const heldOutSuppliers: JobSupplierExample[] = [];
for (const job of jobs) {
  const into = held.has(job) ? heldOutData : trainingData;
  await forEachJobSupplier(db, files.get(job)!, {}, (rows) => {
    for (const s of rows) into.add(s, s.acceptsCard ? 1 : 0);
    if (into === heldOutData) for (const s of rows) heldOutSuppliers.push(s);
  });
}
const readSeconds = seconds(trainStart);
const { model, evaluation } = trainAndEvaluate(trainingData, heldOutData);
const importanceStart = performance.now();
const importances = permutationImportances(
  model,
  heldOutSuppliers,
  heldOutData.labels.subarray(0, heldOutData.size),
);
const importanceSeconds = seconds(importanceStart);
const trainSeconds = seconds(trainStart);

// Timed: what the PredictCardAcceptance command does before it writes to PostgreSQL.
const scoreStart = performance.now();
const predict = supplierPredictor(model);
let scoredCount = 0;
await forEachJobSupplier(db, scored, { unmatchedOnly: true }, (rows) => {
  for (const s of rows) {
    predict(s);
    scoredCount++;
  }
});
const scoreSeconds = seconds(scoreStart);
db.close();

// The best any model could do: the generator's own probabilities (noise included).
const ceiling = rocAuc(
  truth.map((t) => t.p),
  truth.map((t) => t.label),
);
const pct = (n: number) => `${(n * 100).toFixed(1)}%`;
console.log(
  `load average ${os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(' ')} on ${os.availableParallelism()} cores (the figures stretch with it)`,
);
console.log(
  `training jobs ${JOBS - heldOut.length} (${trainingData.size.toLocaleString('en-GB')} suppliers), held-out jobs ${heldOut.length} (${heldOutData.size.toLocaleString('en-GB')})`,
);
console.log(`read and encoded with DuckDB      ${readSeconds.toFixed(2)} s`);
console.log(`ROC AUC of the generator's odds   ${ceiling.toFixed(3)} (the ceiling)`);
console.log(`base rate (held out)              ${pct(evaluation.baseRate)}`);
console.log(`precision at the top decile       ${pct(evaluation.precisionAtTopDecile)}`);
console.log('calibration (decile: predicted → observed)');
for (const bin of evaluation.calibration)
  console.log(
    `  ${String(bin.decile).padStart(2)}: ${pct(bin.meanPredicted).padStart(6)} → ${pct(bin.observedRate).padStart(6)}  (${bin.suppliers})`,
  );
console.log(
  `feature importances (drop in ROC AUC when shuffled, spread over 3 shuffles), ${importanceSeconds.toFixed(2)} s:`,
);
for (const i of importances)
  console.log(
    `  ${i.group.padEnd(16)} ${i.rocAucDrop.toFixed(4).padStart(7)}  ±${i.spread.toFixed(4)}`,
  );
const line = (label: string, value: string, pass: boolean) =>
  console.log(`${label.padEnd(34)}${value.padStart(10)}  ${pass ? 'PASS' : 'FAIL'}`);
line(
  `ROC AUC held out (≥ ${GOALS.auc})`,
  evaluation.rocAuc.toFixed(3),
  evaluation.rocAuc >= GOALS.auc,
);
line(
  `training ${trainingData.size.toLocaleString('en-GB')} (≤ ${GOALS.trainSeconds} s)`,
  `${trainSeconds.toFixed(2)} s`,
  trainSeconds <= GOALS.trainSeconds,
);
line(
  `scoring ${scoredCount.toLocaleString('en-GB')} (≤ ${GOALS.scoreSeconds} s)`,
  `${scoreSeconds.toFixed(2)} s`,
  scoreSeconds <= GOALS.scoreSeconds && scoredCount === SCORED_JOB,
);
fs.rmSync(dir, { recursive: true, force: true });
