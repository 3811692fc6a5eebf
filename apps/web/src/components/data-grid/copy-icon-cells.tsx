import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import type { GridColDef, GridRenderCellParams, GridValidRowModel } from '@mui/x-data-grid';
import { t } from '../../lib/i18n/i18n';

/** The text a cell shows, as the user reads it (formatted when the column formats). */
function cellText(params: GridRenderCellParams): string {
  const shown: unknown = params.formattedValue ?? params.value;
  return shown === null || shown === undefined ? '' : String(shown);
}

/**
 * Every text cell with a copy icon beside its content (SPEC §6 ListCellCopyIcon_VIEW; SPEC §8
 * Copy: 'Copied to clipboard'). The click copies what the cell shows and never opens the row.
 */
export function withCopyIcons<Row extends GridValidRowModel>(
  columns: readonly GridColDef<Row>[],
  copy: (text: string) => unknown,
): GridColDef<Row>[] {
  return columns.map((column) => {
    if (column.type === 'actions' || column.type === 'boolean') return column;
    return {
      ...column,
      renderCell: (params: GridRenderCellParams<Row>) => {
        const text = cellText(params);
        const content = column.renderCell ? column.renderCell(params) : text;
        if (!text) return content;
        return (
          <Box
            sx={{
              display: 'flex',
              alignItems: 'center',
              gap: 0.5,
              width: '100%',
              '& .copy-cell-icon': { opacity: 0.4 },
              '&:hover .copy-cell-icon, & .copy-cell-icon:focus-visible': { opacity: 1 },
            }}
          >
            <Box sx={{ overflow: 'hidden', textOverflow: 'ellipsis', minWidth: 0 }}>{content}</Box>
            <IconButton
              className="copy-cell-icon"
              size="small"
              aria-label={t('Copy {{column}}', {
                column: column.headerName ? t(column.headerName) : column.field,
              })}
              onClick={(event) => {
                event.stopPropagation();
                void copy(text);
              }}
            >
              <ContentCopyIcon fontSize="inherit" />
            </IconButton>
          </Box>
        );
      },
    };
  });
}
