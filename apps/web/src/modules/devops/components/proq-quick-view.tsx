import { PROQ_LIMITS, type CommandState } from '@b2b/contract';
import Queue from '@mui/icons-material/Queue';
import Link from '@mui/material/Link';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { badgeCountText } from '../../../components/feedback/notifications';
import { useCan } from '../../../lib/permissions';
import { useProqQuickView } from '../api/get-quick-view';
import { CommandStateChip } from './command-state-chip';
import { QuickViewPopover } from '../../../components/layout/quick-view-popover';
import { useT } from '../../../lib/i18n';

/** Commands the badge counts: those still to run or running (Blocked ones are not shown). */
const ACTIVE: readonly CommandState[] = ['Pending', 'InProgress'];

/**
 * The navbar's ProQ quick view (QuickView_ProQ_VIEW): a button whose badge counts the latest
 * commands still to run (99+ above 99), opening a table of the latest commands — command type,
 * state, age in minutes, tags, job — without Blocked ones, at most 512 px tall with a scrollbar.
 * Refreshed every 4 s while queries-refetch is on.
 */
export function ProqQuickView() {
  const t = useT();
  const allowed = useCan('QuickView_ProQ_VIEW');
  const canMonitor = useCan(['DevOps_Area_VIEW', 'ProQ_VIEW']);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const { data, error } = useProqQuickView({ enabled: allowed });
  if (!allowed) return null;
  // The server hides Blocked commands already; the quick view never shows one whatever it gets.
  const rows = (data ?? []).filter((r) => r.state !== 'Blocked');
  const active = rows.filter((r) => ACTIVE.includes(r.state)).length;

  return (
    <QuickViewPopover
      label={t('ProQ quick view')}
      buttonName={
        active > 0
          ? t('ProQ quick view: {{count}} to run', { count: badgeCountText(active) })
          : t('ProQ quick view')
      }
      icon={<Queue />}
      count={active}
      title={t('Latest ProQ commands')}
      width={640}
      tableLabel={t('Latest ProQ commands')}
      tableTestId="proq-quick-view-table"
      maxHeight={PROQ_LIMITS.quickViewMaxHeightPx}
      anchor={anchor}
      onAnchorChange={setAnchor}
      error={error}
      head={
        <TableRow>
          <TableCell>{t('Command type')}</TableCell>
          <TableCell>{t('State')}</TableCell>
          <TableCell align="right">{t('Age (min)')}</TableCell>
          <TableCell>{t('Tags')}</TableCell>
          <TableCell>{t('Job')}</TableCell>
        </TableRow>
      }
      footer={
        canMonitor && (
          <Link
            component={RouterLink}
            to="/devops/proq-monitoring"
            onClick={() => setAnchor(null)}
            sx={{ display: 'inline-block', mt: 1 }}
          >
            {t('Open ProQ monitoring')}
          </Link>
        )
      }
    >
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
          <TableCell colSpan={5}>{t('No commands')}</TableCell>
        </TableRow>
      )}
    </QuickViewPopover>
  );
}
