import { formatMoneyIn, formatWhole } from '../../../lib/number-format';
import { t as translate, type Translate } from '../../../lib/i18n/i18n';

/**
 * Spend added up across jobs, always in one currency (the server never adds different ones); a
 * plain number only without a currency (no job) or for a code the browser does not know.
 */
export function formatSpend(value: number, currency: string | null): string {
  return (currency === null ? null : formatMoneyIn(value, currency)) ?? formatWhole(value);
}

/** "1 job", "12 jobs". */
export function formatJobCount(n: number, t: Translate = translate): string {
  return n === 1
    ? t('{{count}} job', { count: n.toLocaleString() })
    : t('{{count}} jobs', { count: n.toLocaleString() });
}
