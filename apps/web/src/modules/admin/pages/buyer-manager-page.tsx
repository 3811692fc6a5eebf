import type { BuyerListItemSchema } from '@b2b/contract';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { GridColDef } from '@mui/x-data-grid';
import { useMemo } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import type { z } from 'zod';
import { ServerDataGrid } from '../../../components/data-grid';
import { PermissionGuard } from '../../../lib/permissions';
import { adminQueryKeys } from '../api/admin-query-keys';
import { listBuyers } from '../api/list-buyers';
import { tKey, useT } from '../../../lib/i18n';

type BuyerRow = z.output<typeof BuyerListItemSchema>;

const COLUMNS: GridColDef<BuyerRow>[] = [
  { field: 'name', headerName: tKey('Name'), flex: 1, minWidth: 200 },
  { field: 'issuerName', headerName: tKey('Issuer'), flex: 1, minWidth: 200 },
  { field: 'countryIso3', headerName: tKey('Country'), width: 110 },
];

/** /admin/buyer-manager: the buyer organisations jobs are run for, by issuer. */
export function BuyerManagerPage() {
  const t = useT();
  const columns = useMemo(
    () => COLUMNS.map((c) => ({ ...c, headerName: t(c.headerName ?? '') })),
    [t],
  );
  const navigate = useNavigate();
  return (
    <Stack spacing={2}>
      <PermissionGuard permissions="BuyerManagement_CRUD">
        <Stack direction="row">
          <Button variant="contained" component={RouterLink} to="/admin/buyer-manager/create">
            {t('Create buyer')}
          </Button>
        </Stack>
      </PermissionGuard>
      <ServerDataGrid<BuyerRow>
        label={t('Buyers')}
        queryKey={adminQueryKeys.buyers}
        columns={columns}
        fetchPage={listBuyers}
        initialSortModel={[{ field: 'name', sort: 'asc' }]}
        onRowClick={({ row }) => void navigate(`/admin/buyer-manager/${row.id}`)}
      />
    </Stack>
  );
}
