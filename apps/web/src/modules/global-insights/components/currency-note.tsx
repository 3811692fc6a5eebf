import type { GlobalSummary } from '@b2b/contract';
import Typography from '@mui/material/Typography';
import { useT } from '../../../lib/i18n';
import type { Translate } from '../../../lib/i18n/i18n';
import { formatJobCount } from './format';

/**
 * Which currency the figures are in, and which jobs they leave out: there are no exchange
 * rates, so jobs in other currencies are never added in, and the reader must know it.
 */
function currencyStatement({ currency, currencies }: GlobalSummary, t: Translate): string | null {
  if (currency === null) return null;
  const jobCount = (n: number) => formatJobCount(n, t);
  const jobs = currencies.find((c) => c.currency === currency)?.jobs ?? 0;
  const others = currencies.filter((c) => c.currency !== currency);
  const shown = { jobs: jobCount(jobs), currency };
  if (others.length === 0)
    return jobs > 0
      ? t('Figures for {{jobs}} in {{currency}}.', shown)
      : t('No job in {{currency}} matches the filters.', shown);
  const left = others.reduce((sum, c) => sum + c.jobs, 0);
  const rest = { ...shown, left: jobCount(left), others: others.map((c) => c.currency).join(', ') };
  if (jobs > 0)
    return left === 1
      ? t(
          'Figures for {{jobs}} in {{currency}}; {{left}} in {{others}} is not included — choose their currency to see them.',
          rest,
        )
      : t(
          'Figures for {{jobs}} in {{currency}}; {{left}} in {{others}} are not included — choose their currency to see them.',
          rest,
        );
  return left === 1
    ? t(
        'No job in {{currency}} matches the filters; {{left}} in {{others}} is not included — choose their currency to see them.',
        rest,
      )
    : t(
        'No job in {{currency}} matches the filters; {{left}} in {{others}} are not included — choose their currency to see them.',
        rest,
      );
}

/** Stated on both tabs, under the filters that decide it. */
export function CurrencyNote({ summary }: { summary: GlobalSummary }) {
  const t = useT();
  const statement = currencyStatement(summary, t);
  return statement ? (
    <Typography variant="body2" role="status" sx={{ mt: 1.5 }}>
      {statement}
    </Typography>
  ) : null;
}
