import { describe, expect, it } from 'vitest';
import { pageRows } from './page-rows';

const rows = [
  { id: 1, name: 'Acme', spend: 300, country: 'GBR' },
  { id: 2, name: 'Beta', spend: 100, country: 'FRA' },
  { id: 3, name: 'Cobalt', spend: 300, country: 'GBR' },
  { id: 4, name: 'Delta', spend: 50, country: null },
  { id: 5, name: 'Echo', spend: 700, country: 'FRA' },
];
const base = { pageNumber: 1, pageSize: 25, filters: [] };

describe('pageRows', () => {
  it('pages 1-based and reports the totals', () => {
    const page = pageRows(rows, { ...base, pageNumber: 2, pageSize: 2 });
    expect(page.collection.map((r) => r.id)).toEqual([3, 4]);
    expect(page).toMatchObject({
      currentPage: 2,
      pageSize: 2,
      totalCount: 5,
      totalPages: 3,
      hasNextPage: true,
      hasPreviousPage: true,
    });
  });

  it('sorts by orderBy then secondaryOrderBy, empty values first', () => {
    const page = pageRows(rows, { ...base, orderBy: 'spend desc', secondaryOrderBy: 'name desc' });
    expect(page.collection.map((r) => r.name)).toEqual(['Echo', 'Cobalt', 'Acme', 'Beta', 'Delta']);
    expect(pageRows(rows, { ...base, orderBy: 'country' }).collection[0]?.name).toBe('Delta');
  });

  it('applies every filter', () => {
    const page = pageRows(rows, {
      ...base,
      filters: [
        {
          propertyName: 'country',
          comparisonOperator: 'Equal',
          value: 'GBR',
          allowNullValue: false,
        },
        {
          propertyName: 'name',
          comparisonOperator: 'StartsWith',
          value: 'c',
          allowNullValue: false,
        },
      ],
    });
    expect(page.collection.map((r) => r.id)).toEqual([3]);
    expect(page).toMatchObject({
      totalCount: 1,
      totalPages: 1,
      hasNextPage: false,
      hasPreviousPage: false,
    });
  });
});
