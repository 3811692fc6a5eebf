import {
  DEFAULT_PAGE_SIZE,
  MAX_PAGE_SIZE,
  type FilterItem,
  type PagedListRequest,
  type PagedResponse,
  type WrappedPagedListRequest,
} from '@b2b/contract';
import type { GridSortModel } from '@mui/x-data-grid';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { readClientFlag } from '../../lib/client-flags/client-flags';
import {
  toPagedListRequest,
  toWrappedPagedListRequest,
  type ServerGridState,
} from './to-paged-list-request';

export type FetchPage<Request, Row> = (
  request: Request,
  signal: AbortSignal,
) => Promise<PagedResponse<Row>>;

/**
 * Where a server data grid's rows come from and what it shows before the user touches it:
 * ServerDataGrid's props of the same names. A page that wants its first rows asked before its
 * code has run (route-first-data.ts) keeps these in its module's `api/` and passes them to both.
 */
export type GridSource<Row> = {
  /** The list's query key; the request is appended, so invalidating the key refreshes it. */
  queryKey: QueryKey;
  /** Filters set outside the grid, sent beside the grid's own; a change goes back to page 1. */
  filters?: readonly FilterItem[];
  /** The sort before the user picks one, e.g. `[{ field: 'username', sort: 'asc' }]`. */
  initialSortModel?: GridSortModel;
  /** Second sort term when the grid has none (the community grid sorts by one column). */
  secondaryOrderBy?: string;
  /** 25 by default (SPEC.md section 9). */
  pageSize?: number;
} & (
  | { filterForm?: 'plain'; fetchPage: FetchPage<PagedListRequest, Row> }
  | { filterForm: 'wrapped'; fetchPage: FetchPage<WrappedPagedListRequest, Row> }
);

/** The grid's page, sort and filter before the user changes any. */
export function firstGridState<Row>(source: GridSource<Row>): ServerGridState {
  return {
    paginationModel: { page: 0, pageSize: source.pageSize ?? DEFAULT_PAGE_SIZE },
    sortModel: source.initialSortModel ?? [],
    filterModel: { items: [] },
    externalFilters: source.filters ?? [],
    secondaryOrderBy: source.secondaryOrderBy,
  };
}

function fetchGridPage<Row>(
  source: GridSource<Row>,
  request: PagedListRequest,
  signal: AbortSignal,
): Promise<PagedResponse<Row>> {
  return source.filterForm === 'wrapped'
    ? source.fetchPage(toWrappedPagedListRequest(request), signal)
    : source.fetchPage(request, signal);
}

/** The query of one page that the server pages, sorts and filters. */
export function gridPageQuery<Row>(source: GridSource<Row>, request: PagedListRequest) {
  return {
    queryKey: [...source.queryKey, request],
    queryFn: ({ signal }: { signal: AbortSignal }) => fetchGridPage(source, request, signal),
  };
}

/**
 * The query of every row the outside filters leave, up to the largest page: what the grid
 * pages, sorts and filters itself when the server-side-rendering flag is off (SPEC §9).
 */
export function wholeListQuery<Row>(source: GridSource<Row>) {
  const request: PagedListRequest = {
    pageNumber: 1,
    pageSize: MAX_PAGE_SIZE,
    filters: [...(source.filters ?? [])],
    ...(source.secondaryOrderBy ? { orderBy: source.secondaryOrderBy } : {}),
  };
  return {
    queryKey: [...source.queryKey, 'whole', request],
    queryFn: ({ signal }: { signal: AbortSignal }) => fetchGridPage(source, request, signal),
  };
}

/**
 * Asks for the rows a grid of this source shows first, under the key the grid will ask them
 * with, so that the grid finds them asked (or answered) when it mounts.
 */
export function prefetchFirstGridPage<Row>(
  queryClient: QueryClient,
  source: GridSource<Row>,
): Promise<void> {
  return readClientFlag('serverSideRendering')
    ? queryClient.prefetchQuery(gridPageQuery(source, toPagedListRequest(firstGridState(source))))
    : queryClient.prefetchQuery(wholeListQuery(source));
}
