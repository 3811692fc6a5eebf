/**
 * Spend added up across jobs: in their currency when they share one; otherwise a plain number
 * (amounts in several currencies are added as recorded, and the page says which).
 */
export function formatSpend(value: number, currencies: readonly string[]): string {
  if (currencies.length === 1) {
    try {
      return new Intl.NumberFormat(undefined, {
        style: 'currency',
        currency: currencies[0],
        maximumFractionDigits: 0,
      }).format(value);
    } catch {
      // An unknown code falls through to the plain figure.
    }
  }
  return Math.round(value).toLocaleString();
}
