import { can, WEB_ROUTES, endpointPath, type ActiveUserEntry } from '@b2b/contract';
import People from '@mui/icons-material/People';
import Link from '@mui/material/Link';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { badgeCountText } from '../../../components/feedback/notifications';
import { useCurrentUser } from '../../../lib/auth/use-current-user';
import { useCan } from '../../../lib/permissions';
import { useActiveUsersQuickView } from '../api/list-active-users';
import { QuickViewPopover } from '../../../components/layout/quick-view-popover';
import { tKey, useT } from '../../../lib/i18n';
import { t as translate, type Translate } from '../../../lib/i18n/i18n';

/** The page each entity type is viewed on, and how the list names the type. */
const ENTITY_PAGES: Record<string, { label: string; route: string; param: string }> = {
  issuer: { label: tKey('Issuer'), route: '/admin/issuer-manager/:issuerId', param: 'issuerId' },
  user: { label: tKey('User'), route: '/admin/users/:userId', param: 'userId' },
  buyer: { label: tKey('Buyer'), route: '/admin/buyer-manager/:buyerId', param: 'buyerId' },
  job: { label: tKey('Job'), route: '/jobs/:jobId/details', param: 'jobId' },
};

/** "just now", "12 min", "2 h 5 min": how long someone has been on the page. */
export function durationSince(since: string, now: number, t: Translate = translate): string {
  const minutes = Math.max(0, Math.floor((now - Date.parse(since)) / 60_000));
  if (minutes < 1) return t('just now');
  if (minutes < 60) return t('{{minutes}} min', { minutes });
  return t('{{hours}} h {{minutes}} min', {
    hours: Math.floor(minutes / 60),
    minutes: minutes % 60,
  });
}

/**
 * The navbar's active-users quick view (ActiveUsers_VIEW): a button whose badge counts the
 * other people on entity pages the user may see, opening a table of who is where — name,
 * e-mail, the entity (a link when the user may open its page), since when, and whether they
 * hold its write lock. Refreshed every 2 s (SPEC.md section 9), badge and list alike, while
 * queries-refetch is on.
 */
export function ActiveUsersQuickView() {
  const t = useT();
  const allowed = useCan('ActiveUsers_VIEW');
  const me = useCurrentUser();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const { data, error, dataUpdatedAt } = useActiveUsersQuickView({ enabled: allowed });
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
    <QuickViewPopover
      label={t('Active users')}
      buttonName={
        others > 0
          ? t('Active users: {{count}} others', { count: badgeCountText(others) })
          : t('Active users')
      }
      icon={<People />}
      count={others}
      title={t('Who is where')}
      width={720}
      tableLabel={t('Active users')}
      tableTestId="active-users-quick-view-table"
      maxHeight={512}
      anchor={anchor}
      onAnchorChange={setAnchor}
      error={error}
      head={
        <TableRow>
          <TableCell>{t('User')}</TableCell>
          <TableCell>{t('E-mail')}</TableCell>
          <TableCell>{t('Viewing')}</TableCell>
          <TableCell>{t('Since')}</TableCell>
          <TableCell>{t('Write lock')}</TableCell>
        </TableRow>
      }
    >
      {rows.map((row) => {
        const to = pageOf(row);
        const type = ENTITY_PAGES[row.entityType];
        const where = t('{{type}}: {{name}}', {
          type: type ? t(type.label) : row.entityType,
          name: row.entityName,
        });
        return (
          <TableRow key={`${row.entityType}:${row.entityId}:${row.userId}`}>
            <TableCell>
              {row.displayName}
              {row.userId === me.id ? ` ${t('(you)')}` : ''}
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
                {durationSince(row.since, dataUpdatedAt, t)}
              </time>
            </TableCell>
            <TableCell>{row.exclusiveWriteAccess ? t('Editing') : ''}</TableCell>
          </TableRow>
        );
      })}
      {data && rows.length === 0 && (
        <TableRow>
          <TableCell colSpan={5}>{t('Nobody is viewing an entity right now')}</TableCell>
        </TableRow>
      )}
    </QuickViewPopover>
  );
}
