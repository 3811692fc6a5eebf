import { PROQ_LIMITS, type CommandState } from '@b2b/contract';
import Queue from '@mui/icons-material/Queue';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Popover from '@mui/material/Popover';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { badgeCountText, CountBadge } from '../../../components/feedback/notifications';
import { errorMessageOf } from '../../../lib/api-error';
import { useCan } from '../../../lib/permissions';
import { useProqQuickView } from '../api/get-quick-view';
import { CommandStateChip } from './command-state-chip';

/** Commands the badge counts: those still to run or running (Blocked ones are not shown). */
const ACTIVE: readonly CommandState[] = ['Pending', 'InProgress'];

/**
 * The navbar's ProQ quick view (QuickView_ProQ_VIEW): a button whose badge counts the latest
 * commands still to run (99+ above 99), opening a table of the latest commands — command type,
 * state, age in minutes, tags, job — without Blocked ones, at most 512 px tall with a scrollbar.
 * Refreshed every 4 s while queries-refetch is on.
 */
export function ProqQuickView() {
  const allowed = useCan('QuickView_ProQ_VIEW');
  const canMonitor = useCan(['DevOps_Area_VIEW', 'ProQ_VIEW']);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const popoverId = useId();
  const { data, error } = useProqQuickView({ enabled: allowed });
  if (!allowed) return null;
  // The server hides Blocked commands already; the quick view never shows one whatever it gets.
  const rows = (data ?? []).filter((r) => r.state !== 'Blocked');
  const active = rows.filter((r) => ACTIVE.includes(r.state)).length;

  return (
    <>
      <Tooltip title="ProQ quick view" describeChild>
        <IconButton
          // Named by its content, not aria-label: the badge's visible count then is part of the
          // name whatever the badge shows, as the label-in-name rule asks.
          aria-haspopup="dialog"
          aria-controls={anchor ? popoverId : undefined}
          onClick={(e) => setAnchor(e.currentTarget)}
        >
          <Box component="span" sx={visuallyHidden}>
            {active > 0 ? `ProQ quick view: ${badgeCountText(active)} to run` : 'ProQ quick view'}
          </Box>
          <CountBadge count={active} color="primary">
            <Queue />
          </CountBadge>
        </IconButton>
      </Tooltip>
      <Popover
        id={popoverId}
        open={!!anchor}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { role: 'dialog', 'aria-label': 'ProQ quick view' } }}
      >
        <Box sx={{ p: 2, width: 640, maxWidth: '90vw' }}>
          <Typography variant="subtitle1" component="h2" sx={{ mb: 1 }}>
            Latest ProQ commands
          </Typography>
          {error && <Alert severity="error">{errorMessageOf(error)}</Alert>}
          <TableContainer
            data-testid="proq-quick-view-table"
            // It scrolls: keyboard users must be able to focus it to scroll it.
            tabIndex={0}
            sx={{ maxHeight: PROQ_LIMITS.quickViewMaxHeightPx, overflowY: 'auto' }}
          >
            <Table size="small" stickyHeader aria-label="Latest ProQ commands">
              <TableHead>
                <TableRow>
                  <TableCell>Command type</TableCell>
                  <TableCell>State</TableCell>
                  <TableCell align="right">Age (min)</TableCell>
                  <TableCell>Tags</TableCell>
                  <TableCell>Job</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((row) => (
                  <TableRow key={row.id}>
                    <TableCell>{row.commandType}</TableCell>
                    <TableCell>
                      <CommandStateChip state={row.state} />
                    </TableCell>
                    <TableCell align="right">{row.age}</TableCell>
                    <TableCell>{row.tags.join(', ')}</TableCell>
                    <TableCell>{row.jobName ?? row.jobId ?? ''}</TableCell>
                  </TableRow>
                ))}
                {data && rows.length === 0 && (
                  <TableRow>
                    <TableCell colSpan={5}>No commands</TableCell>
                  </TableRow>
                )}
              </TableBody>
            </Table>
          </TableContainer>
          {canMonitor && (
            <Link
              component={RouterLink}
              to="/devops/proq-monitoring"
              onClick={() => setAnchor(null)}
              sx={{ display: 'inline-block', mt: 1 }}
            >
              Open ProQ monitoring
            </Link>
          )}
        </Box>
      </Popover>
    </>
  );
}

/** Read by screen readers, not drawn. */
const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;
