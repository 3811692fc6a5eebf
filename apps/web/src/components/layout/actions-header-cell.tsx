import Box from '@mui/material/Box';
import TableCell from '@mui/material/TableCell';
import { visuallyHidden } from './quick-view-popover';
import { useT } from '../../lib/i18n';

/**
 * The header of a table's column of row buttons: named "Actions" for screen readers (a column
 * header must not be empty), hidden on screen where the buttons speak for themselves.
 */
export function ActionsHeaderCell() {
  const t = useT();
  return (
    <TableCell>
      <Box component="span" sx={visuallyHidden}>
        {t('Actions')}
      </Box>
    </TableCell>
  );
}
