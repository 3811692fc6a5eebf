import {
  FIGURE_KEYS,
  FIGURE_LABELS,
  calculateBusinessCase,
  type BusinessCaseInputs,
  type JobDetails,
} from '@b2b/contract';
import Alert from '@mui/material/Alert';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { errorMessageOf } from '../../../lib/api-error';
import { useBusinessCase } from '../api/get-business-case';
import { useBusinessCaseSpend } from '../api/get-business-case-spend';
import { money, percent } from './format';
import { useT } from '../../../lib/i18n';

/**
 * The business case's printable summary (SPEC §2 printable/business-case/[scenarioId]): the
 * scenario's inputs, its figures per year and per card product, and how the net value is made
 * up — the same calculation as the calculator and the workbook. Without a scenario id it prints
 * the issuer's defaults over High and Medium scorers for three years, as the workbook does.
 */
export function BusinessCasePrintable({
  job,
  params,
}: {
  job: JobDetails;
  params?: string | readonly string[];
}) {
  const t = useT();
  const scenarioId = (Array.isArray(params) ? params[0] : (params as string | undefined)) ?? '';
  const context = useBusinessCase(job.id);
  const scenario = context.data?.scenarios.find((s) => s.id === scenarioId);
  const inputs: BusinessCaseInputs | undefined = context.data
    ? (scenario?.inputs ?? {
        years: 3,
        source: { kind: 'scoreLevel', levels: ['High', 'Medium'] },
        assumptions: context.data.defaults,
      })
    : undefined;
  const spend = useBusinessCaseSpend(
    job.id,
    inputs?.source ?? { kind: 'scoreLevel', levels: ['High'] },
    inputs !== undefined,
  );
  if (context.isError) return <Alert severity="error">{errorMessageOf(context.error)}</Alert>;
  if (spend.isError) return <Alert severity="error">{errorMessageOf(spend.error)}</Alert>;
  if (!context.data || !inputs || !spend.data) {
    return <LinearProgress aria-label={t('Loading the business case')} />;
  }
  if (scenarioId && !scenario)
    return <Alert severity="error">{t('No such scenario in this job.')}</Alert>;
  const currency = context.data.currency;
  const result = calculateBusinessCase(inputs, spend.data.cells, currency, t);
  const a = inputs.assumptions;
  return (
    <Stack spacing={2} data-printable-ready="true">
      <Typography variant="h4" component="h1">
        {t('Business Case: {{job}}', { job: job.name })}
      </Typography>
      <Typography>
        {scenario ? t('Scenario “{{name}}”', { name: scenario.name }) : t('Issuer defaults')} ·{' '}
        {inputs.years === 1 ? t('1 year') : t('{{count}} years', { count: inputs.years })} ·{' '}
        {t('amounts in {{currency}}', { currency })}
      </Typography>
      <Typography variant="h6" component="h2">
        {t('Net value to the buyer: {{net}}; issuer revenue: {{revenue}}', {
          net: money(result.total.total.netValue, currency),
          revenue: money(result.total.total.issuerRevenue, currency),
        })}
      </Typography>
      <Table size="small" aria-label={t('Business case per year')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('Figure')}</TableCell>
            {result.total.years.map((y) => (
              <TableCell key={y.year} align="right">
                {t('Year {{year}}', { year: y.year })}
              </TableCell>
            ))}
            <TableCell align="right">{t('Total')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {FIGURE_KEYS.filter((k) => k !== 'adoption').map((k) => (
            <TableRow key={k}>
              <TableCell>{t(FIGURE_LABELS[k])}</TableCell>
              {result.total.years.map((y) => (
                <TableCell key={y.year} align="right">
                  {money(y[k], currency)}
                </TableCell>
              ))}
              <TableCell align="right">{money(result.total.total[k], currency)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <Table size="small" aria-label={t('Business case by card product')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('Card product')}</TableCell>
            <TableCell align="right">{t('Suppliers')}</TableCell>
            <TableCell align="right">{t('Spend that can move')}</TableCell>
            <TableCell align="right">{t('Interchange / rebate')}</TableCell>
            <TableCell align="right">{t('Net value')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {result.products
            .filter((p) => p.included && p.suppliers > 0)
            .map((p) => (
              <TableRow key={p.product}>
                <TableCell>{p.name}</TableCell>
                <TableCell align="right">{p.suppliers}</TableCell>
                <TableCell align="right">{money(p.movableSpend, currency)}</TableCell>
                <TableCell align="right">
                  {percent(a.products[p.product].interchangePct)} /{' '}
                  {percent(a.products[p.product].rebatePct)}
                </TableCell>
                <TableCell align="right">{money(p.total.netValue, currency)}</TableCell>
              </TableRow>
            ))}
        </TableBody>
      </Table>
      <Typography variant="body2">
        {t(
          'Adoption {{adoption}} by year; cost per cheque {{cheque}}, ACH {{ach}}, wire {{wire}}, card {{card}}; billing cycle {{billing}} days, grace period {{grace}} days, cost of funds {{funds}}. Net value = buyer rebate + process savings + working-capital benefit; each supplier counts once, under the card product its best score is for.',
          {
            adoption: a.adoptionPct.slice(0, inputs.years).map(percent).join(', '),
            cheque: money(a.costPerPayment.Cheque, currency),
            ach: money(a.costPerPayment.ACH, currency),
            wire: money(a.costPerPayment.Wire, currency),
            card: money(a.costPerPayment.Card, currency),
            billing: a.billingCycleDays,
            grace: a.gracePeriodDays,
            funds: percent(a.costOfFundsPct),
          },
        )}
      </Typography>
    </Stack>
  );
}
