import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Popover from '@mui/material/Popover';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';
import { errorMessageOf } from '../../lib/api-error';
import { CountBadge } from '../feedback/notifications';

export type QuickViewPopoverProps = {
  /** The tooltip and the popover dialog's accessible name. */
  label: string;
  /** The button's name, read by screen readers; it contains the badge's visible count. */
  buttonName: string;
  icon: ReactNode;
  count: number;
  /** Where the popover is open (null: closed); the caller keeps it, its polling depends on it. */
  anchor: HTMLElement | null;
  onAnchorChange: (anchor: HTMLElement | null) => void;
  title: string;
  width: number;
  error?: unknown;
  tableLabel: string;
  tableTestId: string;
  maxHeight: number;
  head: ReactNode;
  /** The table's body rows. */
  children: ReactNode;
  /** Below the table (a link to the full screen). */
  footer?: ReactNode;
};

/**
 * A navbar quick view: an icon button with a count badge, opening a popover with a scrollable
 * table (sticky header, at most `maxHeight` tall).
 */
export function QuickViewPopover(props: QuickViewPopoverProps) {
  const { anchor, onAnchorChange } = props;
  const popoverId = useId();
  return (
    <>
      <Tooltip title={props.label} describeChild>
        <IconButton
          // Named by its content, not aria-label: the badge's visible count then is part of the
          // name whatever the badge shows, as the label-in-name rule asks.
          aria-haspopup="dialog"
          aria-controls={anchor ? popoverId : undefined}
          onClick={(e) => onAnchorChange(e.currentTarget)}
        >
          <Box component="span" sx={visuallyHidden}>
            {props.buttonName}
          </Box>
          <CountBadge count={props.count} color="primary">
            {props.icon}
          </CountBadge>
        </IconButton>
      </Tooltip>
      <Popover
        id={popoverId}
        open={!!anchor}
        anchorEl={anchor}
        onClose={() => onAnchorChange(null)}
        anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { role: 'dialog', 'aria-label': props.label } }}
      >
        <Box sx={{ p: 2, width: props.width, maxWidth: '90vw' }}>
          <Typography variant="subtitle1" component="h2" sx={{ mb: 1 }}>
            {props.title}
          </Typography>
          {props.error ? <Alert severity="error">{errorMessageOf(props.error)}</Alert> : null}
          <TableContainer
            data-testid={props.tableTestId}
            // It scrolls: keyboard users must be able to focus it to scroll it.
            tabIndex={0}
            sx={{ maxHeight: props.maxHeight, overflowY: 'auto' }}
          >
            <Table size="small" stickyHeader aria-label={props.tableLabel}>
              <TableHead>{props.head}</TableHead>
              <TableBody>{props.children}</TableBody>
            </Table>
          </TableContainer>
          {props.footer}
        </Box>
      </Popover>
    </>
  );
}

/** Read by screen readers, not drawn. */
export const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;
