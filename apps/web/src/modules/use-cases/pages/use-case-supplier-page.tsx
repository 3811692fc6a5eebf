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
import { useT } from '../../../lib/i18n';

/**
 * /jobs/:jobId/use-cases/:useCaseId/:supplierKey — a supplier's facts and why it is (or is not)
 * in the use case: every rule line with the supplier's value and whether it passes.
 */
/** Why the issuer's supplier lists leave a supplier out of every use case (SPEC §3). */
const LEFT_OUT_BY: Record<SupplierLeftOutBy, string> = {
  IssuerExcludeList: 'the issuer’s supplier exclude list names it',
  IssuerIncludeList: 'the issuer’s supplier include list does not name it',
};

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
          ? `In “${useCaseName}”: it meets every line of the rule.`
          : leftOutBy
            ? `Not in “${useCaseName}”: ${LEFT_OUT_BY[leftOutBy]}${missed > 0 ? `, and it misses ${missed} line(s) of the rule` : ''}.`
            : `Not in “${useCaseName}”: it misses ${missed} line(s) of the rule.`}{' '}
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
                <TableCell>{describeFilter({ ...c, allowNullValue: false })}</TableCell>
                <TableCell>{c.supplierValue === null ? '—' : String(c.supplierValue)}</TableCell>
                <TableCell aria-label={c.passes ? 'Meets it' : 'Does not meet it'}>
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
            ['Supplier key', s.supplierKey],
            ['Country', s.country],
            ['Annual spend', money(s.annualSpend)],
            ['Payments', s.paymentCount?.toLocaleString()],
            [PROPERTY_LABELS.mainPaymentMethod!, s.mainPaymentMethod],
            ['Match', `${s.matchStatus} (${s.confidence})`],
            ['Merchant', s.merchantName],
            ['MCC', s.mcc],
            ['Card capability', s.cardCapability],
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
