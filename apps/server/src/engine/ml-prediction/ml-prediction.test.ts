import { describe, expect, it } from 'vitest';
import {
  calibrationTable,
  evaluatePredictions,
  precisionAtTop,
  rocAuc,
  splitJobs,
} from './evaluation.js';
import { FEATURE_GROUP_FIELDS, permutationImportances } from './feature-importance.js';
import {
  EncodedSuppliers,
  modelFromBytes,
  modelToBytes,
  predictAll,
  supplierPredictor,
} from './logistic-regression.js';
import {
  BIAS_INDEX,
  encodeSupplierFeatures,
  hashFeature,
  MAX_FEATURES,
  nameTokens,
  type SupplierFeatures,
} from './supplier-features.js';
import { trainAndEvaluate } from './train-model.js';

const supplier = (over: Partial<SupplierFeatures> = {}): SupplierFeatures => ({
  supplierName: 'Acme Office Supplies Ltd',
  country: 'GBR',
  mcc: null,
  sic: null,
  annualSpend: 12_000,
  poCount: null,
  invoiceCount: 12,
  paymentCount: 12,
  mainPaymentMethod: 'BACS',
  paymentFrequency: 'Monthly',
  paymentTermsDays: 30,
  actualDaysToPay: 35,
  jobAcceptingShare: 0.4,
  ...over,
});

describe('ROC AUC', () => {
  it('is 1 when every acceptor is ranked above every other supplier, 0 when below', () => {
    expect(rocAuc([0.1, 0.2, 0.8, 0.9], [0, 0, 1, 1])).toBe(1);
    expect(rocAuc([0.9, 0.8, 0.2, 0.1], [0, 0, 1, 1])).toBe(0);
  });

  it('is the share of acceptor–other pairs ordered correctly, ties counting half', () => {
    // Pairs (positive, negative): (0.8, 0.1) ✓, (0.8, 0.5) ✓, (0.5, 0.1) ✓, (0.5, 0.5) tie → 3.5 / 4.
    expect(rocAuc([0.1, 0.5, 0.5, 0.8], [0, 0, 1, 1])).toBe(0.875);
    expect(rocAuc([0.3, 0.3, 0.3, 0.3], [0, 1, 0, 1])).toBe(0.5);
  });

  it('is undefined (NaN) when only one class is present', () => {
    expect(rocAuc([0.1, 0.9], [1, 1])).toBeNaN();
  });
});

describe('precision at the top decile and calibration', () => {
  const scores = Array.from({ length: 100 }, (_, i) => i / 100);
  const labels = scores.map((s, i) => (s >= 0.9 || i % 10 === 0 ? 1 : 0));

  it('counts the acceptors among the highest-scored tenth', () => {
    expect(precisionAtTop(scores, labels, 0.1)).toBe(1);
    expect(precisionAtTop(scores, labels, 0.2)).toBe(0.55);
  });

  it('gives predicted against observed rates per decile of equal size', () => {
    const table = calibrationTable(scores, labels);
    expect(table).toHaveLength(10);
    expect(table[0]).toMatchObject({ decile: 1, suppliers: 10, observedRate: 0.1 });
    expect(table[0]!.meanPredicted).toBeCloseTo(0.045, 10);
    expect(table[9]!.observedRate).toBe(1);
    expect(evaluatePredictions(scores, labels).baseRate).toBe(0.19);
  });
});

describe('the held-out split', () => {
  it('holds out whole jobs, the same ones every time, at least one on each side', () => {
    const jobs = Array.from({ length: 10 }, (_, i) => `job-${i}`);
    const split = splitJobs(jobs, 0.2);
    expect(split.heldOut).toHaveLength(2);
    expect(split.training).toHaveLength(8);
    expect(new Set([...split.training, ...split.heldOut]).size).toBe(10);
    expect(splitJobs([...jobs].reverse(), 0.2)).toEqual(split);
    expect(splitJobs(['a', 'b'], 0.01).heldOut).toHaveLength(1);
    expect(splitJobs(['a'], 0.2)).toEqual({ training: ['a'], heldOut: [] });
  });
});

describe('supplier features', () => {
  it('reads name tokens without case, accents, digits or one-letter words', () => {
    expect(nameTokens('SQ * Café Müller & Sons 123 Ltd.')).toEqual([
      'sq',
      'cafe',
      'muller',
      'sons',
      'ltd',
    ]);
  });

  it('hashes a feature to the same slot every time and never onto the intercept', () => {
    expect(hashFeature('tok=ltd')).toBe(hashFeature('tok=ltd'));
    expect(hashFeature('tok=ltd')).not.toBe(hashFeature('tok=plc'));
    for (let i = 0; i < 1000; i++) expect(hashFeature(`f${i}`)).not.toBe(BIAS_INDEX);
  });

  it('encodes a supplier as the intercept plus one feature per fact, within the cap', () => {
    const indices = new Int32Array(MAX_FEATURES);
    const values = new Float32Array(MAX_FEATURES);
    const n = encodeSupplierFeatures(supplier({ mcc: '5111' }), indices, values);
    expect(indices[0]).toBe(BIAS_INDEX);
    expect([...indices.subarray(0, n)]).toContain(hashFeature('mccgroup=Retail outlets'));
    expect([...indices.subarray(0, n)]).toContain(hashFeature('method=bacs'));
    const long = encodeSupplierFeatures(
      supplier({ supplierName: Array.from({ length: 40 }, (_, i) => `word${i}x`).join(' ') }),
      indices,
      values,
    );
    expect(long).toBeLessThanOrEqual(MAX_FEATURES);
  });
});

