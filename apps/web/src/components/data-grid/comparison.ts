import { COMPARISON_OPERATORS, type ComparisonOperator, type FilterItem } from '@b2b/contract';

export function isComparisonOperator(value: string): value is ComparisonOperator {
  return (COMPARISON_OPERATORS as readonly string[]).includes(value);
}

function compareOrder(cell: unknown, target: string | number | boolean): number {
  // A number typed into a filter box may arrive as text.
  if (typeof cell === 'number' && target !== '' && Number.isFinite(Number(target))) {
    return cell - Number(target);
  }
  const a = String(cell);
  const b = String(target);
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Whether a cell value passes one comparison, with the server's semantics: Contains,
 * StartsWith and EndsWith ignore case; Equal and NotEqual are exact; a null value asks for an
 * empty (Equal) or non-empty (NotEqual) cell.
 */
export function matchesComparison(
  cell: unknown,
  operator: ComparisonOperator,
  value: FilterItem['value'],
): boolean {
  if (value === null) {
    if (operator === 'Equal') return cell === null || cell === undefined;
    if (operator === 'NotEqual') return cell !== null && cell !== undefined;
    return false;
  }
  if (cell === null || cell === undefined) return operator === 'NotEqual';
  const text = String(cell).toLowerCase();
  const wanted = String(value).toLowerCase();
  switch (operator) {
    case 'Contains':
      return text.includes(wanted);
    case 'StartsWith':
      return text.startsWith(wanted);
    case 'EndsWith':
      return text.endsWith(wanted);
    case 'Equal':
      return compareOrder(cell, value) === 0;
    case 'NotEqual':
      return compareOrder(cell, value) !== 0;
    case 'GreaterThan':
      return compareOrder(cell, value) > 0;
    case 'GreaterThanOrEqual':
      return compareOrder(cell, value) >= 0;
    case 'LessThan':
      return compareOrder(cell, value) < 0;
    case 'LessThanOrEqual':
      return compareOrder(cell, value) <= 0;
  }
}
