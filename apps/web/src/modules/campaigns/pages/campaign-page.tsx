import { EntityLockBar } from '../../../components/feedback/entity-lock-bar';
import { useEntityLock } from '../../admin/api/use-entity-lock';
import {
  CAMPAIGN_STATUSES,
  type CampaignExclusionReason,
  type CampaignStatus,
  type CampaignSupplier,
  type FilterItem,
  type JobDetails,
} from '@b2b/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { useMemo, useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { ServerDataGrid } from '../../../components/data-grid';
import { FactList } from '../../../components/layout/fact-list';
import { Section } from '../../../components/layout/section';
import { errorMessageOf } from '../../../lib/api-error';
import { useCan } from '../../../lib/permissions';
import { campaignsQueryKeys } from '../api/campaigns-query-keys';
import { useCompleteCampaign } from '../api/complete-campaign';
import { useCampaign } from '../api/get-campaign';
import { listCampaignExclusions } from '../api/list-campaign-exclusions';
import { listCampaignSuppliers } from '../api/list-campaign-suppliers';
import { useStartCampaign } from '../api/start-campaign';
import {
  CounterTiles,
  EXCLUSION_REASON_LABELS,
  formatWhen,
  outcomeLabel,
  productName,
  routeLabel,
  StatusChip,
  STATUS_LABELS,
} from '../components/campaign-format';
import { ContactsEditor } from '../components/contacts-editor';
import { OutcomeUpload } from '../components/outcome-upload';
import { BounceRecorder } from '../components/bounce-recorder';
import { TemplateEditor } from '../components/template-editor';
import { useT } from '../../../lib/i18n';
import type { Translate } from '../../../lib/i18n/i18n';

type ExclusionRow = {
  supplierKey: string;
  supplierName: string;
  reason: CampaignExclusionReason;
  detail: string | null;
};

const supplierPath = (jobId: string, campaignId: string, supplierKey: string) =>
  `/jobs/${jobId}/campaign-workflows/${campaignId}/suppliers/${encodeURIComponent(supplierKey)}`;

function supplierColumns(
  jobId: string,
  campaignId: string,
  t: Translate,
): GridColDef<CampaignSupplier>[] {
  return [
    {
      field: 'supplierName',
      headerName: t('Supplier'),
      flex: 1,
      minWidth: 200,
      renderCell: ({ row }) => (
        <Link
          component={RouterLink}
          to={supplierPath(jobId, campaignId, row.supplierKey)}
          onClick={(event) => event.stopPropagation()}
        >
          {row.supplierName}
        </Link>
      ),
    },
    {
      field: 'contactEmail',
      headerName: t('Contact'),
      minWidth: 200,
      flex: 1,
      valueFormatter: (value: string | null) => value ?? t('No contact'),
    },
    {
      field: 'status',
      headerName: t('Status'),
      width: 120,
      renderCell: ({ row }) => <StatusChip status={row.status} />,
    },
    {
      field: 'outcome',
      headerName: t('Outcome'),
      width: 130,
      valueFormatter: (value: CampaignSupplier['outcome']) => t(outcomeLabel(value)),
    },
    { field: 'outcomeReason', headerName: t('Reason'), minWidth: 160, flex: 1, sortable: false },
    {
      field: 'lastEventOn',
      headerName: t('Last event'),
      width: 170,
      valueFormatter: (value: string | null) => formatWhen(value),
    },
  ];
}

const exclusionColumns = (t: Translate): GridColDef<ExclusionRow>[] => [
  { field: 'supplierName', headerName: t('Supplier'), flex: 1, minWidth: 200 },
  {
    field: 'reason',
    headerName: t('Reason'),
    minWidth: 260,
    flex: 1,
    valueFormatter: (value: CampaignExclusionReason) => t(EXCLUSION_REASON_LABELS[value]),
  },
  { field: 'detail', headerName: t('Detail'), minWidth: 200, flex: 1, sortable: false },
];

/**
 * /jobs/:jobId/campaign-workflows/:campaignWorkflowId — one campaign: its facts and SPEC §3
 * counters, start and complete, the e-mail template, the tracker's suppliers (server-paged,
 * filtered by status), the exclusions with their reasons, contacts and external outcomes.
 */
