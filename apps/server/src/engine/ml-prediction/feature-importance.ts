import type { MlFeatureGroup, MlFeatureImportance } from '@b2b/contract';
import { SeededRandom } from '../reference-data/random.js';
import { rocAuc } from './evaluation.js';
import type { LogisticModel } from './logistic-regression.js';
import { supplierPredictor } from './logistic-regression.js';
import type { SupplierFeatures } from './supplier-features.js';

/**
 * The buyer-file facts behind each feature group the admin screen names. A group is shuffled as
 * a whole (all its facts from the same other supplier), so facts that go together (a payment
 * method and its frequency) stay consistent and the interaction features the encoding derives
 * from them (payment method by country, average payment from spend and counts) move with them.
 */
export const FEATURE_GROUP_FIELDS: Record<MlFeatureGroup, readonly (keyof SupplierFeatures)[]> = {
  nameTokens: ['supplierName'],
  industry: ['mcc', 'sic'],
  spend: ['annualSpend'],
  paymentPatterns: [
    'mainPaymentMethod',
    'paymentFrequency',
    'paymentTermsDays',
    'actualDaysToPay',
    'paymentCount',
    'invoiceCount',
    'poCount',
  ],
  country: ['country'],
  jobAcceptance: ['jobAcceptingShare'],
};

export interface ImportanceOptions {
  /** Shuffles per group; the figure is their mean drop. */
  repeats?: number;
  /** Seed of the shuffles (the same model and data give the same figures). */
  seed?: string;
}

/**
 * Permutation importance on the held-out suppliers (issue 20): for each feature group, how much
 * the ROC AUC drops when the group's facts are shuffled across the held-out suppliers (each
 * supplier is scored with another's facts for that group, everything else its own). It asks the
 * trained model itself, whatever it is, on data it never saw, so it is honest for a hashed linear
 * model whose weights alone cannot be read per group (one fact sets several hashed features, and
 * weights on scaled inputs are not comparable). A drop near 0 means the model does not rely on
 * the group; it can be slightly negative by chance. Sorted by drop, largest first.
 */
export function permutationImportances(
  model: LogisticModel,
  suppliers: readonly SupplierFeatures[],
  labels: ArrayLike<number>,
  options: ImportanceOptions = {},
): MlFeatureImportance[] {
  const { repeats = 3, seed = 'ml-prediction-importance' } = options;
  const n = suppliers.length;
  if (n === 0) return [];
  const predict = supplierPredictor(model);
  const scores = new Float64Array(n);
  for (let i = 0; i < n; i++) scores[i] = predict(suppliers[i]!);
  const baseline = rocAuc(scores, labels);
  if (!Number.isFinite(baseline)) return [];

  const random = new SeededRandom(seed);
  const order = new Int32Array(n);
  // One scratch supplier, overwritten per row: no object per supplier and shuffle.
  const mixed: Record<string, unknown> = {};
  const out: MlFeatureImportance[] = [];
  for (const [group, fields] of Object.entries(FEATURE_GROUP_FIELDS) as [
    MlFeatureGroup,
    readonly (keyof SupplierFeatures)[],
  ][]) {
    const drops: number[] = [];
    for (let r = 0; r < repeats; r++) {
      for (let i = 0; i < n; i++) order[i] = i;
      for (let i = n - 1; i > 0; i--) {
        const j = random.int(i + 1);
        const t = order[i]!;
        order[i] = order[j]!;
        order[j] = t;
      }
      for (let i = 0; i < n; i++) {
        Object.assign(mixed, suppliers[i]!);
        const donor = suppliers[order[i]!]!;
        for (const f of fields) mixed[f] = donor[f];
        scores[i] = predict(mixed as unknown as SupplierFeatures);
      }
      drops.push(baseline - rocAuc(scores, labels));
    }
    const mean = drops.reduce((a, b) => a + b, 0) / drops.length;
    out.push({
      group,
      rocAucDrop: mean,
      spread: Math.max(...drops) - Math.min(...drops),
    });
  }
  return out.sort((a, b) => b.rocAucDrop - a.rocAucDrop || a.group.localeCompare(b.group));
}
