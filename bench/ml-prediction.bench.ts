import { performance } from 'node:perf_hooks';
import { rocAuc, splitJobs } from '../apps/server/src/engine/ml-prediction/evaluation.js';
import {
  EncodedSuppliers,
  supplierPredictor,
} from '../apps/server/src/engine/ml-prediction/logistic-regression.js';
import { trainAndEvaluate } from '../apps/server/src/engine/ml-prediction/train-model.js';
import { generateMlJob } from './generators/ml-suppliers.js';

/**
 * The card acceptance model (ML prediction, issue 20): trained on 500,000 generated suppliers
 * of 100 jobs, evaluated on 20 held-out jobs (whole jobs, never rows of a training job), and
 * scoring 100,000 suppliers one by one as a job's Aggregate step does. Goals: held-out ROC AUC
 * ≥ 0.80, training ≤ 60 s, scoring ≤ 2 s. Generation is not timed.
 */
const JOBS = 120;
const PER_JOB = Math.round(500_000 / 100);
const GOALS = { auc: 0.8, trainSeconds: 60, scoreSeconds: 2 };

const generated = performance.now();
const jobs = Array.from({ length: JOBS }, (_, i) => `job-${String(i).padStart(3, '0')}`);
const { training, heldOut } = splitJobs(jobs, 20 / JOBS);
const trainingData = new EncodedSuppliers();
const heldOutData = new EncodedSuppliers();
const heldOutRows = [];
for (const job of training)
  for (const s of generateMlJob(job, PER_JOB)) trainingData.add(s, s.acceptsCard ? 1 : 0);
for (const job of heldOut)
  for (const s of generateMlJob(job, PER_JOB)) {
    heldOutData.add(s, s.acceptsCard ? 1 : 0);
    heldOutRows.push(s);
  }
console.log(
  `ml-prediction: ${training.length} training jobs (${trainingData.size.toLocaleString('en-GB')} suppliers), ${heldOut.length} held-out jobs (${heldOutData.size.toLocaleString('en-GB')}); generated and encoded in ${((performance.now() - generated) / 1000).toFixed(1)} s`,
);

const trainStart = performance.now();
const { model, evaluation } = trainAndEvaluate(trainingData, heldOutData);
const trainSeconds = (performance.now() - trainStart) / 1000;

const scoring = [...heldOutRows, ...heldOutRows, ...heldOutRows, ...heldOutRows].slice(0, 100_000);
const predict = supplierPredictor(model);
const scoreStart = performance.now();
let sum = 0;
for (const s of scoring) sum += predict(s);
const scoreSeconds = (performance.now() - scoreStart) / 1000;

// The best any model could do: the generator's own probabilities (noise included) on the same rows.
const oracle = rocAuc(
  heldOutRows.map((s) => s.trueProbability),
  heldOutRows.map((s) => (s.acceptsCard ? 1 : 0)),
);
const pct = (n: number) => `${(n * 100).toFixed(1)}%`;
console.log(`ROC AUC of the generator's own odds ${oracle.toFixed(3)} (the ceiling)`);
console.log(`base rate (held out)            ${pct(evaluation.baseRate)}`);
console.log(`precision at the top decile     ${pct(evaluation.precisionAtTopDecile)}`);
console.log('calibration (decile: predicted → observed)');
for (const bin of evaluation.calibration)
  console.log(
    `  ${String(bin.decile).padStart(2)}: ${pct(bin.meanPredicted).padStart(6)} → ${pct(bin.observedRate).padStart(6)}  (${bin.suppliers})`,
  );
const line = (label: string, value: string, pass: boolean) =>
  console.log(`${label.padEnd(32)}${value.padStart(10)}  ${pass ? 'PASS' : 'FAIL'}`);
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
  `scoring ${scoring.length.toLocaleString('en-GB')} (≤ ${GOALS.scoreSeconds} s)`,
  `${scoreSeconds.toFixed(2)} s`,
  scoreSeconds <= GOALS.scoreSeconds,
);
console.log(`(mean prediction ${(sum / scoring.length).toFixed(3)})`);
