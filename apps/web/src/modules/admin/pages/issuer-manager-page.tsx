import type { IssuerListItemSchema } from '@b2b/contract';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { GridColDef } from '@mui/x-data-grid';
import { useMemo } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import type { z } from 'zod';
import { ServerDataGrid } from '../../../components/data-grid';
import { PermissionGuard } from '../../../lib/permissions';
import { adminQueryKeys } from '../api/admin-query-keys';
import { listIssuers } from '../api/list-issuers';
import { tKey, useT } from '../../../lib/i18n';

type IssuerRow = z.output<typeof IssuerListItemSchema>;
const list = (value: string[]) => value.join(', ');
const yesNo = (value: boolean) => (value ? tKey('Yes') : tKey('No'));

/** The list fields of SPEC.md section 3 (lists and flags filter on the server as text). */
const COLUMNS: GridColDef<IssuerRow>[] = [
  { field: 'name', headerName: tKey('Name'), flex: 1, minWidth: 180 },
  { field: 'issuerKey', headerName: tKey('Issuer key'), width: 170 },
  { field: 'scheme', headerName: tKey('Scheme'), width: 120 },
  {
    field: 'jobsCount',
    headerName: tKey('Jobs'),
    type: 'number',
    width: 80,
    sortable: false,
    filterable: false,
  },
  {
    field: 'jobNames',
    headerName: tKey('Job names'),
    width: 200,
    sortable: false,
    filterable: false,
    valueFormatter: list,
  },
  { field: 'usersCount', headerName: tKey('Users'), type: 'number', width: 90 },
  {
    field: 'usernames',
    headerName: tKey('Usernames'),
    width: 220,
    sortable: false,
    filterable: false,
    valueFormatter: list,
  },
  {
    field: 'hasSupplierIncludeList',
    headerName: tKey('Include list'),
    width: 110,
    valueFormatter: yesNo,
  },
  {
    field: 'hasSupplierExcludeList',
    headerName: tKey('Exclude list'),
    width: 110,
    valueFormatter: yesNo,
  },
  { field: 'brandingDisplayName', headerName: tKey('Branding'), width: 160 },
];

/** /admin/issuer-manager: every issuer, paged and filtered on the server. */
export function IssuerManagerPage() {
  const t = useT();
  const columns = useMemo(
    () =>
      COLUMNS.map((c) => ({
        ...c,
        headerName: t(c.headerName ?? ''),
        // The yes/no flags show in the UI's language.
        ...(c.valueFormatter === yesNo ? { valueFormatter: (v: boolean) => t(yesNo(v)) } : {}),
      })),
    [t],
  );
  const navigate = useNavigate();
  return (
    <Stack spacing={2}>
      <PermissionGuard permissions="IssuerArea_CRUD">
        <Stack direction="row">
          <Button variant="contained" component={RouterLink} to="/admin/issuer-manager/create">
            {t('Create issuer')}
          </Button>
        </Stack>
      </PermissionGuard>
      <ServerDataGrid<IssuerRow>
        label={t('Issuers')}
        queryKey={adminQueryKeys.issuerList}
        columns={columns}
        fetchPage={listIssuers}
        initialSortModel={[{ field: 'name', sort: 'asc' }]}
        onRowClick={({ row }) => void navigate(`/admin/issuer-manager/${row.id}`)}
      />
    </Stack>
  );
}
