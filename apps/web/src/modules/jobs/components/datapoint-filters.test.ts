import { describe, expect, it } from 'vitest';
import {
  allFilterItems,
  filterItemsOf,
  numberProblem,
  type DatapointFilter,
} from './datapoint-filters';

const country: DatapointFilter = {
  kind: 'multiselect',
  id: 'country',
  label: 'Country',
  property: 'country',
  optionsChart: 'Countries',
};
const score: DatapointFilter = {
  kind: 'number',
  id: 'score',
  label: 'Score',
  properties: [{ property: 'vcardScore', label: 'Virtual Card' }],
  min: 0,
  max: 100,
};
const date: DatapointFilter = { kind: 'date', id: 'd', label: 'Date', property: 'lastDate' };

const f = (propertyName: string, comparisonOperator: string, value: unknown) => ({
  propertyName,
  comparisonOperator,
  value,
  allowNullValue: false,
});

describe('datapoint filters', () => {
  it('refuses a number outside the field’s min and max; a missing min or max counts as 0', () => {
    expect(numberProblem(score, '50')).toBeNull();
    expect(numberProblem(score, '')).toBeNull();
    expect(numberProblem(score, '101')).toBe('Enter a value between 0 and 100.');
    expect(numberProblem(score, '-1')).toBe('Enter a value between 0 and 100.');
    expect(numberProblem({ max: 10 }, '-1')).toBe('Enter a value between 0 and 10.');
    expect(numberProblem({}, '1')).toBe('Enter a value between 0 and 0.');
    expect(numberProblem({}, '0')).toBeNull();
  });

  it('sends min and max as GreaterThanOrEqual and LessThanOrEqual, leaving out a refused side', () => {
    expect(filterItemsOf(score, { property: 'vcardScore', from: '40', to: '80' })).toEqual([
      f('vcardScore', 'GreaterThanOrEqual', 40),
      f('vcardScore', 'LessThanOrEqual', 80),
    ]);
    expect(filterItemsOf(score, { property: 'vcardScore', from: '40', to: '180' })).toEqual([
      f('vcardScore', 'GreaterThanOrEqual', 40),
    ]);
  });

  it('sends one chosen value as Equal and several as NotEqual of every other value', () => {
    const options = ['GBR', 'FRA', 'DEU', 'USA'];
    expect(filterItemsOf(country, { selected: ['FRA'], options })).toEqual([
      f('country', 'Equal', 'FRA'),
    ]);
    expect(filterItemsOf(country, { selected: ['FRA', 'GBR'], options })).toEqual([
      f('country', 'NotEqual', null),
      f('country', 'NotEqual', 'DEU'),
      f('country', 'NotEqual', 'USA'),
    ]);
    expect(filterItemsOf(country, { selected: options, options })).toEqual([
      f('country', 'NotEqual', null),
    ]);
  });

  it('says when several values would need more exclusions than a request holds', () => {
    const options = Array.from({ length: 80 }, (_, i) => `V${i}`);
    const { items, problems } = allFilterItems([country], {
      country: { selected: ['V1', 'V2'], options },
    });
    expect(items).toEqual([]);
    expect(problems.country).toMatch(/Too many values left out/);
  });

  it('sends a date range as whole days', () => {
    expect(filterItemsOf(date, { from: '2026-01-01', to: '2026-01-31' })).toEqual([
      f('lastDate', 'GreaterThanOrEqual', '2026-01-01T00:00:00.000Z'),
      f('lastDate', 'LessThan', '2026-02-01T00:00:00.000Z'),
    ]);
  });
});
