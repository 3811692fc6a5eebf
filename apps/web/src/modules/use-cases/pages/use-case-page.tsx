import type { JobDetails, SupplierResult } from '@b2b/contract';
import Alert from '@mui/material/Alert';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { useMemo } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { ServerDataGrid } from '../../../components/data-grid';
import { FactList } from '../../../components/layout/fact-list';
import { Section } from '../../../components/layout/section';
import { errorMessageOf } from '../../../lib/api-error';
import { useJobUseCase } from '../api/get-job-use-case';
import { listJobUseCaseSuppliers } from '../api/list-job-use-case-suppliers';
import { useCasesQueryKeys } from '../api/use-cases-query-keys';
import { describeFilter, formatMoney, percent, productName } from '../components/format';
import { RiskChip } from '../components/risk-chip';
import { ValueBreakdown } from '../components/value-breakdown';
import { translateServerMessage, useT } from '../../../lib/i18n';
import type { Translate } from '../../../lib/i18n/i18n';

const scoreField = {
  Optima: 'optimaScore',
  Stp: 'stpScore',
  Vcard: 'vcardScore',
  Pcard: 'pcardScore',
  TandEcard: 'tandEcardScore',
  Scf: 'scfScore',
  InstantPay: 'instantPayScore',
  Boost: 'boostScore',
} as const;

/** The suppliers tab's main columns, with the use case's product score. */
function columns(
  job: JobDetails,
  useCaseId: string,
  product: keyof typeof scoreField,
  t: Translate,
) {
  const money = (value: number | null) => (value === null ? '—' : formatMoney(value, job.currency));
  const cols: GridColDef<SupplierResult>[] = [
    {
      field: 'supplierName',
      headerName: t('Supplier'),
      flex: 1,
      minWidth: 200,
      renderCell: ({ row }) => (
        <Link
          component={RouterLink}
          to={`/jobs/${job.id}/use-cases/${useCaseId}/${encodeURIComponent(row.supplierKey)}`}
          onClick={(event) => event.stopPropagation()}
        >
          {row.supplierName}
        </Link>
      ),
    },
    { field: 'country', headerName: t('Country'), width: 90 },
    {
      field: 'annualSpend',
      headerName: t('Annual spend'),
      type: 'number',
      width: 140,
      valueFormatter: money,
    },
    { field: 'paymentCount', headerName: t('Payments'), type: 'number', width: 100 },
    { field: 'mainPaymentMethod', headerName: t('Paid by'), width: 110 },
    { field: 'matchStatus', headerName: t('Match'), width: 110 },
    { field: 'confidence', headerName: t('Confidence'), width: 110 },
    { field: 'cardAccepting', headerName: t('Accepts card'), width: 120 },
    {
      field: scoreField[product],
      headerName: t('{{product}} score', { product: productName(product) }),
      type: 'number',
      width: 150,
    },
  ];
  return cols;
}

/**
 * /jobs/:jobId/use-cases/:useCaseId — a use case's facts, its value with the inputs, its risk
 * with the reasons, and its suppliers (server-paged and sortable, as the suppliers tab).
 */
export function UseCasePage({ job }: { job: JobDetails }) {
  const t = useT();
  const { useCaseId = '' } = useParams();
  const navigate = useNavigate();
  const useCase = useJobUseCase(job.id, useCaseId);
  const product = useCase.data?.cardProduct ?? 'Vcard';
  const gridColumns = useMemo(
    () => columns(job, useCaseId, product, t),
    [job, useCaseId, product, t],
  );

  if (useCase.isError) return <Alert severity="error">{errorMessageOf(useCase.error)}</Alert>;
  if (!useCase.data) return <LinearProgress aria-label={t('Loading the use case')} />;
  const u = useCase.data;
  const { figures } = u;
  return (
    <Stack spacing={2}>
      <Typography variant="h5" component="h2">
        {u.name}
      </Typography>
      <Section title={t('Use case')} headingLevel={3}>
        <FactList
          label={t('Use case facts')}
          facts={[
            [t('Card product'), productName(u.cardProduct)],
            [t('Recommended action'), u.recommendedAction],
            [t('Description'), u.description],
            [t('Suppliers'), figures.suppliers.toLocaleString()],
            [t('Spend'), formatMoney(figures.spend, figures.currency)],
            [t('Estimated value'), formatMoney(figures.value.total, figures.currency)],
            [t('Risk'), <RiskChip key="risk" risk={figures.risk} />],
            [t('Created by'), u.createdByName],
          ]}
        />
        <Typography variant="subtitle2" component="h4" sx={{ mt: 2 }}>
          {t('Rule')}
        </Typography>
        <ul aria-label={t('Rule')}>
          {u.rule.filters.length === 0 && <li>{t('Every supplier of the job')}</li>}
          {u.rule.filters.map((f, i) => (
            <li key={i}>{describeFilter(f, t)}</li>
          ))}
        </ul>
      </Section>
      <Section title={t('Estimated value')} headingLevel={3}>
        <ValueBreakdown figures={figures} />
      </Section>
      <Section title={t('Risk')} headingLevel={3}>
        <Typography variant="body2">
          {t(
            '{{level}} risk · {{lowConfidence}} Low or no confidence · {{unmatched}} unmatched · {{noContact}} without a contact e-mail · largest supplier {{largest}} of spend',
            {
              level: figures.risk.level,
              lowConfidence: percent(figures.risk.lowConfidenceShare),
              unmatched: percent(figures.risk.unmatchedShare),
              noContact: percent(figures.risk.noContactShare),
              largest: percent(figures.risk.largestSupplierShare),
            },
          )}
        </Typography>
        <ul aria-label={t('Risk reasons')}>
          {figures.risk.reasons.map((r) => (
            // Worded by the server in English; a key of the catalogue (uiText on the server).
            <li key={r}>{translateServerMessage(r)}</li>
          ))}
        </ul>
      </Section>
      <ServerDataGrid<SupplierResult>
        label={t('Use case suppliers')}
        queryKey={[...useCasesQueryKeys.suppliers(job.id, useCaseId), job.completedAt, u.updatedAt]}
        columns={gridColumns}
        fetchPage={(request, signal) => listJobUseCaseSuppliers(job.id, useCaseId, request, signal)}
        getRowId={(row) => row.supplierKey}
        initialSortModel={[{ field: 'annualSpend', sort: 'desc' }]}
        secondaryOrderBy="supplierKey"
        onRowClick={({ row }) =>
          void navigate(
            `/jobs/${job.id}/use-cases/${useCaseId}/${encodeURIComponent(row.supplierKey)}`,
          )
        }
      />
    </Stack>
  );
}
