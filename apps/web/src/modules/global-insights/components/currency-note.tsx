import type { GlobalSummary } from '@b2b/contract';
import Typography from '@mui/material/Typography';
import { formatJobCount as jobCount } from './format';

/**
 * Which currency the figures are in, and which jobs they leave out: there are no exchange
 * rates, so jobs in other currencies are never added in, and the reader must know it.
 */
function currencyStatement({ currency, currencies }: GlobalSummary): string | null {
  if (currency === null) return null;
  const jobs = currencies.find((c) => c.currency === currency)?.jobs ?? 0;
  const others = currencies.filter((c) => c.currency !== currency);
  const figures =
    jobs > 0
      ? `Figures for ${jobCount(jobs)} in ${currency}`
      : `No job in ${currency} matches the filters`;
  if (others.length === 0) return `${figures}.`;
  const left = others.reduce((sum, c) => sum + c.jobs, 0);
  const codes = others.map((c) => c.currency).join(', ');
  return `${figures}; ${jobCount(left)} in ${codes} ${left === 1 ? 'is' : 'are'} not included — choose their currency to see them.`;
}

/** Stated on both tabs, under the filters that decide it. */
export function CurrencyNote({ summary }: { summary: GlobalSummary }) {
  const statement = currencyStatement(summary);
  return statement ? (
    <Typography variant="body2" role="status" sx={{ mt: 1.5 }}>
      {statement}
    </Typography>
  ) : null;
}
