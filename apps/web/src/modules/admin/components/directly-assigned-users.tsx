import type { UserListItem } from '@b2b/contract';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { ServerDataGrid } from '../../../components/data-grid';
import { formatDateTime } from '../../../lib/date-format';
import { listDirectlyAssignedUsers } from '../api/list-directly-assigned-users';
import { tKey, useT } from '../../../lib/i18n';

const COLUMNS: GridColDef<UserListItem>[] = [
  { field: 'username', headerName: tKey('Username'), flex: 1, minWidth: 220 },
  { field: 'displayName', headerName: tKey('Name'), flex: 1, minWidth: 160 },
  {
    field: 'lastActivityAt',
    headerName: tKey('Last active'),
    width: 180,
    filterable: false,
    valueFormatter: (value: string | null) => formatDateTime(value),
  },
];

/**
 * The issuer's users added by hand rather than through its e-mail domains (SPEC §7 directly
 * assigned users): the people to review when someone leaves the bank, paged and searchable.
 */
export function DirectlyAssignedUsers({ issuerId }: { issuerId: string }) {
  const t = useT();
  const navigate = useNavigate();
  const columns = useMemo(
    () => COLUMNS.map((c) => ({ ...c, headerName: t(c.headerName ?? '') })),
    [t],
  );
  return (
    <Paper sx={{ p: 3 }}>
      <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
        {t('Directly assigned users')}
      </Typography>
      <ServerDataGrid<UserListItem>
        label={t('Directly assigned users')}
        queryKey={['admin', 'issuers', issuerId, 'directly-assigned']}
        columns={columns}
        filterForm="wrapped"
        fetchPage={(body, signal) => listDirectlyAssignedUsers(issuerId, body, signal)}
        initialSortModel={[{ field: 'username', sort: 'asc' }]}
        onRowClick={({ row }) => void navigate(`/admin/users/${row.id}`)}
      />
    </Paper>
  );
}
