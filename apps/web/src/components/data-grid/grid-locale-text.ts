import type { GridLocaleText } from '@mui/x-data-grid';
import { useMemo } from 'react';
import { useT } from '../../lib/i18n';
import type { Translate } from '../../lib/i18n/i18n';
import { pageButtonLabel } from '../../theme/component-texts';

const number = (n: number) => n.toLocaleString('en-US');

/**
 * The data grid's own words that our grids show (overlays, pagination, column menu, filter
 * panel, selection), through i18next like every UI string (docs/architecture.md,
 * "Translations"). The English keys are the grid's own English, so English reads as before;
 * the grid's other texts (toolbar, pivot, charts) belong to features our grids do not use.
 */
export function gridLocaleText(t: Translate): Partial<GridLocaleText> {
  return {
    noRowsLabel: t('No rows'),
    noResultsOverlayLabel: t('No results found.'),
    noColumnsOverlayLabel: t('No columns'),
    noColumnsOverlayManageColumns: t('Manage columns'),
    columnsManagementSearchTitle: t('Search'),
    columnsManagementNoColumns: t('No columns'),
    columnsManagementShowHideAllText: t('Show/Hide All'),
    columnsManagementReset: t('Reset'),
    columnsManagementDeleteIconLabel: t('Clear'),
    filterPanelAddFilter: t('Add filter'),
    filterPanelRemoveAll: t('Remove all'),
    filterPanelDeleteIconLabel: t('Delete'),
    filterPanelLogicOperator: t('Logic operator'),
    filterPanelOperator: t('Operator'),
    filterPanelOperatorAnd: t('And'),
    filterPanelOperatorOr: t('Or'),
    filterPanelColumn: t('Column'),
    filterPanelInputLabel: t('Value'),
    filterPanelInputPlaceholder: t('Filter value'),
    columnMenuLabel: t('Menu'),
    columnMenuAriaLabel: (column: string) => t('{{column}} column menu', { column }),
    columnMenuShowColumns: t('Show columns'),
    columnMenuManageColumns: t('Manage columns'),
    columnMenuFilter: t('Filter'),
    columnMenuHideColumn: t('Hide column'),
    columnMenuUnsort: t('Unsort'),
    columnMenuSortAsc: t('Sort by ASC'),
    columnMenuSortDesc: t('Sort by DESC'),
    columnHeaderFiltersTooltipActive: (count: number) =>
      count === 1
        ? t('{{count}} active filter', { count })
        : t('{{count}} active filters', { count }),
    columnHeaderFiltersLabel: t('Show filters'),
    columnHeaderSortIconLabel: t('Sort'),
    footerRowSelected: (count: number) =>
      count === 1
        ? t('{{count}} row selected', { count: count.toLocaleString() })
        : t('{{count}} rows selected', { count: count.toLocaleString() }),
    checkboxSelectionHeaderName: t('Checkbox selection'),
    checkboxSelectionSelectAllRows: t('Select all rows'),
    checkboxSelectionUnselectAllRows: t('Unselect all rows'),
    checkboxSelectionSelectRow: t('Select row'),
    checkboxSelectionUnselectRow: t('Unselect row'),
    paginationRowsPerPage: t('Rows per page:'),
    paginationDisplayedRows: ({ from, to, count, estimated }) => {
      const range = { from: number(from), to: number(to) };
      if (count !== -1 && count !== null && count !== undefined)
        return t('{{from}}–{{to}} of {{count}}', { ...range, count: number(count) });
      return estimated && estimated > to
        ? t('{{from}}–{{to}} of around {{estimated}}', { ...range, estimated: number(estimated) })
        : t('{{from}}–{{to}} of more than {{to}}', range);
    },
    paginationItemAriaLabel: (type) => pageButtonLabel(t, type),
  };
}

/** The grid's words in the user's language, for a DataGrid's `localeText`. */
export function useGridLocaleText(): Partial<GridLocaleText> {
  const t = useT();
  return useMemo(() => gridLocaleText(t), [t]);
}
