import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import { TileRow } from '../../../components/layout/tile-row';
import { formatWhole } from '../../../lib/number-format';
import { useDashboardActiveUsers } from '../api/get-active-users';
import { DashboardTile } from './dashboard-tile';
import { tKey, useT } from '../../../lib/i18n';

/** People active now (the concurrency module's presence), each once, with what they look at. */
export function ActiveUsersTile() {
  const t = useT();
  const query = useDashboardActiveUsers();
  return (
    <DashboardTile
      title={t('Active users')}
      query={query}
      link={{ route: '/admin/users', label: t('Open user management') }}
    >
      {(data) => (
        <>
          <TileRow tiles={[{ label: tKey('Active now'), value: formatWhole(data.count) }]} />

          {data.users.length > 0 && (
            <List dense aria-label={t('Active users')} disablePadding>
              {data.users.map((u) => (
                <ListItem key={u.userId} disableGutters>
                  <ListItemText
                    primary={u.displayName}
                    secondary={`${u.entityType}: ${u.entityName}`}
                  />
                </ListItem>
              ))}
            </List>
          )}
        </>
      )}
    </DashboardTile>
  );
}
