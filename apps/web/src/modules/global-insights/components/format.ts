import { formatMoneyIn, formatWhole } from '../../../lib/number-format';

/**
 * Spend added up across jobs, always in one currency (the server never adds different ones); a
 * plain number only without a currency (no job) or for a code the browser does not know.
 */
export function formatSpend(value: number, currency: string | null): string {
  return (currency === null ? null : formatMoneyIn(value, currency)) ?? formatWhole(value);
}

/** "1 job", "12 jobs". */
export function formatJobCount(n: number): string {
  return `${n.toLocaleString()} ${n === 1 ? 'job' : 'jobs'}`;
}
