import type { ReferenceVersionInfo } from '@b2b/contract';
import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import { DataGrid, type GridColDef } from '@mui/x-data-grid';
import { errorMessageOf } from '../../../lib/api-error';
import { rejectedRowsCsvUrl } from '../api/download-reference-rejects';
import { useReferenceVersions } from '../api/list-reference-versions';
import { useMemo } from 'react';
import { useT } from '../../../lib/i18n';
import { useGridLocaleText } from '../../../components/data-grid';
import type { Translate } from '../../../lib/i18n/i18n';

const count = (n: number) => n.toLocaleString('en-GB');

const columnsOf = (t: Translate): GridColDef<ReferenceVersionInfo>[] => [
  { field: 'versionId', headerName: t('Version'), flex: 1.4, minWidth: 230 },
  {
    field: 'isNewest',
    headerName: t('In use'),
    width: 170,
    renderCell: ({ row }) =>
      row.isNewest ? <Chip size="small" color="primary" label={t('Used by new jobs')} /> : null,
  },
  {
    field: 'createdAt',
    headerName: t('Created'),
    width: 170,
    valueFormatter: (value: string) => new Date(value).toLocaleString('en-GB'),
  },
  {
    field: 'source',
    headerName: t('Source'),
    width: 110,
    valueFormatter: (value: string) => (value === 'imported' ? t('Imported') : t('Generated')),
  },
  { field: 'description', headerName: t('Description'), flex: 1.5, minWidth: 200 },
  {
    field: 'merchantCount',
    headerName: t('Merchants'),
    type: 'number',
    width: 110,
    valueFormatter: (value: number) => count(value),
  },
  {
    field: 'rejectedCount',
    headerName: t('Rejected rows'),
    type: 'number',
    width: 120,
    valueFormatter: (value: number | null) => (value === null ? '' : count(value)),
    // An import's rejected rows download from here; generated versions have none.
    renderCell: ({ row, formattedValue }) =>
      row.rejectedCount ? (
        <Link
          href={rejectedRowsCsvUrl(row.versionId)}
          download
          aria-label={t('Download the {{count}} rejected rows of {{versionId}}', {
            count: count(row.rejectedCount),
            versionId: row.versionId,
          })}
        >
          {formattedValue}
        </Link>
      ) : (
        formattedValue
      ),
  },
  {
    field: 'countries',
    headerName: t('Countries'),
    flex: 1,
    minWidth: 140,
    valueFormatter: (value: string[] | null) => (value ? value.join(', ') : t('Not recorded')),
  },
  { field: 'jobCount', headerName: t('Jobs matched'), type: 'number', width: 120 },
];

/**
 * The stored versions, newest first: the newest is what new jobs match against; a job keeps the
 * version it matched, so older ones stay listed with their job counts. A handful of rows, so the
 * whole list comes in one call.
 */
export function ReferenceVersionsGrid() {
  const localeText = useGridLocaleText();
  const t = useT();
  const versions = useReferenceVersions();
  const columns = useMemo(() => columnsOf(t), [t]);
  if (versions.error) return <Alert severity="error">{errorMessageOf(versions.error)}</Alert>;
  return (
    <DataGrid
      localeText={localeText}
      aria-label={t('Reference data versions')}
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
