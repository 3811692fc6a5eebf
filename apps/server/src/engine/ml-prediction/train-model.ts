import { type ModelEvaluation, evaluatePredictions } from './evaluation.js';
import {
  type EncodedSuppliers,
  type LogisticModel,
  type TrainingOptions,
  predictAll,
  trainLogisticRegression,
} from './logistic-regression.js';

/**
 * Trains on the training jobs' suppliers and evaluates on the held-out jobs' (never rows of a
 * training job). Refuses data a model cannot be learnt from: no suppliers, or one class only.
 */
export function trainAndEvaluate(
  training: EncodedSuppliers,
  heldOut: EncodedSuppliers,
  options: TrainingOptions = {},
): { model: LogisticModel; evaluation: ModelEvaluation } {
  let positives = 0;
  for (let i = 0; i < training.size; i++) positives += training.labels[i]!;
  if (training.size === 0 || positives === 0 || positives === training.size) {
    throw new Error(
      `The training jobs need suppliers that accept card and suppliers that do not (${training.size} suppliers, ${positives} accepting).`,
    );
  }
  const model = trainLogisticRegression(training, options);
  const labels = heldOut.labels.subarray(0, heldOut.size);
  return { model, evaluation: evaluatePredictions(predictAll(model, heldOut), labels) };
}
