import type { PagedListRequest } from '@b2b/contract';
import Box from '@mui/material/Box';
import {
  DataGrid,
  type DataGridProps,
  type GridColDef,
  type GridFilterModel,
  type GridPaginationModel,
  type GridRowId,
  type GridRowSelectionModel,
  type GridSortModel,
  type GridValidRowModel,
} from '@mui/x-data-grid';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useDeferredValue, useEffect, useMemo, useState } from 'react';
import { errorMessageOf } from '../../lib/api-error';
import { useClientFlag } from '../../lib/client-flags';
import { useCan } from '../../lib/permissions';
import { useCopyToClipboard } from '../feedback/notifications/use-copy-to-clipboard';
import { withCopyIcons } from './copy-icon-cells';
import { withServerFilterOperators } from './filter-operators';
import { GridError, GridNotLoadedOverlay } from './grid-error-overlay';
import { pageRows } from './page-rows';
import { useGridLocaleText } from './grid-locale-text';
import { firstGridState, gridPageQuery, wholeListQuery, type GridSource } from './grid-queries';
import { toPagedListRequest } from './to-paged-list-request';

export type ServerDataGridProps<Row extends GridValidRowModel> = GridSource<Row> & {
  columns: readonly GridColDef<Row>[];
  /** The grid's accessible name. */
  label: string;
  pageSizeOptions?: readonly number[];
  /** Poll interval in milliseconds, applied while `refetch` is true. */
  refetchInterval?: number;
  /** The user's queries-refetch flag: false stops polling. True by default. */
  refetch?: boolean;
  getRowId?: DataGridProps<Row>['getRowId'];
  onRowClick?: DataGridProps<Row>['onRowClick'];
  /** A fixed height; without one the grid grows with its rows. */
  height?: number | string;
  /**
   * Row checkboxes, the header's selecting the page shown: the chosen rows of that page. A
   * change of page, sort or the grid's own filter empties it, so no hidden row stays chosen
   * (the owner of outside `filters` empties it when it changes them).
   */
  selection?: { rows: readonly Row[]; onChange: (rows: Row[]) => void };
  /** Told the total of the current request (all filters applied) whenever a page arrives. */
  onTotalCount?: (totalCount: number) => void;
};

/** About as many columns as a desktop screen shows side by side. */
const SCREEN_WIDE_COLUMNS = 12;

/**
 * MUI X Data Grid paged, sorted and filtered on the server through the paged list request,
 * loaded with TanStack Query (the previous page stays on screen while the next one loads).
 */
