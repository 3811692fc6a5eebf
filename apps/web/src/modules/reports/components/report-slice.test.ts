import { describe, expect, it } from 'vitest';
import { OVERALL, sliceFromParams, sliceToParams } from './report-slice';

describe('the report slice in a printable route', () => {
  it('round-trips a slicer value with spaces and a product', () => {
    const slice = {
      slicer: 'Card Capability',
      slicerValue: 'Card Acceptor',
      product: 'Vcard',
    } as const;
    const params = sliceToParams(slice);
    expect(params).toMatch(/^[\w\-./]+$/);
    expect(sliceFromParams(params)).toEqual(slice);
  });

  it('prints the whole job without params, and for params it cannot read', () => {
    expect(sliceToParams(OVERALL)).toBe('');
    expect(sliceFromParams('')).toEqual(OVERALL);
    expect(sliceFromParams('Nope/x/All')).toEqual(OVERALL);
  });
});
