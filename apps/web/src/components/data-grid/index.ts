export { getNumberFilterOperators, getStringFilterOperators } from './filter-operators';
export { pageRows } from './page-rows';
export { ServerDataGrid } from './server-data-grid';
export { useGridLocaleText } from './grid-locale-text';
