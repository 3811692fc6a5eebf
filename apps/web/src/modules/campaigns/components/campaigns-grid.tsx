import {
  CAMPAIGN_WORKFLOW_ROUTES,
  type Campaign,
  type CampaignWorkflowRoute,
  type FilterItem,
  type PagedListRequest,
  type PagedResponse,
} from '@b2b/contract';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { GridColDef } from '@mui/x-data-grid';
import type { QueryKey } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { ServerDataGrid } from '../../../components/data-grid';
import { formatWhen, productName, routeLabel, StatusChip } from './campaign-format';
import { useT } from '../../../lib/i18n';
import type { Translate } from '../../../lib/i18n/i18n';

export const campaignPath = (c: Pick<Campaign, 'jobId' | 'id'>) =>
  `/jobs/${c.jobId}/campaign-workflows/${c.id}`;

const counter = (field: keyof Campaign['counters'], headerName: string): GridColDef<Campaign> => ({
  field: `counters.${field}`,
  headerName,
  type: 'number',
  width: 95,
  sortable: false,
  filterable: false,
  valueGetter: (_value, row) => row.counters[field],
});

function columns(showJob: boolean, t: Translate): GridColDef<Campaign>[] {
  return [
    {
      field: 'name',
      headerName: t('Campaign'),
      flex: 1,
      minWidth: 200,
      renderCell: ({ row }) => (
        <Link
          component={RouterLink}
          to={campaignPath(row)}
          onClick={(event) => event.stopPropagation()}
        >
          {row.name}
        </Link>
      ),
    },
    ...(showJob
      ? [
          {
            field: 'jobName',
            headerName: t('Job'),
            minWidth: 160,
            flex: 1,
            renderCell: ({ row }) => (
              <Link
                component={RouterLink}
                to={`/jobs/${row.jobId}/campaign-workflows`}
                onClick={(event) => event.stopPropagation()}
              >
                {row.jobName}
              </Link>
            ),
          } satisfies GridColDef<Campaign>,
        ]
      : []),
    {
      field: 'route',
      headerName: t('Route'),
      width: 140,
      valueFormatter: (value: CampaignWorkflowRoute) => t(routeLabel(value)),
    },
    {
      field: 'cardProduct',
      headerName: t('Card product'),
      width: 130,
      valueFormatter: (value: Campaign['cardProduct']) => productName(value),
    },
    {
      field: 'status',
      headerName: t('Status'),
      width: 120,
      renderCell: ({ row }) => <StatusChip status={row.status} />,
    },
    counter('total', t('Total')),
    counter('pending', t('Pending')),
    counter('active', t('Active')),
    counter('failed', t('Failed')),
    counter('succeeded', t('Succeeded')),
    {
      field: 'createdOn',
      headerName: t('Created'),
      width: 170,
      valueFormatter: (value: string) => formatWhen(value),
    },
  ];
}

type RouteChoice = CampaignWorkflowRoute | 'All';

/**
 * Campaigns, server-paged, with the SPEC §3 route filter: 'All Routes' (no filter, the
 * aggregate) or one route.
 */
export function CampaignsGrid({
  label,
  queryKey,
  fetchPage,
  showJob = false,
}: {
  label: string;
  queryKey: QueryKey;
  fetchPage: (request: PagedListRequest, signal: AbortSignal) => Promise<PagedResponse<Campaign>>;
  showJob?: boolean;
}) {
  const t = useT();
  const navigate = useNavigate();
  const [route, setRoute] = useState<RouteChoice>('All');
  const gridColumns = useMemo(() => columns(showJob, t), [showJob, t]);

  const filters: FilterItem[] = useMemo(
    () =>
      route === 'All'
        ? []
        : [
            {
              propertyName: 'route',
              comparisonOperator: 'Equal',
              value: route,
              allowNullValue: false,
            },
          ],
    [route],
  );
  return (
    <>
      <TextField
        select
        size="small"
        label={t('Route')}
        value={route}
        onChange={(event) => setRoute(event.target.value as RouteChoice)}
        sx={{ maxWidth: 260 }}
      >
        <MenuItem value="All">{t(routeLabel('Aggregated'))}</MenuItem>
        {CAMPAIGN_WORKFLOW_ROUTES.map((r) => (
          <MenuItem key={r} value={r}>
            {t(routeLabel(r))}
          </MenuItem>
        ))}
      </TextField>
      <ServerDataGrid<Campaign>
        label={label}
        queryKey={queryKey}
        columns={gridColumns}
        filters={filters}
        fetchPage={fetchPage}
        getRowId={(row) => row.id}
        onRowClick={({ row }) => void navigate(campaignPath(row))}
      />
    </>
  );
}
