import type { DashboardAnalysis } from '@b2b/contract';
import MenuItem from '@mui/material/MenuItem';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { UseQueryResult } from '@tanstack/react-query';
import { TileRow } from '../../../components/layout/tile-row';
import { formatMoneyIn, formatWhole } from '../../../lib/number-format';
import { DashboardTile } from './dashboard-tile';
import { tKey, useT } from '../../../lib/i18n';
import type { Translate } from '../../../lib/i18n/i18n';

/** An amount in the one currency of the figures; a plain number without one (no job yet). */
function money(value: number, currency: string | null): string {
  return (currency === null ? null : formatMoneyIn(value, currency)) ?? formatWhole(value);
}
const jobCount = (n: number, t: Translate) =>
  n === 1
    ? t('{{count}} job', { count: formatWhole(n) })
    : t('{{count}} jobs', { count: formatWhole(n) });

/**
 * The one currency the figures are in (there are no exchange rates, so amounts in different
 * currencies are never added), offered with each currency's job count.
 */
export function CurrencyChoice(props: {
  analysis: DashboardAnalysis | undefined;
  onChange: (currency: string) => void;
}) {
  const t = useT();
  const { analysis } = props;
  if (!analysis || analysis.currency === null || analysis.currencies.length === 0) return null;
  const others = analysis.currencies.filter((c) => c.currency !== analysis.currency);
  const left = others.reduce((n, c) => n + c.jobs, 0);
  const excluded = {
    currency: analysis.currency,
    jobs: jobCount(left, t),
    others: others.map((c) => c.currency).join(', '),
  };

  return (
    <>
      <TextField
        select
        size="small"
        label={t('Currency')}
        value={analysis.currency}
        sx={{ maxWidth: 200 }}
        onChange={(e) => props.onChange(e.target.value)}
      >
        {analysis.currencies.map((c) => (
          <MenuItem key={c.currency} value={c.currency}>
            {c.currency} ({jobCount(c.jobs, t)})
          </MenuItem>
        ))}
      </TextField>
      {left > 0 && (
        <Typography variant="note" role="status">
          {left === 1
            ? t('Figures in {{currency}}; {{jobs}} in {{others}} is not included.', excluded)
            : t('Figures in {{currency}}; {{jobs}} in {{others}} are not included.', excluded)}
        </Typography>
      )}
    </>
  );
}

type AnalysisTileProps = {
  query: UseQueryResult<DashboardAnalysis>;
  onCurrency: (currency: string) => void;
};

const globalInsights = (route: string, currency: string | null | undefined) =>
  currency ? `${route}?currency=${currency}` : route;

/** Match rate and spend analysed across the completed jobs the user may see. */
export function AnalysisTile({ query, onCurrency }: AnalysisTileProps) {
  const t = useT();
  return (
    <DashboardTile
      title={t('Match rate and spend analysed')}
      query={query}
      link={{
        route: '/global-insights/insights',
        to: globalInsights('/global-insights/insights', query.data?.currency),
        label: t('Open global insights'),
      }}
      actions={<CurrencyChoice analysis={query.data} onChange={onCurrency} />}
    >
      {(data) =>
        data.jobs === 0 ? (
          <Typography variant="note">
            {data.currency
              ? t('No completed job with insights in {{currency}} yet.', {
                  currency: data.currency,
                })
              : t('No completed job with insights yet.')}
          </Typography>
        ) : (
          <TileRow
            minTileWidth={150}
            tiles={[
              { label: tKey('Jobs analysed'), value: formatWhole(data.jobs) },
              {
                label: tKey('Match rate'),
                value: `${data.matchRatePercent}%`,
                note: t('{{matched}} of {{total}} suppliers', {
                  matched: formatWhole(data.matchedSuppliers),
                  total: formatWhole(data.suppliers),
                }),
              },
              { label: tKey('Spend analysed'), value: money(data.spend, data.currency) },
              {
                label: tKey('Matched spend'),
                value: `${data.matchedSpendPercent}%`,
                note: money(data.matchedSpend, data.currency),
              },
            ]}
          />
        )
      }
    </DashboardTile>
  );
}

/** Card acceptance per issuer: the share of suppliers and of spend with card acceptors. */
export function CardAcceptanceTile({ query }: { query: UseQueryResult<DashboardAnalysis> }) {
  const t = useT();
  return (
    <DashboardTile
      title={t('Card acceptance by issuer')}
      query={query}
      link={{
        route: '/global-insights/organizations',
        to: globalInsights('/global-insights/organizations', query.data?.currency),
        label: t('Open organizations'),
      }}
    >
      {(data) =>
        data.cardAcceptanceByIssuer.length === 0 ? (
          <Typography variant="note">
            {t('No issuer has analysed jobs in this currency.')}
          </Typography>
        ) : (
          <Table size="small" aria-label={t('Card acceptance by issuer')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('Issuer')}</TableCell>
                <TableCell align="right">{t('Jobs')}</TableCell>
                <TableCell align="right">{t('Suppliers accepting')}</TableCell>
                <TableCell align="right">{t('Spend accepting')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data.cardAcceptanceByIssuer.map((issuer) => (
                <TableRow key={issuer.issuerId}>
                  <TableCell component="th" scope="row">
                    {issuer.issuerName}
                  </TableCell>
                  <TableCell align="right">{formatWhole(issuer.jobs)}</TableCell>
                  <TableCell align="right">
                    {issuer.supplierPercent}% ({formatWhole(issuer.acceptingSuppliers)})
                  </TableCell>
                  <TableCell align="right">
                    {issuer.spendPercent}% ({money(issuer.acceptingSpend, data.currency)})
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )
      }
    </DashboardTile>
  );
}
