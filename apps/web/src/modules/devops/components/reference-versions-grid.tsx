import type { ReferenceVersionInfo } from '@b2b/contract';
import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import { DataGrid, type GridColDef } from '@mui/x-data-grid';
import { errorMessageOf } from '../../../lib/api-error';
import { rejectedRowsCsvUrl } from '../api/download-reference-rejects';
import { useReferenceVersions } from '../api/list-reference-versions';

const count = (n: number) => n.toLocaleString('en-GB');

const columns: GridColDef<ReferenceVersionInfo>[] = [
  { field: 'versionId', headerName: 'Version', flex: 1.4, minWidth: 230 },
  {
    field: 'isNewest',
    headerName: 'In use',
    width: 170,
    renderCell: ({ row }) =>
      row.isNewest ? <Chip size="small" color="primary" label="Used by new jobs" /> : null,
  },
  {
    field: 'createdAt',
    headerName: 'Created',
    width: 170,
    valueFormatter: (value: string) => new Date(value).toLocaleString('en-GB'),
  },
  {
    field: 'source',
    headerName: 'Source',
    width: 110,
    valueFormatter: (value: string) => (value === 'imported' ? 'Imported' : 'Generated'),
  },
  { field: 'description', headerName: 'Description', flex: 1.5, minWidth: 200 },
  {
    field: 'merchantCount',
    headerName: 'Merchants',
    type: 'number',
    width: 110,
    valueFormatter: (value: number) => count(value),
  },
  {
    field: 'rejectedCount',
    headerName: 'Rejected rows',
    type: 'number',
    width: 120,
    valueFormatter: (value: number | null) => (value === null ? '' : count(value)),
    // An import's rejected rows download from here; generated versions have none.
    renderCell: ({ row, formattedValue }) =>
      row.rejectedCount ? (
        <Link
          href={rejectedRowsCsvUrl(row.versionId)}
          download
          aria-label={`Download the ${count(row.rejectedCount)} rejected rows of ${row.versionId}`}
        >
          {formattedValue}
        </Link>
      ) : (
        formattedValue
      ),
  },
  {
    field: 'countries',
    headerName: 'Countries',
    flex: 1,
    minWidth: 140,
    valueFormatter: (value: string[] | null) => (value ? value.join(', ') : 'Not recorded'),
  },
  { field: 'jobCount', headerName: 'Jobs matched', type: 'number', width: 120 },
];

/**
 * The stored versions, newest first: the newest is what new jobs match against; a job keeps the
 * version it matched, so older ones stay listed with their job counts. A handful of rows, so the
 * whole list comes in one call.
 */
export function ReferenceVersionsGrid() {
  const versions = useReferenceVersions();
  if (versions.error) return <Alert severity="error">{errorMessageOf(versions.error)}</Alert>;
  return (
    <DataGrid
      aria-label="Reference data versions"
      rows={versions.data ?? []}
      getRowId={(row) => row.versionId}
      columns={columns}
      loading={versions.isFetching}
      disableColumnFilter
      disableRowSelectionOnClick
      hideFooter
      autoHeight
    />
  );
}
