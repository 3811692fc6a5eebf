import { WEB_ROUTES, can } from '@b2b/contract';
import Alert from '@mui/material/Alert';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { Section } from '../../../components/layout/section';
import { errorMessageOf } from '../../../lib/api-error';
import { useCurrentUser } from '../../../lib/auth/use-current-user';
import { useT } from '../../../lib/i18n';

/** Whether the user may open a route of the table (its path as written there, `:params` and all). */
export function useCanOpen(routePath: string): boolean {
  const user = useCurrentUser();
  const route = WEB_ROUTES.find((r) => r.path === routePath);
  return route !== undefined && can(user, route.permissions);
}

export type DashboardTileProps<T> = {
  title: string;
  query: UseQueryResult<T>;
  /** The screen the tile summarises: shown as a link when the user may open it. */
  link: { route: string; to?: string; label: string };
  /** Beside the heading's content: a currency or interval choice. */
  actions?: ReactNode;
  children: (data: T) => ReactNode;
};

/**
 * One dashboard tile: a titled section with its figures once loaded (a bar while loading, the
 * error in place of figures), and a link to the screen it summarises for those who may open it.
 */
export function DashboardTile<T>({ title, query, link, actions, children }: DashboardTileProps<T>) {
  const t = useT();
  const canOpen = useCanOpen(link.route);
  return (
    <Section title={title}>
      <Stack spacing={1.5}>
        {actions}
        {query.isPending && <LinearProgress aria-label={t('Loading {{title}}', { title })} />}
        {query.isError && <Alert severity="error">{errorMessageOf(query.error)}</Alert>}
        {query.data !== undefined && children(query.data)}
        {canOpen && (
          <Link component={RouterLink} to={link.to ?? link.route} sx={{ alignSelf: 'flex-start' }}>
            {link.label}
          </Link>
        )}
      </Stack>
    </Section>
  );
}
