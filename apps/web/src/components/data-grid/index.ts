export { isComparisonOperator, matchesComparison } from './comparison';
export {
  COMPARISON_OPERATOR_LABELS,
  getNumberFilterOperators,
  getStringFilterOperators,
  withServerFilterOperators,
} from './filter-operators';
export { pageRows } from './page-rows';
export { ServerDataGrid, type ServerDataGridProps } from './server-data-grid';
export {
  toComparisonOperator,
  toFilterItems,
  toOrderBy,
  toPagedListRequest,
  toWrappedPagedListRequest,
  type ServerGridState,
} from './to-paged-list-request';
