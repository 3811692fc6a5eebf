import { createHash } from 'node:crypto';

/** One decile of the calibration table: suppliers ranked by predicted probability. */
export interface CalibrationBin {
  /** 1 = the lowest predictions, 10 = the highest. */
  decile: number;
  suppliers: number;
  meanPredicted: number;
  observedRate: number;
}

export interface ModelEvaluation {
  suppliers: number;
  /** Share of held-out suppliers that accept card. */
  baseRate: number;
  rocAuc: number;
  precisionAtTopDecile: number;
  calibration: CalibrationBin[];
}

/** Indices of `scores` in increasing order. */
function ascending(scores: ArrayLike<number>): Int32Array {
  const order = new Int32Array(scores.length);
  for (let i = 0; i < order.length; i++) order[i] = i;
  return order.sort((a, b) => scores[a]! - scores[b]!);
}

/**
 * Area under the ROC curve as the Mann–Whitney statistic: the chance that a random acceptor is
 * scored above a random non-acceptor, ties counting half (average ranks). NaN with one class only.
 */
export function rocAuc(scores: ArrayLike<number>, labels: ArrayLike<number>): number {
  const order = ascending(scores);
  let positives = 0;
  let rankSum = 0;
  for (let i = 0; i < order.length;) {
    let j = i;
    while (j + 1 < order.length && scores[order[j + 1]!] === scores[order[i]!]) j++;
    const averageRank = (i + j) / 2 + 1;
    for (let k = i; k <= j; k++) {
      if (labels[order[k]!]) {
        positives++;
        rankSum += averageRank;
      }
    }
    i = j + 1;
  }
  const negatives = order.length - positives;
  if (positives === 0 || negatives === 0) return Number.NaN;
  return (rankSum - (positives * (positives + 1)) / 2) / (positives * negatives);
}

/** Share of acceptors among the top `fraction` of suppliers by score (at least one supplier). */
export function precisionAtTop(
  scores: ArrayLike<number>,
  labels: ArrayLike<number>,
  fraction = 0.1,
): number {
  if (scores.length === 0) return Number.NaN;
  const order = ascending(scores);
  const take = Math.max(1, Math.round(order.length * fraction));
  let hits = 0;
  for (let k = order.length - take; k < order.length; k++) hits += labels[order[k]!] ? 1 : 0;
  return hits / take;
}

/** Predicted against observed acceptance per decile of the predictions (equal-count bins). */
export function calibrationTable(
  scores: ArrayLike<number>,
  labels: ArrayLike<number>,
  bins = 10,
): CalibrationBin[] {
  const order = ascending(scores);
  const out: CalibrationBin[] = [];
  for (let b = 0; b < bins; b++) {
    const from = Math.floor((order.length * b) / bins);
    const to = Math.floor((order.length * (b + 1)) / bins);
    if (to <= from) continue;
    let predicted = 0;
    let observed = 0;
    for (let k = from; k < to; k++) {
      predicted += scores[order[k]!]!;
      observed += labels[order[k]!] ? 1 : 0;
    }
    out.push({
      decile: b + 1,
      suppliers: to - from,
      meanPredicted: predicted / (to - from),
      observedRate: observed / (to - from),
    });
  }
  return out;
}

export function evaluatePredictions(
  scores: ArrayLike<number>,
  labels: ArrayLike<number>,
): ModelEvaluation {
  let positives = 0;
  for (let i = 0; i < labels.length; i++) positives += labels[i] ? 1 : 0;
  return {
    suppliers: scores.length,
    baseRate: scores.length ? positives / scores.length : Number.NaN,
    rocAuc: rocAuc(scores, labels),
    precisionAtTopDecile: precisionAtTop(scores, labels, 0.1),
    calibration: calibrationTable(scores, labels, 10),
  };
}

/**
 * Splits jobs into training and held-out jobs: a whole job is held out or not (suppliers of one
 * buyer resemble each other, so rows of a training job would flatter the evaluation). The order
 * is a hash of the job id and the seed, so a split is reproducible; at least one job on each side.
 */
export function splitJobs(
  jobIds: readonly string[],
  heldOutShare = 0.2,
  seed = 'ml-prediction',
): { training: string[]; heldOut: string[] } {
  const ranked = [...new Set(jobIds)]
    .map((id) => ({ id, key: createHash('sha256').update(`${seed}:${id}`).digest('hex') }))
    .sort((a, b) => a.key.localeCompare(b.key))
    .map((j) => j.id);
  if (ranked.length < 2) return { training: ranked, heldOut: [] };
  const held = Math.min(ranked.length - 1, Math.max(1, Math.round(ranked.length * heldOutShare)));
  return { heldOut: ranked.slice(0, held), training: ranked.slice(held) };
}
