import {
  COMPARISON_OPERATORS,
  PagedListRequestSchema,
  WrappedPagedListRequestSchema,
} from '@b2b/contract';
import type { GridFilterItem } from '@mui/x-data-grid';
import { describe, expect, it } from 'vitest';
import { getNumberFilterOperators, getStringFilterOperators } from './filter-operators';
import {
  toComparisonOperator,
  toFilterItems,
  toOrderBy,
  toPagedListRequest,
  toWrappedPagedListRequest,
  type ServerGridState,
} from './to-paged-list-request';

const state = (overrides: Partial<ServerGridState> = {}): ServerGridState => ({
  paginationModel: { page: 0, pageSize: 25 },
  sortModel: [],
  filterModel: { items: [] },
  ...overrides,
});

describe('toPagedListRequest', () => {
  it('asks for page 1 of 25 with no sort and no filters by default', () => {
    const request = toPagedListRequest(state());
    expect(request).toEqual({
      orderBy: undefined,
      secondaryOrderBy: undefined,
      pageNumber: 1,
      pageSize: 25,
      filters: [],
    });
    expect(PagedListRequestSchema.parse(request)).toEqual({
      pageNumber: 1,
      pageSize: 25,
      filters: [],
    });
  });

  it("turns the grid's 0-based page into the 1-based page number", () => {
    expect(toPagedListRequest(state({ paginationModel: { page: 3, pageSize: 50 } }))).toMatchObject(
      {
        pageNumber: 4,
        pageSize: 50,
      },
    );
  });

  it.each([
    [{ field: 'username', sort: 'asc' as const }, 'username'],
    [{ field: 'username', sort: 'desc' as const }, 'username desc'],
    [{ field: 'username', sort: null }, undefined],
    [undefined, undefined],
  ])('sorts %o as orderBy %s', (item, orderBy) => {
    expect(toOrderBy(item)).toBe(orderBy);
    expect(toPagedListRequest(state({ sortModel: item ? [item] : [] })).orderBy).toBe(orderBy);
  });

  it('takes secondaryOrderBy from a second sort item, else from the fallback', () => {
    const two = state({
      sortModel: [
        { field: 'status', sort: 'asc' },
        { field: 'createdAt', sort: 'desc' },
      ],
      secondaryOrderBy: 'id',
    });
    expect(toPagedListRequest(two)).toMatchObject({
      orderBy: 'status',
      secondaryOrderBy: 'createdAt desc',
    });
    const one = { ...two, sortModel: [{ field: 'status', sort: 'desc' as const }] };
    expect(toPagedListRequest(one)).toMatchObject({
      orderBy: 'status desc',
      secondaryOrderBy: 'id',
    });
  });

  it('sends no secondaryOrderBy without an orderBy', () => {
    expect(toPagedListRequest(state({ secondaryOrderBy: 'id' })).secondaryOrderBy).toBeUndefined();
  });

  it.each(COMPARISON_OPERATORS.map((operator) => [operator]))(
    'maps the %s filter operator 1:1',
    (operator) => {
      const numeric = !['Contains', 'StartsWith', 'EndsWith'].includes(operator);
      const value = numeric ? 42 : 'acme';
      const request = toPagedListRequest(
        state({ filterModel: { items: [{ field: 'spend', operator, value }] } }),
      );
      expect(request.filters).toEqual([
        { propertyName: 'spend', comparisonOperator: operator, value, allowNullValue: false },
      ]);
      expect(PagedListRequestSchema.safeParse(request).success).toBe(true);
    },
  );

  it("offers exactly the nine operators across the string and number columns' menus", () => {
    const values = [...getStringFilterOperators(), ...getNumberFilterOperators()].map(
      (o) => o.value,
    );
    expect(new Set(values)).toEqual(new Set(COMPARISON_OPERATORS));
    for (const value of values) expect(toComparisonOperator(value)).toBe(value);
  });

  it.each([
    ['contains', 'Contains'],
    ['equals', 'Equal'],
    ['doesNotEqual', 'NotEqual'],
    ['startsWith', 'StartsWith'],
    ['endsWith', 'EndsWith'],
    ['=', 'Equal'],
    ['!=', 'NotEqual'],
    ['>', 'GreaterThan'],
    ['>=', 'GreaterThanOrEqual'],
    ['<', 'LessThan'],
    ['<=', 'LessThanOrEqual'],
    ['after', 'GreaterThan'],
    ['onOrBefore', 'LessThanOrEqual'],
  ])("maps MUI's own %s operator to %s", (gridOperator, operator) => {
    expect(toComparisonOperator(gridOperator)).toBe(operator);
  });

  it('throws for an operator the paged list cannot express', () => {
    expect(() => toComparisonOperator('isAnyOf')).toThrow('Filter operator isAnyOf');
  });

  it('leaves out filter items that have no value yet', () => {
    const items: GridFilterItem[] = [
      { field: 'name', operator: 'Contains' },
      { field: 'name', operator: 'Contains', value: '' },
      { field: 'spend', operator: 'Equal', value: Number.NaN },
      { field: 'spend', operator: 'Equal', value: 0 },
    ];
    expect(toFilterItems(items)).toEqual([
      { propertyName: 'spend', comparisonOperator: 'Equal', value: 0, allowNullValue: false },
    ]);
  });

  it('sends external filters after the grid filter', () => {
    const external = {
      propertyName: 'status',
      comparisonOperator: 'Equal' as const,
      value: 'Active',
      allowNullValue: false,
    };
    const request = toPagedListRequest(
      state({
        filterModel: { items: [{ field: 'name', operator: 'StartsWith', value: 'Ac' }] },
        externalFilters: [external],
      }),
    );
    expect(request.filters.map((f) => f.propertyName)).toEqual(['name', 'status']);
    expect(request.filters[1]).toEqual(external);
  });
});

describe('toWrappedPagedListRequest', () => {
  it('produces the filters.filterItems form with item-prefixed names', () => {
    const request = toPagedListRequest(
      state({
        paginationModel: { page: 1, pageSize: 25 },
        sortModel: [{ field: 'createdAt', sort: 'desc' }],
        filterModel: { items: [{ field: 'commandType', operator: 'Contains', value: 'Ingest' }] },
        secondaryOrderBy: 'id',
      }),
    );
    const wrapped = toWrappedPagedListRequest(request);
    expect(wrapped).toEqual({
      orderBy: 'createdAt desc',
      secondaryOrderBy: 'id',
      pageNumber: 2,
      pageSize: 25,
      filters: {
        filterItems: [
          {
            propertyName: 'commandType',
            itemComparisonOperator: 'Contains',
            itemValue: 'Ingest',
            allowNullValue: false,
          },
        ],
      },
    });
    expect(WrappedPagedListRequestSchema.safeParse(wrapped).success).toBe(true);
  });
});
