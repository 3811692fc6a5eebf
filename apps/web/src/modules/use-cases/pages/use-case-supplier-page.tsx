import type { JobDetails, SupplierLeftOutBy } from '@b2b/contract';
import Alert from '@mui/material/Alert';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useParams } from 'react-router';
import { FactList } from '../../../components/layout/fact-list';
import { Section } from '../../../components/layout/section';
import { errorMessageOf } from '../../../lib/api-error';
import { useJobUseCaseSupplier } from '../api/get-job-use-case-supplier';
import { PROPERTY_LABELS, describeFilter, formatMoney } from '../components/format';
import { tKey, useT } from '../../../lib/i18n';

/**
 * Why the issuer's supplier lists leave a supplier out of every use case (SPEC §3): whole
 * sentences (keys, shown with `t`), with and without the rule lines it misses as well.
 */
const LEFT_OUT_BY: Record<SupplierLeftOutBy, { alone: string; andMissed: string }> = {
  IssuerExcludeList: {
    alone: tKey('Not in “{{useCase}}”: the issuer’s supplier exclude list names it.'),
    andMissed: tKey(
      'Not in “{{useCase}}”: the issuer’s supplier exclude list names it, and it misses {{count}} line(s) of the rule.',
    ),
  },
  IssuerIncludeList: {
    alone: tKey('Not in “{{useCase}}”: the issuer’s supplier include list does not name it.'),
    andMissed: tKey(
      'Not in “{{useCase}}”: the issuer’s supplier include list does not name it, and it misses {{count}} line(s) of the rule.',
    ),
  },
};

/**
 * /jobs/:jobId/use-cases/:useCaseId/:supplierKey — a supplier's facts and why it is (or is not)
 * in the use case: every rule line with the supplier's value and whether it passes.
 */

export function UseCaseSupplierPage({ job }: { job: JobDetails }) {
  const t = useT();
  const { useCaseId = '', supplierKey = '' } = useParams();
  const found = useJobUseCaseSupplier(job.id, useCaseId, supplierKey);
  if (found.isError) return <Alert severity="error">{errorMessageOf(found.error)}</Alert>;
  if (!found.data) return <LinearProgress aria-label={t('Loading the supplier')} />;
  const { supplier: s, checks, inUseCase, leftOutBy, useCaseName } = found.data;
  const missed = checks.filter((c) => !c.passes).length;
  const money = (v: number | null) => (v === null ? '—' : formatMoney(v, job.currency));
  return (
    <Stack spacing={2}>
      <Typography variant="h5" component="h2">
        {s.supplierName}
      </Typography>
      <Alert severity={inUseCase ? 'success' : 'warning'}>
        {inUseCase
          ? t('In “{{useCase}}”: it meets every line of the rule.', { useCase: useCaseName })
          : leftOutBy
            ? t(missed > 0 ? LEFT_OUT_BY[leftOutBy].andMissed : LEFT_OUT_BY[leftOutBy].alone, {
                useCase: useCaseName,
                count: missed,
              })
            : t('Not in “{{useCase}}”: it misses {{count}} line(s) of the rule.', {
                useCase: useCaseName,
                count: missed,
              })}{' '}
        <Link component={RouterLink} to={`/jobs/${job.id}/use-cases/${useCaseId}`}>
          {t('Back to the use case')}
        </Link>
      </Alert>
      <Section title={t('Why in this use case')} headingLevel={3}>
        <Table size="small" aria-label={t('Rule lines')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('Rule line')}</TableCell>
              <TableCell>{t('Supplier’s value')}</TableCell>
              <TableCell>{t('Meets it')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {checks.map((c) => (
              <TableRow key={c.index}>
                <TableCell>{describeFilter({ ...c, allowNullValue: false }, t)}</TableCell>
                <TableCell>{c.supplierValue === null ? '—' : String(c.supplierValue)}</TableCell>
                <TableCell aria-label={c.passes ? t('Meets it') : t('Does not meet it')}>
                  {c.passes ? '✓' : '✗'}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Section>
      <Section title={t('Supplier')} headingLevel={3}>
        <FactList
          label={t('Supplier facts')}
          facts={[
            [t('Supplier key'), s.supplierKey],
            [t('Country'), s.country],
            [t('Annual spend'), money(s.annualSpend)],
            [t('Payments'), s.paymentCount?.toLocaleString()],
            [t(PROPERTY_LABELS.mainPaymentMethod!), s.mainPaymentMethod],
            [
              t('Match'),
              t('{{status}} ({{confidence}})', {
                status: t(s.matchStatus),
                confidence: t(s.confidence),
              }),
            ],
            [t('Merchant'), s.merchantName],
            [t('MCC'), s.mcc],
            [t('Card capability'), s.cardCapability],
          ]}
        />
        <Link
          component={RouterLink}
          to={`/jobs/${job.id}/suppliers/${encodeURIComponent(s.supplierKey)}`}
        >
          {t('Full supplier details')}
        </Link>
      </Section>
    </Stack>
  );
}
