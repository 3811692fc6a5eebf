import type { ChatDocument } from '@b2b/contract';
import DeleteIcon from '@mui/icons-material/Delete';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { DataGrid, type GridColDef, type GridPaginationModel } from '@mui/x-data-grid';
import { useMemo, useState } from 'react';
import { formatFileSize } from '../../../components/forms';
import { errorMessageOf } from '../../../lib/api-error';
import { useChatDocuments } from '../api/list-chat-documents';
import { DeleteChatDocumentDialog } from './delete-chat-document-dialog';
import { useGridLocaleText } from '../../../components/data-grid';
import { tKey, useT } from '../../../lib/i18n';

const PAGE_SIZES = [25, 50, 100];
const FORMAT_LABELS: Record<ChatDocument['format'], string> = {
  pdf: 'PDF',
  docx: 'Word',
  markdown: 'Markdown',
  text: tKey('Text'),
};

/** The indexed documents, paged on the server, each with a delete (after confirmation). */
export function ChatDocumentTable() {
  const localeText = useGridLocaleText();
  const t = useT();
  const [pagination, setPagination] = useState<GridPaginationModel>({ page: 0, pageSize: 25 });
  const [toDelete, setToDelete] = useState<string | null>(null);
  const documents = useChatDocuments({
    limit: pagination.pageSize,
    offset: pagination.page * pagination.pageSize,
  });

  const columns = useMemo<GridColDef<ChatDocument>[]>(
    () => [
      { field: 'filename', headerName: t('Document'), flex: 1, minWidth: 180 },
      {
        field: 'format',
        headerName: t('Type'),
        width: 90,
        valueFormatter: (value: ChatDocument['format']) => t(FORMAT_LABELS[value]),
      },
      {
        field: 'size_bytes',
        headerName: t('Size'),
        type: 'number',
        width: 90,
        valueFormatter: (value: number) => formatFileSize(value),
      },
      { field: 'page_count', headerName: t('Pages'), type: 'number', width: 80 },
      { field: 'chunk_count', headerName: t('Passages'), type: 'number', width: 90 },
      { field: 'language', headerName: t('Language'), width: 100 },
      {
        field: 'uploaded_at',
        headerName: t('Uploaded'),
        width: 170,
        valueFormatter: (value: string) => new Date(value).toLocaleString(),
      },
      {
        field: 'uploaded_by',
        headerName: t('By'),
        flex: 0.7,
        minWidth: 120,
        valueGetter: (value: string | null, row) =>
          value ?? (row.shipped ? t('Shipped user guide') : '—'),
      },
      {
        field: 'actions',
        headerName: '',
        width: 60,
        sortable: false,
        renderCell: ({ row }) => (
          <IconButton
            aria-label={t('Delete {{name}}', { name: row.filename })}
            onClick={() => setToDelete(row.filename)}
          >
            <DeleteIcon />
          </IconButton>
        ),
      },
    ],
    [t],
  );

  return (
    <Box component="section" aria-labelledby="chat-documents-title">
      <Typography variant="h6" component="h2" id="chat-documents-title" gutterBottom>
        {t('Documents')}
      </Typography>
      {documents.isError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {errorMessageOf(documents.error)}
        </Alert>
      )}
      <DataGrid
        localeText={localeText}
        aria-label={t('Documents')}
        rows={documents.data?.documents ?? []}
        getRowId={(row) => row.filename}
        columns={columns}
        loading={documents.isFetching}
        paginationMode="server"
        rowCount={documents.data?.total_count ?? 0}
        paginationModel={pagination}
        onPaginationModelChange={setPagination}
        pageSizeOptions={PAGE_SIZES}
        disableColumnFilter
        disableColumnSorting
        disableRowSelectionOnClick
        autoHeight
      />
      <DeleteChatDocumentDialog filename={toDelete} onClose={() => setToDelete(null)} />
    </Box>
  );
}
