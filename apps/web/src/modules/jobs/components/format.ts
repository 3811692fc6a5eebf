import { formatMoneyIn, formatWhole } from '../../../lib/number-format';

// Shared with every module that shows a timestamp.
export { formatDateTime } from '../../../lib/date-format';

/** An amount in the job's currency, without decimals (spend figures are large). */
export function formatAmount(value: number, currency: string): string {
  return formatMoneyIn(value, currency) ?? `${formatWhole(value)} ${currency}`;
}
