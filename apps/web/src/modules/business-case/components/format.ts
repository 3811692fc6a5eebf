const formatters = new Map<string, Intl.NumberFormat>();

/** An amount in the job's currency, to its minor unit (the calculation has rounded it). */
export function money(amount: number, currency: string): string {
  let f = formatters.get(currency);
  if (!f) {
    try {
      f = new Intl.NumberFormat('en-GB', { style: 'currency', currency });
    } catch {
      f = new Intl.NumberFormat('en-GB', { minimumFractionDigits: 2 });
    }
    formatters.set(currency, f);
  }
  return f.format(amount);
}

export const percent = (p: number) => `${Number(p.toFixed(2))} %`;