export function ServerDataGrid<Row extends GridValidRowModel>(props: ServerDataGridProps<Row>) {
  const { label, filters = [], secondaryOrderBy, refetch = true, selection } = props;
  const localeText = useGridLocaleText();
  // The first state is the one route-first-data.ts may have asked for before the page ran.
  const first = firstGridState(props);
  const pageSize = first.paginationModel.pageSize;
  const [paginationModel, setPaginationModel] = useState<GridPaginationModel>(
    first.paginationModel,
  );
  const [sortModel, setSortModel] = useState<GridSortModel>(first.sortModel);
  const [filterModel, setFilterModel] = useState<GridFilterModel>(first.filterModel);

  // New outside filters make the current page number meaningless: back to the first page.
  const filtersKey = JSON.stringify(filters);
  const [seenFiltersKey, setSeenFiltersKey] = useState(filtersKey);
  if (seenFiltersKey !== filtersKey) {
    setSeenFiltersKey(filtersKey);
    setPaginationModel((model) => ({ ...model, page: 0 }));
  }

  const request: PagedListRequest = toPagedListRequest({
    paginationModel,
    sortModel,
    filterModel,
    externalFilters: filters,
    secondaryOrderBy,
  });
  const refetchInterval = refetch && props.refetchInterval ? props.refetchInterval : false;

  // SPEC §9 server-side-rendering flag. On (the default): every page, sort and filter is asked
  // of the server. Off: the rows the outside filters leave are loaded once, up to the largest
  // page, and the grid pages, sorts and filters them in the browser with the server's
  // semantics (page-rows.ts), so a small table answers at once. A table with more rows than
  // that still pages on the server, as does one whose list refuses the large page.
  const [serverSide] = useClientFlag('serverSideRendering');
  const whole = useQuery({
    ...wholeListQuery(props),
    placeholderData: keepPreviousData,
    refetchInterval,
    enabled: !serverSide,
  });
  const wholeTooLarge = whole.data ? whole.data.totalCount > whole.data.collection.length : false;
  const inBrowser = !serverSide && !whole.isError && !wholeTooLarge;
  const server = useQuery({
    ...gridPageQuery(props, request),
    placeholderData: keepPreviousData,
    refetchInterval,
    enabled: !inBrowser,
  });
  // The request is a new object each render: its text says when the page shown changes.
  const requestText = JSON.stringify(request);
  const browserPage = useMemo(
    () =>
      inBrowser && whole.data
        ? pageRows(whole.data.collection, JSON.parse(requestText) as PagedListRequest)
        : undefined,
    [inBrowser, whole.data, requestText],
  );
  const query = inBrowser ? { ...whole, data: browserPage } : server;

  const { onTotalCount } = props;
  const totalCount = query.isPlaceholderData ? undefined : query.data?.totalCount;
  useEffect(() => {
    if (totalCount !== undefined) onTotalCount?.(totalCount);
  }, [totalCount, onTotalCount]);

  const copyIcons = useCan('ListCellCopyIcon_VIEW');
  const copy = useCopyToClipboard();
  const columns = useMemo(() => {
    const withOperators = withServerFilterOperators(props.columns);
    return copyIcons ? withCopyIcons(withOperators, copy) : withOperators;
  }, [props.columns, copyIcons, copy]);
  const pageSizeOptions =
    props.pageSizeOptions ?? [...new Set([10, pageSize, 50, 100])].sort((a, b) => a - b);
  const error = query.isError
    ? { message: errorMessageOf(query.error), onRetry: () => void query.refetch() }
    : null;
  // The grid is mounted in a deferred render, after the page around it has painted: mounted
  // with the page, it held the main thread for about a quarter of a second on a first load, in
  // one task with the frame. Until then an empty box of its skeleton's height holds its place
  // (docs/perf/lighthouse.md). Its rows are not deferred: a row checked while a deferred page
  // was pending lost its check.
  const drawn = useDeferredValue(true, false);
  // A grid as tall as its rows, with no more columns than a screen's width holds, draws every
  // cell of its page anyway: its virtualizer only measured itself (forced layouts) on the way
  // (docs/perf/lighthouse.md). A wider one (the suppliers' scores) keeps it for its columns.
  const drawsEveryCell = props.height === undefined && columns.length <= SCREEN_WIDE_COLUMNS;
  const rows = error ? [] : (query.data?.collection ?? []);
  const rowIdOf = (row: Row): GridRowId =>
    props.getRowId ? props.getRowId(row) : (row as unknown as { id: GridRowId }).id;
  const clearSelection = () => {
    if (selection?.rows.length) selection.onChange([]);
  };
  const selectionProps: Partial<DataGridProps<Row>> = selection
    ? {
        checkboxSelection: true,
        rowSelectionModel: { type: 'include', ids: new Set(selection.rows.map(rowIdOf)) },
        onRowSelectionModelChange: (model: GridRowSelectionModel) =>
          selection.onChange(
            rows.filter((row) => model.ids.has(rowIdOf(row)) === (model.type === 'include')),
          ),
      }
    : {};

  return (
    <Box sx={{ height: props.height, width: '100%', display: 'flex', flexDirection: 'column' }}>
      {error && <GridError {...error} />}
      {!drawn ? (
        <Box sx={{ minHeight: 160 }} aria-busy="true" />
      ) : (
        <DataGrid<Row>
          label={label}
          localeText={localeText}
          columns={columns}
          rows={rows}
          rowCount={query.data?.totalCount ?? 0}
          getRowId={props.getRowId}
          onRowClick={props.onRowClick}
          loading={query.isPending || (query.isPlaceholderData && query.isFetching)}
          autoHeight={props.height === undefined}
          disableVirtualization={drawsEveryCell}
          paginationMode="server"
          sortingMode="server"
          filterMode="server"
          paginationModel={paginationModel}
          onPaginationModelChange={(model) => {
            setPaginationModel(model);
            clearSelection();
          }}
          pageSizeOptions={pageSizeOptions}
          sortModel={sortModel}
          onSortModelChange={(model) => {
            setSortModel(model);
            setPaginationModel((current) => ({ ...current, page: 0 }));
            clearSelection();
          }}
          filterModel={filterModel}
          onFilterModelChange={(model) => {
            setFilterModel(model);
            setPaginationModel((current) => ({ ...current, page: 0 }));
            clearSelection();
          }}
          slots={error ? { noRowsOverlay: GridNotLoadedOverlay } : {}}
          slotProps={{ loadingOverlay: { variant: 'linear-progress', noRowsVariant: 'skeleton' } }}
          disableRowSelectionOnClick
          {...selectionProps}
        />
      )}
    </Box>
  );
}
