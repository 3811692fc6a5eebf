import type { SystemLogEntry } from '@b2b/contract';
import type { GridColDef } from '@mui/x-data-grid';
import { useMemo } from 'react';
import { ServerDataGrid } from '../../../components/data-grid';
import { adminQueryKeys } from '../api/admin-query-keys';
import { listSystemLogs } from '../api/list-system-logs';
import { tKey, useT } from '../../../lib/i18n';

const json = (value: unknown) => (value == null ? '' : JSON.stringify(value));

const COLUMNS: GridColDef<SystemLogEntry>[] = [
  {
    field: 'at',
    headerName: tKey('When'),
    width: 190,
    filterable: false,
    valueFormatter: (v: string) => new Date(v).toLocaleString(),
  },
  { field: 'actorUsername', headerName: tKey('Who'), width: 220 },
  { field: 'action', headerName: tKey('What'), width: 200 },
  { field: 'entityType', headerName: tKey('Entity type'), width: 110 },
  { field: 'entityName', headerName: tKey('Entity'), width: 200 },
  {
    field: 'before',
    headerName: tKey('Before'),
    flex: 1,
    minWidth: 200,
    sortable: false,
    valueFormatter: json,
  },
  {
    field: 'after',
    headerName: tKey('After'),
    flex: 1,
    minWidth: 200,
    sortable: false,
    valueFormatter: json,
  },
];

/** /admin/system-logs: the audit trail of administrative changes, newest first. */
export function SystemLogsPage() {
  const t = useT();
  const columns = useMemo(
    () => COLUMNS.map((c) => ({ ...c, headerName: t(c.headerName ?? '') })),
    [t],
  );
  return (
    <ServerDataGrid<SystemLogEntry>
      label={t('System logs')}
      queryKey={adminQueryKeys.systemLogs}
      columns={columns}
      fetchPage={listSystemLogs}
      initialSortModel={[{ field: 'at', sort: 'desc' }]}
    />
  );
}
