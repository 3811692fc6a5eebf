import { describe, expect, it } from 'vitest';
import { mergesSentence } from './supplier-merges';

/** English as shipped: the key with its values filled in. */
const t = (key: string, values: Record<string, unknown> = {}) =>
  key.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name]));

describe('the sentence saying how rows became suppliers', () => {
  it('names the merges of a supplier list', () => {
    expect(
      mergesSentence(
        {
          kind: 'rows',
          rowCount: 1000,
          supplierCount: 940,
          mergedSupplierCount: 52,
          merges: [],
        },
        t,
      ),
    ).toBe(
      '1,000 rows became 940 suppliers: 52 suppliers merge rows whose names are the same after normalisation (or that share a supplier id).',
    );
    expect(
      mergesSentence(
        {
          kind: 'rows',
          rowCount: 2,
          supplierCount: 1,
          mergedSupplierCount: 1,
          merges: [],
        },
        t,
      ),
    ).toBe(
      '2 rows became 1 supplier: 1 supplier merges rows whose names are the same after normalisation (or that share a supplier id).',
    );
    expect(
      mergesSentence(
        {
          kind: 'rows',
          rowCount: 3,
          supplierCount: 3,
          mergedSupplierCount: 0,
          merges: [],
        },
        t,
      ),
    ).toBe('3 rows became 3 suppliers.');
  });

  it('names the suppliers of a document file whose names are spelt several ways', () => {
    expect(
      mergesSentence(
        {
          kind: 'documents',
          rowCount: 1200,
          supplierCount: 120,
          mergedSupplierCount: 5,
          merges: [],
        },
        t,
      ),
    ).toBe(
      '1,200 documents belong to 120 suppliers: 5 suppliers are written with names that differ but are the same after normalisation.',
    );
  });
});
