import type { PagedListRequest, PagedResponse } from '@b2b/contract';
import { matchesComparison } from './comparison';

function compareCells(a: unknown, b: unknown): number {
  // Empty cells first ascending, as the server orders them (nulls first).
  if (a === b) return 0;
  if (a === null || a === undefined) return -1;
  if (b === null || b === undefined) return 1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a).localeCompare(String(b));
}

function orderTerm(value: string | undefined) {
  if (!value) return undefined;
  const [field = '', direction = 'asc'] = value.trim().split(/\s+/);
  return { field, sign: direction.toLowerCase() === 'desc' ? -1 : 1 };
}

/**
 * Answers a paged list request from rows held in memory, with the server's semantics
 * (filters, orderBy and secondaryOrderBy, 1-based pages). For demonstrations and tests.
 */
export function pageRows<Row extends Record<string, unknown>>(
  rows: readonly Row[],
  request: PagedListRequest,
): PagedResponse<Row> {
  const filtered = rows.filter((row) =>
    request.filters.every((f) =>
      matchesComparison(row[f.propertyName], f.comparisonOperator, f.value),
    ),
  );
  const terms = [orderTerm(request.orderBy), orderTerm(request.secondaryOrderBy)].filter(
    (term) => term !== undefined,
  );
  const sorted = [...filtered].sort((a, b) => {
    for (const { field, sign } of terms) {
      const order = compareCells(a[field], b[field]);
      if (order !== 0) return sign * order;
    }
    return 0;
  });
  const { pageNumber, pageSize } = request;
  const totalPages = Math.ceil(sorted.length / pageSize);
  return {
    collection: sorted.slice((pageNumber - 1) * pageSize, pageNumber * pageSize),
    currentPage: pageNumber,
    hasNextPage: pageNumber < totalPages,
    hasPreviousPage: pageNumber > 1,
    pageSize,
    totalCount: sorted.length,
    totalPages,
  };
}
