import { can, WEB_ROUTES, endpointPath, type ActiveUserEntry } from '@b2b/contract';
import People from '@mui/icons-material/People';
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
import { useCurrentUser } from '../../../lib/auth/use-current-user';
import { useCan } from '../../../lib/permissions';
import { useActiveUsersQuickView } from '../api/list-active-users';

/** The page each entity type is viewed on, and how the list names the type. */
const ENTITY_PAGES: Record<string, { label: string; route: string; param: string }> = {
  issuer: { label: 'Issuer', route: '/admin/issuer-manager/:issuerId', param: 'issuerId' },
  user: { label: 'User', route: '/admin/users/:userId', param: 'userId' },
};

/** "just now", "12 min", "2 h 5 min": how long someone has been on the page. */
export function durationSince(since: string, now: number): string {
  const minutes = Math.max(0, Math.floor((now - Date.parse(since)) / 60_000));
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

/**
 * The navbar's active-users quick view (ActiveUsers_VIEW): a button whose badge counts the
 * other people on entity pages the user may see, opening a table of who is where — name,
 * e-mail, the entity (a link when the user may open its page), since when, and whether they
 * hold its write lock. Refreshed every 2 s while open (SPEC.md section 9), every 15 s for the
 * badge while closed, both only while queries-refetch is on.
 */
export function ActiveUsersQuickView() {
  const allowed = useCan('ActiveUsers_VIEW');
  const me = useCurrentUser();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const popoverId = useId();
  const { data, error, dataUpdatedAt } = useActiveUsersQuickView({
    enabled: allowed,
    open: !!anchor,
  });
  if (!allowed) return null;
  const rows = data ?? [];
  // Durations count to when the list was fetched (rows exist only then), not to each render.
  // The user's own visits are listed but not counted: the badge says whether anyone else is about.
  const others = new Set(rows.filter((r) => r.userId !== me.id).map((r) => r.userId)).size;
  const pageOf = (row: ActiveUserEntry) => {
    const page = ENTITY_PAGES[row.entityType];
    const route = page && WEB_ROUTES.find((r) => r.path === page.route);
    if (!page || !route || !can(me, route.permissions)) return null;
    return endpointPath(page.route, { [page.param]: row.entityId });
  };

  return (
    <>
      <Tooltip title="Active users" describeChild>
        <IconButton
          // Named by its content, not aria-label, so the name contains the badge's visible count.
          aria-haspopup="dialog"
          aria-controls={anchor ? popoverId : undefined}
          onClick={(e) => setAnchor(e.currentTarget)}
        >
          <Box component="span" sx={visuallyHidden}>
            {others > 0 ? `Active users: ${badgeCountText(others)} others` : 'Active users'}
          </Box>
          <CountBadge count={others} color="primary">
            <People />
          </CountBadge>
        </IconButton>
      </Tooltip>
      <Popover
        id={popoverId}
        open={!!anchor}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { role: 'dialog', 'aria-label': 'Active users' } }}
      >
        <Box sx={{ p: 2, width: 720, maxWidth: '90vw' }}>
          <Typography variant="subtitle1" component="h2" sx={{ mb: 1 }}>
            Who is where
          </Typography>
          {error && <Alert severity="error">{errorMessageOf(error)}</Alert>}
          <TableContainer
            data-testid="active-users-quick-view-table"
            // It scrolls: keyboard users must be able to focus it to scroll it.
            tabIndex={0}
            sx={{ maxHeight: 512, overflowY: 'auto' }}
          >
            <Table size="small" stickyHeader aria-label="Active users">
              <TableHead>
                <TableRow>
                  <TableCell>User</TableCell>
                  <TableCell>E-mail</TableCell>
                  <TableCell>Viewing</TableCell>
                  <TableCell>Since</TableCell>
                  <TableCell>Write lock</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((row) => {
                  const to = pageOf(row);
                  const where = `${ENTITY_PAGES[row.entityType]?.label ?? row.entityType}: ${row.entityName}`;
                  return (
                    <TableRow key={`${row.entityType}:${row.entityId}:${row.userId}`}>
                      <TableCell>
                        {row.displayName}
                        {row.userId === me.id ? ' (you)' : ''}
                      </TableCell>
                      <TableCell>{row.email}</TableCell>
                      <TableCell>
                        {to ? (
                          <Link component={RouterLink} to={to} onClick={() => setAnchor(null)}>
                            {where}
                          </Link>
                        ) : (
                          where
                        )}
                      </TableCell>
                      <TableCell>
                        <time dateTime={row.since} title={new Date(row.since).toLocaleString()}>
                          {durationSince(row.since, dataUpdatedAt)}
                        </time>
                      </TableCell>
                      <TableCell>{row.exclusiveWriteAccess ? 'Editing' : ''}</TableCell>
                    </TableRow>
                  );
                })}
                {data && rows.length === 0 && (
                  <TableRow>
                    <TableCell colSpan={5}>Nobody is viewing an entity right now</TableCell>
                  </TableRow>
                )}
              </TableBody>
            </Table>
          </TableContainer>
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
