import type { GlobalOrganization } from '@b2b/contract';
import Stack from '@mui/material/Stack';
import type { GridColDef } from '@mui/x-data-grid';
import { ServerDataGrid } from '../../../components/data-grid';
import { formatSpend } from '../components/format';
import { GlobalFilterBar } from '../components/global-filter-bar';
import { useGlobalFilter } from '../hooks/use-global-filter';
import { globalInsightsKeys } from '../api/global-insights-query-keys';
import { listOrganizations } from '../api/list-global-organizations';
import { GlobalInsightsTabs } from '../components/global-insights-tabs';
import { useMemo } from 'react';
import { useT } from '../../../lib/i18n';
import type { Translate } from '../../../lib/i18n/i18n';

const count = (field: keyof GlobalOrganization, headerName: string, width = 120) =>
  ({
    field,
    headerName,
    type: 'number',
    width,
    valueFormatter: (value: number) => value.toLocaleString(),
  }) satisfies GridColDef<GlobalOrganization>;

const columns = (t: Translate): GridColDef<GlobalOrganization>[] => [
  { field: 'buyerName', headerName: t('Buyer'), flex: 1, minWidth: 200 },
  { field: 'issuerName', headerName: t('Issuer'), width: 200 },
  count('jobCount', t('Jobs'), 90),
  count('suppliers', t('Suppliers')),
  {
    field: 'spend',
    headerName: t('Spend'),
    type: 'number',
    width: 150,
    renderCell: ({ row }) => formatSpend(row.spend, row.currency),
  },
  count('pos', t('POs'), 100),
  count('invoices', t('Invoices')),
  count('payments', t('Payments')),
  count('cardAcceptingSuppliers', t('Card-accepting suppliers'), 200),
  {
    field: 'cardAcceptingPercent',
    headerName: t('Card-accepting share'),
    type: 'number',
    width: 180,
    valueFormatter: (value: number) => `${value}%`,
  },
];

/**
 * /global-insights/organizations — the buyers of the selected jobs with their totals in one
 * currency (the filter bar's); paged, sorted and filtered on the server.
 */
export function GlobalOrganizationsPage() {
  const t = useT();
  const { filter, setFilter } = useGlobalFilter();
  const gridColumns = useMemo(() => columns(t), [t]);
  return (
    <Stack spacing={2}>
      <GlobalInsightsTabs />
      <GlobalFilterBar filter={filter} onChange={setFilter} />
      <ServerDataGrid<GlobalOrganization>
        // New job filters start again at the first page.
        key={JSON.stringify(filter)}
        label={t('Organizations')}
        queryKey={globalInsightsKeys.organizations(filter)}
        columns={gridColumns}

        initialSortModel={[{ field: 'spend', sort: 'desc' }]}
        getRowId={(row) => row.buyerId}
        fetchPage={(request, signal) => listOrganizations(filter, request, signal)}
      />
    </Stack>
  );
}
