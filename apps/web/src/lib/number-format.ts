/**
 * Number formatters, made once per currency and reused: building an Intl.NumberFormat costs
 * far more than formatting with one, and a chart's table may format thousands of amounts.
 */
const moneyFormats = new Map<string, Intl.NumberFormat | null>();
const plainFormat = new Intl.NumberFormat(undefined, { maximumFractionDigits: 0 });

/** An amount in a currency, without decimals (spend figures are large); null for an unknown code. */
export function formatMoneyIn(value: number, currency: string): string | null {
  let format = moneyFormats.get(currency);
  if (format === undefined) {
    try {
      format = new Intl.NumberFormat(undefined, {
        style: 'currency',
        currency,
        maximumFractionDigits: 0,
      });
    } catch {
      format = null; // not an ISO 4217 code the browser knows
    }
    moneyFormats.set(currency, format);
  }
  return format ? format.format(value) : null;
}

/** A whole number with the reader's digit grouping. */
export function formatWhole(value: number): string {
  return plainFormat.format(value);
}

const numberFormat = new Intl.NumberFormat();

/** A number as `toLocaleString()` writes it (up to three decimals), without its cost per call. */
export function formatNumber(value: number): string {
  return numberFormat.format(value);
}
