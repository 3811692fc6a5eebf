import { SeededRandom } from '../reference-data/random.js';
import {
  encodeSupplierFeatures,
  HASH_BITS,
  MAX_FEATURES,
  type SupplierFeatures,
} from './supplier-features.js';

/**
 * Suppliers encoded as sparse rows (compressed: row i's features are
 * `indices/values[offsets[i] .. offsets[i + 1])`), with their labels and example weights. Typed
 * arrays grown by doubling: 500,000 suppliers take ~80 MB, not millions of small objects.
 */
export class EncodedSuppliers {
  size = 0;
  offsets = new Int32Array(1025);
  indices = new Int32Array(1024 * 32);
  values = new Float32Array(1024 * 32);
  labels = new Uint8Array(1024);
  weights = new Float32Array(1024);
  private readonly rowIndices = new Int32Array(MAX_FEATURES);
  private readonly rowValues = new Float32Array(MAX_FEATURES);

  /** Adds one supplier: `label` 1 when it accepts card, `weight` how much it counts. */
  add(features: SupplierFeatures, label: 0 | 1, weight = 1): void {
    const n = encodeSupplierFeatures(features, this.rowIndices, this.rowValues);
    if (this.size + 1 >= this.labels.length) this.growRows();
    const start = this.offsets[this.size]!;
    while (start + n > this.indices.length) this.growFeatures();
    this.indices.set(this.rowIndices.subarray(0, n), start);
    this.values.set(this.rowValues.subarray(0, n), start);
    this.labels[this.size] = label;
    this.weights[this.size] = weight;
    this.size++;
    this.offsets[this.size] = start + n;
  }

  private growRows() {
    const grow = <T extends Int32Array | Uint8Array | Float32Array>(a: T, length: number): T => {
      const next = new (a.constructor as new (n: number) => T)(length);
      next.set(a);
      return next;
    };
    const length = this.labels.length * 2;
    this.labels = grow(this.labels, length);
    this.weights = grow(this.weights, length);
    this.offsets = grow(this.offsets, length + 1);
  }

  private growFeatures() {
    const indices = new Int32Array(this.indices.length * 2);
    indices.set(this.indices);
    this.indices = indices;
    const values = new Float32Array(this.values.length * 2);
    values.set(this.values);
    this.values = values;
  }
}

/** A trained model: one weight per hashed feature slot (slot 0 the intercept). */
export interface LogisticModel {
  hashBits: number;
  weights: Float32Array;
}

export interface TrainingOptions {
  /** Passes over the data; a few suffice for hashed one-hot features. */
  epochs?: number;
  /** AdaGrad's base step. */
  learningRate?: number;
  /** L2 penalty per update, keeps rare name tokens from memorising their few suppliers. */
  l2?: number;
  /** Seed of the example order (reproducible models). */
  seed?: string;
}

const sigmoid = (z: number) => 1 / (1 + Math.exp(-Math.max(-35, Math.min(35, z))));

/**
 * Logistic regression by AdaGrad stochastic gradient descent over sparse rows: each update
 * touches only a supplier's ~30 features, so a pass over 500,000 suppliers is a fraction of a
 * second. AdaGrad gives rare features (a name token seen in ten suppliers) larger steps than the
 * intercept, as hashed text models need.
 */
export function trainLogisticRegression(
  data: EncodedSuppliers,
  options: TrainingOptions = {},
): LogisticModel {
  const { epochs = 6, learningRate = 0.1, l2 = 1e-6, seed = 'ml-prediction' } = options;
  const size = 1 << HASH_BITS;
  const w = new Float64Array(size);
  const g2 = new Float64Array(size).fill(1e-8);
  const order = new Int32Array(data.size);
  for (let i = 0; i < order.length; i++) order[i] = i;
  const r = new SeededRandom(seed);
  const { offsets, indices, values, labels, weights } = data;
  for (let epoch = 0; epoch < epochs; epoch++) {
    for (let i = order.length - 1; i > 0; i--) {
      const j = r.int(i + 1);
      const t = order[i]!;
      order[i] = order[j]!;
      order[j] = t;
    }
    for (let k = 0; k < order.length; k++) {
      const row = order[k]!;
      const start = offsets[row]!;
      const end = offsets[row + 1]!;
      let z = 0;
      for (let p = start; p < end; p++) z += w[indices[p]!]! * values[p]!;
      const error = (sigmoid(z) - labels[row]!) * weights[row]!;
      for (let p = start; p < end; p++) {
        const f = indices[p]!;
        const grad = error * values[p]! + l2 * w[f]!;
        g2[f] = g2[f]! + grad * grad;
        w[f] = w[f]! - (learningRate * grad) / Math.sqrt(g2[f]!);
      }
    }
  }
  return { hashBits: HASH_BITS, weights: Float32Array.from(w) };
}

/** The model's probability for row `row` of `data`. */
export function predictRow(model: LogisticModel, data: EncodedSuppliers, row: number): number {
  let z = 0;
  for (let p = data.offsets[row]!; p < data.offsets[row + 1]!; p++)
    z += model.weights[data.indices[p]!]! * data.values[p]!;
  return sigmoid(z);
}

/** Probabilities for every row of `data`. */
export function predictAll(model: LogisticModel, data: EncodedSuppliers): Float64Array {
  const out = new Float64Array(data.size);
  for (let i = 0; i < data.size; i++) out[i] = predictRow(model, data, i);
  return out;
}

/**
 * A predictor for one supplier at a time (scoring a job): reuses its scratch arrays, so scoring
 * 100,000 suppliers allocates nothing per supplier.
 */
export function supplierPredictor(model: LogisticModel): (s: SupplierFeatures) => number {
  if (model.hashBits !== HASH_BITS || model.weights.length !== 1 << HASH_BITS) {
    throw new Error(`A model of ${model.hashBits} hash bits does not fit this feature set.`);
  }
  const indices = new Int32Array(MAX_FEATURES);
  const values = new Float32Array(MAX_FEATURES);
  return (s) => {
    const n = encodeSupplierFeatures(s, indices, values);
    let z = 0;
    for (let p = 0; p < n; p++) z += model.weights[indices[p]!]! * values[p]!;
    return sigmoid(z);
  };
}

/** Weights as bytes for the database (little-endian float32, as typed arrays hold them here). */
export function modelToBytes(model: LogisticModel): Buffer {
  return Buffer.from(model.weights.buffer, model.weights.byteOffset, model.weights.byteLength);
}

export function modelFromBytes(bytes: Uint8Array, hashBits: number): LogisticModel {
  const copy = new Uint8Array(bytes.byteLength);
  copy.set(bytes);
  return { hashBits, weights: new Float32Array(copy.buffer) };
}
