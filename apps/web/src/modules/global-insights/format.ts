import { formatMoneyIn, formatWhole } from '../../lib/number-format';

/**
 * Spend added up across jobs: in their currency when they share one; otherwise a plain number
 * (amounts in several currencies are added as recorded, and the page says which).
 */
export function formatSpend(value: number, currencies: readonly string[]): string {
  const inCurrency = currencies.length === 1 ? formatMoneyIn(value, currencies[0]!) : null;
  return inCurrency ?? formatWhole(value);
}