describe('training', () => {
  // Card-paid, small, frequent suppliers accept; cheque-paid large ones do not.
  const data = (seed: number, n: number) => {
    const out = new EncodedSuppliers();
    for (let i = 0; i < n; i++) {
      const accepts = (i * 7919 + seed) % 3 === 0;
      out.add(
        supplier({
          supplierName: `${accepts ? 'Brightmart Stores' : 'County Council Works'} ${i}`,
          mainPaymentMethod: accepts ? 'Credit Card' : 'Cheque',
          annualSpend: accepts ? 800 : 250_000,
        }),
        accepts ? 1 : 0,
      );
    }
    return out;
  };

  it('learns a signal the held-out suppliers share and stores its weights losslessly', () => {
    const { model, evaluation } = trainAndEvaluate(data(1, 600), data(2, 200), { epochs: 3 });
    expect(evaluation.rocAuc).toBe(1);
    expect(evaluation.suppliers).toBe(200);
    const restored = modelFromBytes(modelToBytes(model), model.hashBits);
    const predict = supplierPredictor(restored);
    expect(
      predict(supplier({ mainPaymentMethod: 'Credit Card', annualSpend: 800 })),
    ).toBeGreaterThan(predict(supplier({ mainPaymentMethod: 'Cheque', annualSpend: 250_000 })));
    expect([...predictAll(restored, data(2, 5))]).toEqual([...predictAll(model, data(2, 5))]);
  });

  it('refuses training data of one class only', () => {
    const one = new EncodedSuppliers();
    one.add(supplier(), 1);
    expect(() => trainAndEvaluate(one, one)).toThrow(/accept card and suppliers that do not/);
  });
});

describe('feature importances', () => {
  // The payment method decides most of acceptance, spend a little more; name tokens (digits are
  // not tokens), industry, country and the job's share are the same for every supplier.
  const suppliers = (seed: number, n: number) =>
    Array.from({ length: n }, (_, k) => {
      const i = k + seed * n;
      const card = i % 2 === 0;
      const small = i % 3 === 0;
      const accepts = card ? small || i % 5 !== 0 : small && i % 4 === 1;
      return {
        features: supplier({
          supplierName: `Acme Ltd ${i}`,
          mainPaymentMethod: card ? 'Credit Card' : 'Cheque',
          annualSpend: small ? 800 : 250_000,
        }),
        label: (accepts ? 1 : 0) as 0 | 1,
      };
    });
  const encoded = (rows: ReturnType<typeof suppliers>) => {
    const out = new EncodedSuppliers();
    for (const r of rows) out.add(r.features, r.label);
    return out;
  };
  const heldOut = suppliers(1, 600);
  const { model } = trainAndEvaluate(encoded(suppliers(0, 3000)), encoded(heldOut), { epochs: 3 });
  const labels = heldOut.map((r) => r.label);
  const features = heldOut.map((r) => r.features);

  it('ranks the groups by the drop in held-out ROC AUC when each is shuffled', () => {
    const importances = permutationImportances(model, features, labels);
    expect(importances.map((i) => i.group)).toEqual([
      'paymentPatterns',
      'spend',
      // The same for every supplier: shuffling changes no score, so exactly no drop (by name).
      'country',
      'industry',
      'jobAcceptance',
      'nameTokens',
    ]);
    const [payment, spend, ...rest] = importances;
    expect(payment!.rocAucDrop).toBeGreaterThan(spend!.rocAucDrop);
    expect(spend!.rocAucDrop).toBeGreaterThan(0.01);
    for (const r of rest) expect(r).toEqual({ group: r.group, rocAucDrop: 0, spread: 0 });
  });

  it('is reproducible with its fixed seed, covers every group, and is empty without two classes', () => {
    const once = permutationImportances(model, features, labels);
    expect(permutationImportances(model, features, labels)).toEqual(once);
    expect(once.map((i) => i.group).sort()).toEqual(Object.keys(FEATURE_GROUP_FIELDS).sort());
    for (const i of once) expect(i.spread).toBeGreaterThanOrEqual(0);
    expect(once.reduce((sum, i) => sum + i.rocAucDrop, 0)).toBeGreaterThan(0);
    expect(permutationImportances(model, features.slice(0, 3), [1, 1, 1])).toEqual([]);
    expect(permutationImportances(model, [], [])).toEqual([]);
  });
});