export function CampaignPage({ job }: { job: JobDetails }) {
  const t = useT();
  const { campaignWorkflowId = '' } = useParams();
  const navigate = useNavigate();
  const campaign = useCampaign(campaignWorkflowId);
  const start = useStartCampaign(campaignWorkflowId);
  const complete = useCompleteCampaign(campaignWorkflowId);
  // Edited under the campaign's entity write lock (SPEC §9): its template, contacts, outcome
  // upload and start / complete wait while another user holds it.
  const lock = useEntityLock('campaign', campaignWorkflowId);
  const mayUpdate = useCan('CampaignUpdate') && !lock.readOnly;
  const mayUpload = useCan('Campaign_UPLOAD') && !lock.readOnly;
  const [status, setStatus] = useState<CampaignStatus | 'All'>('All');
  const columns = useMemo(
    () => supplierColumns(job.id, campaignWorkflowId, t),
    [job.id, campaignWorkflowId, t],
  );
  const exclusionGridColumns = useMemo(() => exclusionColumns(t), [t]);
  const statusFilters: FilterItem[] = useMemo(
    () =>
      status === 'All'
        ? []
        : [
            {
              propertyName: 'status',
              comparisonOperator: 'Equal',
              value: status,
              allowNullValue: false,
            },
          ],
    [status],
  );

  if (campaign.isError) return <Alert severity="error">{errorMessageOf(campaign.error)}</Alert>;
  if (!campaign.data) return <LinearProgress aria-label={t('Loading the campaign')} />;
  const c = campaign.data;
  const actionError = start.error ?? complete.error;
  const excluded = Object.entries(c.exclusionsByReason).filter(([, n]) => n > 0);

  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h2">
          {c.name}
        </Typography>
        <StatusChip status={c.status} />
        <span style={{ flexGrow: 1 }} />
        {mayUpdate && c.status === 'Pending' && (
          <Button variant="contained" disabled={start.isPending} onClick={() => start.mutate()}>
            {t('Start campaign')}
          </Button>
        )}
        {mayUpdate && c.status === 'Active' && (
          <Button
            variant="outlined"
            disabled={complete.isPending}
            onClick={() => complete.mutate()}
          >
            {t('Complete campaign')}
          </Button>
        )}
      </Stack>
      <EntityLockBar lock={lock} />
      {actionError && <Alert severity="error">{errorMessageOf(actionError)}</Alert>}
      <CounterTiles counters={c.counters} />
      <Section title={t('Campaign')} headingLevel={3}>
        <FactList
          label={t('Campaign facts')}
          facts={[
            [t('Route'), t(routeLabel(c.route))],
            [t('Card product'), productName(c.cardProduct)],
            [t('Language'), c.language],
            [
              t('Cadence'),
              t('day {{days}}; closes on day {{closeDay}}', {
                days: [0, ...c.cadence.followUpDays].join(', '),
                closeDay: c.cadence.closeDay,
              }),
            ],
            [t('Declined within'), t('{{days}} days: excluded', { days: c.declinePeriodDays })],
            ...(c.virtualLockbox ? ([[t('Virtual lockbox'), c.virtualLockbox]] as const) : []),
            [t('Excluded'), c.excludedCount.toLocaleString()],
            [
              t('Created'),
              t('{{when}} by {{who}}', { when: formatWhen(c.createdOn), who: c.createdBy }),
            ],
            [t('Started'), formatWhen(c.startedOn)],
            [t('Completed'), formatWhen(c.completedOn)],
          ]}
        />
      </Section>
      <Section title={t('Suppliers')} headingLevel={3}>
        <TextField
          select
          size="small"
          label={t('Status')}
          value={status}
          onChange={(event) => setStatus(event.target.value as CampaignStatus | 'All')}
          sx={{ maxWidth: 220, mb: 1 }}
        >
          <MenuItem value="All">{t('All statuses')}</MenuItem>
          {CAMPAIGN_STATUSES.map((s) => (
            <MenuItem key={s} value={s}>
              {t(STATUS_LABELS[s])}
            </MenuItem>
          ))}
        </TextField>
        <ServerDataGrid<CampaignSupplier>
          label={t('Campaign suppliers')}
          queryKey={campaignsQueryKeys.suppliers(c.id)}
          columns={columns}
          filters={statusFilters}
          fetchPage={(request, signal) => listCampaignSuppliers(c.id, request, signal)}
          getRowId={(row) => row.supplierKey}
          initialSortModel={[{ field: 'supplierName', sort: 'asc' }]}
          secondaryOrderBy="supplierKey"
          refetchInterval={c.status === 'Active' ? 5000 : undefined}
          onRowClick={({ row }) => void navigate(supplierPath(job.id, c.id, row.supplierKey))}
        />
      </Section>
      <Section title={t('Exclusions')} headingLevel={3}>
        <Typography variant="body2" sx={{ mb: 1 }}>
          {excluded.length === 0
            ? t('No supplier was left out.')
            : excluded
                .map(([reason, n]) =>
                  t('{{reason}}: {{count}}', {
                    reason: t(EXCLUSION_REASON_LABELS[reason as CampaignExclusionReason] ?? reason),
                    count: n,
                  }),
                )
                .join(' · ')}
        </Typography>
        <ServerDataGrid<ExclusionRow>
          label={t('Exclusions')}
          queryKey={campaignsQueryKeys.exclusions(c.id)}
          columns={exclusionGridColumns}

          fetchPage={(request, signal) => listCampaignExclusions(c.id, request, signal)}
          getRowId={(row) => `${row.supplierKey}-${row.reason}`}
          initialSortModel={[{ field: 'supplierName', sort: 'asc' }]}
          secondaryOrderBy="supplierKey"
        />
      </Section>
      <Section title={t('E-mail template')} headingLevel={3}>
        <TemplateEditor
          key={JSON.stringify(c.template)}
          campaign={c}
          editable={mayUpdate && c.status !== 'Completed'}
        />
      </Section>
      {mayUpdate && c.status !== 'Completed' && (
        <Section title={t('Contacts')} headingLevel={3}>
          <ContactsEditor campaignId={c.id} />
        </Section>
      )}
      {/* A bounce may arrive after the close; routes we send no e-mail on have none. */}
      {mayUpdate &&
        c.status !== 'Pending' &&
        c.route !== 'IsVlbAutoEnrolled' &&
        c.route !== 'ExternalCampaign' && (
          <Section title={t('Bounces')} headingLevel={3}>
            <BounceRecorder campaignId={c.id} readAutomatically={c.bouncesReadAutomatically} />
          </Section>
        )}
      {mayUpload && (
        <Section title={t('External outcomes')} headingLevel={3}>
          <OutcomeUpload campaignId={c.id} />
        </Section>
      )}
    </Stack>
  );
}
