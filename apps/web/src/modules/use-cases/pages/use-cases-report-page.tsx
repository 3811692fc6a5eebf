import type { JobDetails, UseCase } from '@b2b/contract';
import Print from '@mui/icons-material/Print';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { Section } from '../../../components/layout/section';
import { errorMessageOf } from '../../../lib/api-error';
import { useJobUseCases } from '../api/list-job-use-cases';
import { listJobUseCaseSuppliers } from '../api/list-job-use-case-suppliers';
import { useCasesQueryKeys } from '../api/use-cases-query-keys';
import { CampaignProgress } from '../components/campaign-progress';
import { describeFilter, formatMoney, productName } from '../components/format';
import { translateServerMessage, useT } from '../../../lib/i18n';

const TOP = 5;

function TopSuppliers({ job, useCase }: { job: JobDetails; useCase: UseCase }) {
  const t = useT();
  const top = useQuery({
    queryKey: [...useCasesQueryKeys.suppliers(job.id, useCase.id), 'top', TOP, useCase.updatedAt],
    queryFn: ({ signal }) =>
      listJobUseCaseSuppliers(
        job.id,
        useCase.id,
        { pageNumber: 1, pageSize: TOP, filters: [], orderBy: 'annualSpend desc' },
        signal,
      ),
  });
  if (top.isError) return <Alert severity="error">{errorMessageOf(top.error)}</Alert>;
  if (!top.data)
    return (
      <LinearProgress
        aria-label={t('Loading the top suppliers of {{useCase}}', { useCase: useCase.name })}
      />
    );
  if (top.data.collection.length === 0)
    return <Typography variant="body2">{t('No suppliers.')}</Typography>;
  return (
    <Table size="small" aria-label={t('Top suppliers of {{useCase}}', { useCase: useCase.name })}>
      <TableHead>
        <TableRow>
          <TableCell>{t('Supplier')}</TableCell>
          <TableCell align="right">{t('Annual spend')}</TableCell>
          <TableCell>{t('Paid by')}</TableCell>
          <TableCell>{t('Match')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {top.data.collection.map((s) => (
          <TableRow key={s.supplierKey}>
            <TableCell>{s.supplierName}</TableCell>
            <TableCell align="right">
              {s.annualSpend === null ? '—' : formatMoney(s.annualSpend, job.currency)}
            </TableCell>
            <TableCell>{s.mainPaymentMethod ?? '—'}</TableCell>
            <TableCell>
              {t('{{status}} ({{confidence}})', {
                status: t(s.matchStatus),
                confidence: t(s.confidence),
              })}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/**
 * The body of the Use Cases Report (SPEC §2 report/use-cases): the job's use cases with their
 * value and top suppliers, and campaign progress, with no page chrome, so the report page and
 * its printable (PDF) route render the same thing.
 */
export function UseCasesReportBody({ job }: { job: JobDetails }) {
  const t = useT();
  const list = useJobUseCases(job.id);
  if (list.isError) return <Alert severity="error">{errorMessageOf(list.error)}</Alert>;
  if (!list.data) return <LinearProgress aria-label={t('Loading the use cases')} />;
  const { useCases, currency } = list.data;
  const total = (pick: (u: UseCase) => number) => useCases.reduce((n, u) => n + pick(u), 0);
  return (
    <Stack spacing={2}>
      <Section title={t('Summary')} headingLevel={3}>
        {useCases.length === 0 ? (
          <Typography variant="body2">{t('This job has no use cases yet.')}</Typography>
        ) : (
          <Table size="small" aria-label={t('Use case summary')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('Use case')}</TableCell>
                <TableCell>{t('Card product')}</TableCell>
                <TableCell align="right">{t('Suppliers')}</TableCell>
                <TableCell align="right">{t('Spend')}</TableCell>
                <TableCell align="right">{t('Estimated value')}</TableCell>
                <TableCell>{t('Risk')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {useCases.map((u) => (
                <TableRow key={u.id}>
                  <TableCell>{u.name}</TableCell>
                  <TableCell>{productName(u.cardProduct)}</TableCell>
                  <TableCell align="right">{u.figures.suppliers.toLocaleString()}</TableCell>
                  <TableCell align="right">{formatMoney(u.figures.spend, currency)}</TableCell>
                  <TableCell align="right">
                    {formatMoney(u.figures.value.total, currency)}
                  </TableCell>
                  <TableCell>{t(u.figures.risk.level)}</TableCell>
                </TableRow>
              ))}
              <TableRow>
                <TableCell colSpan={4}>
                  <strong>{t('Estimated value of all use cases')}</strong>{' '}
                  {t('(a supplier in several counts in each)')}
                </TableCell>
                <TableCell align="right">
                  <strong>
                    {formatMoney(
                      total((u) => u.figures.value.total),
                      currency,
                    )}
                  </strong>
                </TableCell>
                <TableCell />
              </TableRow>
            </TableBody>
          </Table>
        )}
      </Section>
      {useCases.map((u) => (
        <Section key={u.id} title={u.name} headingLevel={3}>
          <Typography variant="body2">
            {productName(u.cardProduct)} · {u.recommendedAction || t('No action written yet.')}
          </Typography>
          <Typography variant="note" component="p">
            {t('Rule: {{rule}}', {
              rule:
                u.rule.filters.map((f) => describeFilter(f, t)).join(' · ') || t('every supplier'),
            })}
          </Typography>
          <Typography variant="body2" sx={{ my: 1 }}>
            {t(
              '{{suppliers}} suppliers, {{spend}} spend; estimated value {{value}} ({{rebate}} rebate, {{savings}} process savings).',
              {
                suppliers: u.figures.suppliers.toLocaleString(),
                spend: formatMoney(u.figures.spend, currency),
                value: formatMoney(u.figures.value.total, currency),
                rebate: formatMoney(u.figures.value.rebate, currency),
                savings: formatMoney(u.figures.value.processSavings, currency),
              },
            )}{' '}
            {t('{{level}} risk: {{reasons}}', {
              level: t(u.figures.risk.level),
              reasons: u.figures.risk.reasons.map(translateServerMessage).join(' '),
            })}
          </Typography>
          <TopSuppliers job={job} useCase={u} />
        </Section>
      ))}
      <Section title={t('Campaign progress')} headingLevel={3}>
        <CampaignProgress jobId={job.id} useCases={useCases} />
      </Section>
    </Stack>
  );
}

/**
 * /jobs/:jobId/report/use-cases (Use Cases Report): a readable, printable summary of the job's
 * use cases, their value and top suppliers, and campaign progress.
 */
export function UseCasesReportPage({ job }: { job: JobDetails }) {
  const t = useT();
  return (
    <Stack spacing={2}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
        <Typography variant="h5" component="h2">
          {t('Use cases of {{job}}', { job: job.name })}
        </Typography>
        <Button startIcon={<Print />} onClick={() => window.print()} sx={{ displayPrint: 'none' }}>
          {t('Print')}
        </Button>
      </Stack>
      <UseCasesReportBody job={job} />
    </Stack>
  );
}
