import { describe, expect, it } from 'vitest';
import { currencyMinorUnits, roundMoney } from './iso-codes.js';

describe('currency minor units', () => {
  it('gives ISO 4217 digits: 2 for pounds, 0 for yen and won, 3 for dinars', () => {
    expect(currencyMinorUnits('GBP')).toBe(2);
    expect(currencyMinorUnits('usd')).toBe(2);
    expect(currencyMinorUnits('JPY')).toBe(0);
    expect(currencyMinorUnits('KRW')).toBe(0);
    expect(currencyMinorUnits('ISK')).toBe(0);
    expect(currencyMinorUnits('KWD')).toBe(3);
    expect(currencyMinorUnits('BHD')).toBe(3);
    expect(currencyMinorUnits('CLF')).toBe(4);
  });

  it('rounds money half away from zero to the minor unit of its currency', () => {
    expect(roundMoney(1234.5678, 'GBP')).toBe(1234.57);
    expect(roundMoney(1.005, 'GBP')).toBe(1.01);
    expect(roundMoney(1234.5, 'JPY')).toBe(1235);
    expect(roundMoney(-1234.5, 'JPY')).toBe(-1235);
    expect(roundMoney(12.34567, 'KWD')).toBe(12.346);
    expect(roundMoney(-0.001, 'GBP')).toBe(0);
    expect(Object.is(roundMoney(-0.001, 'GBP'), -0)).toBe(false);
    expect(roundMoney(1e-9, 'GBP')).toBe(0);
    expect(roundMoney(2.499, 'JPY')).toBe(2);
  });
});
