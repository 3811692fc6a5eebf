import type { ComparisonOperator } from '@b2b/contract';
import {
  GridFilterInputValue,
  type GridColDef,
  type GridFilterInputValueProps,
  type GridFilterOperator,
  type GridValidRowModel,
} from '@mui/x-data-grid';
import { tKey } from '../../lib/i18n';
import { t } from '../../lib/i18n/i18n';
import { matchesComparison } from './comparison';

/** Menu labels of the comparison operators: keys, translated when a grid's columns are made. */
export const COMPARISON_OPERATOR_LABELS: Record<ComparisonOperator, string> = {
  Equal: tKey('equals'),
  NotEqual: tKey('does not equal'),
  GreaterThan: tKey('greater than'),
  GreaterThanOrEqual: tKey('greater than or equal'),
  LessThan: tKey('less than'),
  LessThanOrEqual: tKey('less than or equal'),
  Contains: tKey('contains'),
  StartsWith: tKey('starts with'),
  EndsWith: tKey('ends with'),
};

type InputProps = GridFilterInputValueProps & { type?: 'text' | 'number' };
type ComparisonFilterOperator<Row extends GridValidRowModel> = GridFilterOperator<
  Row,
  unknown,
  unknown,
  InputProps
>;

function operator<Row extends GridValidRowModel>(
  value: ComparisonOperator,
  type: 'text' | 'number',
): ComparisonFilterOperator<Row> {
  return {
    // The operator's value is the contract's own name: the request maps it 1:1.
    value,
    label: t(COMPARISON_OPERATOR_LABELS[value]),
    InputComponent: GridFilterInputValue,
    InputComponentProps: { type },
    // Unused in server mode; kept so the same columns also filter rows held in memory.
    getApplyFilterFn: (item) => {
      if (item.value === undefined || item.value === '') return null;
      return (cell) => matchesComparison(cell, value, item.value as string | number);
    },
  };
}

/** Text columns: contains (the default), equals, does not equal, starts with, ends with. */
export function getStringFilterOperators<Row extends GridValidRowModel>() {
  return (['Contains', 'Equal', 'NotEqual', 'StartsWith', 'EndsWith'] as const).map((value) =>
    operator<Row>(value, 'text'),
  );
}

/** Number columns: equals (the default), does not equal and the four orderings. */
export function getNumberFilterOperators<Row extends GridValidRowModel>() {
  return (
    [
      'Equal',
      'NotEqual',
      'GreaterThan',
      'GreaterThanOrEqual',
      'LessThan',
      'LessThanOrEqual',
    ] as const
  ).map((value) => operator<Row>(value, 'number'));
}

/**
 * Gives string and number columns the comparison operators of the paged list request. A
 * column of another type keeps its own operators only if it declares them (they must map to
 * the contract, see toPagedListRequest); otherwise it is not filterable.
 */
export function withServerFilterOperators<Row extends GridValidRowModel>(
  columns: readonly GridColDef<Row>[],
): GridColDef<Row>[] {
  return columns.map((column) => {
    if (column.filterOperators || column.filterable === false) return column;
    const type = column.type ?? 'string';
    // Spreading a union of column types loses its discriminant; the type field is unchanged.
    if (type === 'string') {
      return { ...column, filterOperators: getStringFilterOperators<Row>() } as GridColDef<Row>;
    }
    if (type === 'number') {
      return { ...column, filterOperators: getNumberFilterOperators<Row>() } as GridColDef<Row>;
    }
    return { ...column, filterable: false } as GridColDef<Row>;
  });
}
