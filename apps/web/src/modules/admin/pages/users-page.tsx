import type { UserListItem } from '@b2b/contract';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import type { GridColDef } from '@mui/x-data-grid';
import { useMemo, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { ServerDataGrid } from '../../../components/data-grid';
import { useNotify } from '../../../components/feedback/notifications';
import { adminQueryKeys } from '../api/admin-query-keys';
import { listUsers, type UserStatus } from '../api/list-users';
import { useDeactivateUser } from '../api/deactivate-user';
import { useInviteUser } from '../api/invite-user';
import { useReactivateUser } from '../api/reactivate-user';
import { tKey, translateServerMessage, useT } from '../../../lib/i18n';

const STATUSES: { value: UserStatus; label: string; grid: string }[] = [
  { value: 'active', label: tKey('Active'), grid: tKey('active users') },
  { value: 'unapproved', label: tKey('Unapproved'), grid: tKey('unapproved users') },
  { value: 'pending', label: tKey('Pending'), grid: tKey('pending users') },
  { value: 'deactivated', label: tKey('Deactivated'), grid: tKey('deactivated users') },
];

const when = (v: string | null) => (v ? new Date(v).toLocaleString() : '');

/** The action of a row: deactivate, reactivate or re-send the invitation. */
function RowAction({ row, status }: { row: UserListItem; status: UserStatus }) {
  const t = useT();
  const deactivate = useDeactivateUser();
  const reactivate = useReactivateUser();
  const invite = useInviteUser();
  const notify = useNotify();
  const done = {
    onSuccess: (r: unknown) =>
      notify.success(translateServerMessage((r as { message: string }).message)),
  };
  const stop = (e: { stopPropagation: () => void }) => e.stopPropagation();
  if (status === 'deactivated')
    return (
      <Button
        size="small"
        onClick={(e) => {
          stop(e);
          reactivate.mutate(row.id, {
            ...done,
            onError: (x) => notify.error(x, { operation: t('Reactivate user') }),
          });
        }}
      >
        {t('Reactivate')}
      </Button>
    );
  return (
    <Stack direction="row" spacing={1}>
      {status === 'pending' && (
        <Button
          size="small"
          onClick={(e) => {
            stop(e);
            invite.mutate(
              { id: row.id },
              {
                ...done,
                onError: (x) => notify.error(x, { operation: t('Re-send invitation') }),
              },
            );
          }}
        >
          {t('Re-send invitation')}
        </Button>
      )}
      <Button
        size="small"
        color="error"
        onClick={(e) => {
          stop(e);
          deactivate.mutate(row.id, {
            ...done,
            onError: (x) => notify.error(x, { operation: t('Deactivate user') }),
          });
        }}
      >
        {t('Deactivate')}
      </Button>
    </Stack>
  );
}

/** /admin/users: a tab per status, a search, and the row actions. */
export function UsersPage() {
  const t = useT();
  const [status, setStatus] = useState<UserStatus>('active');
  const [search, setSearch] = useState('');
  const navigate = useNavigate();
  const columns = useMemo<GridColDef<UserListItem>[]>(
    () => [
      { field: 'username', headerName: t('Username'), flex: 1, minWidth: 220 },
      { field: 'displayName', headerName: t('Name'), flex: 1, minWidth: 160 },
      {
        field: 'standardRoles',
        headerName: t('System Roles'),
        width: 200,
        sortable: false,
        valueFormatter: (v: string[]) => v.join(', '),
      },
      {
        field: 'lastActivityAt',
        headerName: t('Last activity'),
        width: 180,
        filterable: false,
        valueFormatter: when,
      },
      {
        field: 'createdAt',
        headerName: t('Created'),
        width: 180,
        filterable: false,
        valueFormatter: when,
      },
      {
        field: 'actions',
        headerName: t('Actions'),
        width: 260,
        sortable: false,
        filterable: false,
        renderCell: ({ row }) => <RowAction row={row} status={status} />,
      },
    ],
    [status, t],
  );
  const filters = search.trim()
    ? [
        {
          propertyName: 'username',
          comparisonOperator: 'Contains' as const,
          value: search.trim(),
          allowNullValue: false,
        },
      ]
    : [];
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <TextField
          size="small"
          label={t('Search username')}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
        <Button
          variant="contained"
          component={RouterLink}
          to="/admin/users/create"
          sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
        >
          {t('Invite user')}
        </Button>
      </Stack>
      <Tabs
        value={status}
        onChange={(_, v: UserStatus) => setStatus(v)}
        aria-label={t('User status')}
      >
        {STATUSES.map((s) => (
          <Tab key={s.value} value={s.value} label={t(s.label)} />
        ))}
      </Tabs>
      <ServerDataGrid<UserListItem>
        key={status}
        label={t(STATUSES.find((s) => s.value === status)?.grid ?? status)}
        queryKey={adminQueryKeys.userList(status)}
        columns={columns}
        filterForm="wrapped"
        filters={filters}
        fetchPage={(body, signal) => listUsers(status, body, signal)}
        initialSortModel={[{ field: 'username', sort: 'asc' }]}
        onRowClick={({ row }) => void navigate(`/admin/users/${row.id}`)}
      />
    </Stack>
  );
}
