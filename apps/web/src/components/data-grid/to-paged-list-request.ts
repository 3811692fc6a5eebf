import {
  DEFAULT_PAGE_SIZE,
  type ComparisonOperator,
  type FilterItem,
  type PagedListRequest,
  type WrappedPagedListRequest,
} from '@b2b/contract';
import type {
  GridFilterItem,
  GridFilterModel,
  GridPaginationModel,
  GridSortModel,
} from '@mui/x-data-grid';
import { isComparisonOperator } from './comparison';

/** What the grid holds that decides which page the server is asked for. */
export type ServerGridState = {
  /** The grid's 0-based page and its size. */
  paginationModel: GridPaginationModel;
  sortModel: GridSortModel;
  filterModel: GridFilterModel;
  /** Filters set outside the grid (a search box, a tab), sent beside the grid's own. */
  externalFilters?: readonly FilterItem[];
  /** Used when the grid itself has no second sort item, e.g. a unique key for stable pages. */
  secondaryOrderBy?: string;
};

/**
 * The grid's own operator names for the comparisons a server supports, so a column that keeps
 * MUI's built-in operators still maps. Our operators (filter-operators.ts) are the contract's
 * names themselves.
 */
const GRID_OPERATOR_ALIASES: Record<string, ComparisonOperator> = {
  equals: 'Equal',
  doesNotEqual: 'NotEqual',
  contains: 'Contains',
  startsWith: 'StartsWith',
  endsWith: 'EndsWith',
  is: 'Equal',
  not: 'NotEqual',
  '=': 'Equal',
  '!=': 'NotEqual',
  '>': 'GreaterThan',
  '>=': 'GreaterThanOrEqual',
  '<': 'LessThan',
  '<=': 'LessThanOrEqual',
  after: 'GreaterThan',
  onOrAfter: 'GreaterThanOrEqual',
  before: 'LessThan',
  onOrBefore: 'LessThanOrEqual',
};

/** The contract operator of a grid filter operator; an unknown one is a programming error. */
export function toComparisonOperator(operator: string): ComparisonOperator {
  if (isComparisonOperator(operator)) return operator;
  const alias = GRID_OPERATOR_ALIASES[operator];
  if (!alias) throw new Error(`Filter operator ${operator} has no paged-list comparison operator`);
  return alias;
}

type GridSortItem = GridSortModel[number];

/** `field` for ascending, `field desc` for descending, nothing for an unsorted item. */
export function toOrderBy(item: GridSortItem | undefined): string | undefined {
  if (!item?.sort) return undefined;
  return item.sort === 'desc' ? `${item.field} desc` : item.field;
}

function filterValue(value: unknown): FilterItem['value'] | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'boolean') return value;
  if (typeof value === 'string') return value === '' ? undefined : value;
  if (value instanceof Date) return value.toISOString();
  return undefined;
}

/** The grid's filter items as contract filters; items still without a value are left out. */
export function toFilterItems(items: readonly GridFilterItem[]): FilterItem[] {
  return items.flatMap((item) => {
    const value = filterValue(item.value);
    if (value === undefined) return [];
    return [
      {
        propertyName: item.field,
        comparisonOperator: toComparisonOperator(item.operator),
        value,
        allowNullValue: false,
      },
    ];
  });
}

/** The paged list request (plain `filters` form) for the grid's state. */
export function toPagedListRequest(state: ServerGridState): PagedListRequest {
  const [first, second] = state.sortModel;
  const orderBy = toOrderBy(first);
  return {
    orderBy,
    secondaryOrderBy: orderBy ? (toOrderBy(second) ?? state.secondaryOrderBy) : undefined,
    pageNumber: state.paginationModel.page + 1,
    pageSize: state.paginationModel.pageSize || DEFAULT_PAGE_SIZE,
    filters: [...toFilterItems(state.filterModel.items), ...(state.externalFilters ?? [])],
  };
}

/** The same request in the `filters.filterItems` form of ProQ and user calls. */
export function toWrappedPagedListRequest(request: PagedListRequest): WrappedPagedListRequest {
  return {
    orderBy: request.orderBy,
    secondaryOrderBy: request.secondaryOrderBy,
    pageNumber: request.pageNumber,
    pageSize: request.pageSize,
    filters: {
      filterItems: request.filters.map((item) => ({
        propertyName: item.propertyName,
        itemComparisonOperator: item.comparisonOperator,
        itemValue: item.value,
        allowNullValue: item.allowNullValue,
      })),
    },
  };
}
