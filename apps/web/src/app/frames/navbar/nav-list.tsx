import { can } from '@b2b/contract';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Divider from '@mui/material/Divider';
import Tooltip from '@mui/material/Tooltip';
import { useId } from 'react';
import { Link as RouterLink, useMatch } from 'react-router';
import { useCurrentUser } from '../../../lib/auth/use-current-user';
import { HOME_ITEM, NAV_GROUPS, type NavGroup, type NavItem } from './nav-items';
import { useT } from '../../../lib/i18n';

export type NavListProps = {
  compact: boolean;
  onNavigate: () => void;
};

/**
 * Home and the Analysis, Admin and System groups; an entry is hidden without its permissions
 * and a group without any visible entry. Filtered here with the contract's can() rather than a
 * PermissionGuard per entry, because a group's heading depends on all its entries together.
 */
export function NavList({ compact, onNavigate }: NavListProps) {
  const user = useCurrentUser();
  const groups = NAV_GROUPS.map((group) => ({
    ...group,
    items: group.items.filter((entry) => can(user, entry.permissions)),
  })).filter((group) => group.items.length > 0);

  return (
    <>
      <List disablePadding>
        <NavEntry item={HOME_ITEM} compact={compact} onNavigate={onNavigate} />
      </List>
      {groups.map((group) => (
        <NavSection key={group.label} group={group} compact={compact} onNavigate={onNavigate} />
      ))}
    </>
  );
}

type NavSectionProps = NavListProps & { group: NavGroup };

function NavSection({ group, compact, onNavigate }: NavSectionProps) {
  const t = useT();
  const headingId = useId();
  return (
    <>
      {/* Collapsed, a line stands in for the heading: a list may hold only list items. */}
      {compact && <Divider />}
      <List
        aria-labelledby={compact ? undefined : headingId}
        aria-label={compact ? t(group.label) : undefined}
        subheader={
          compact ? undefined : (
            <ListSubheader id={headingId} sx={{ lineHeight: '36px', bgcolor: 'transparent' }}>
              {t(group.label)}
            </ListSubheader>
          )
        }
      >
        {group.items.map((entry) => (
          <NavEntry key={entry.to} item={entry} compact={compact} onNavigate={onNavigate} />
        ))}
      </List>
    </>
  );
}

type NavEntryProps = NavListProps & { item: NavItem };

function NavEntry({ item, compact, onNavigate }: NavEntryProps) {
  const t = useT();
  const label = t(item.label);
  const active = useMatch({ path: item.to, end: item.to === '/' });
  const Icon = item.icon;
  const link = (
    <ListItemButton
      component={RouterLink}
      to={item.to}
      selected={!!active}
      aria-current={active ? 'page' : undefined}
      aria-label={compact ? label : undefined}
      onClick={onNavigate}
      sx={{ minHeight: 44, justifyContent: compact ? 'center' : 'flex-start', px: 2.5 }}
    >
      <ListItemIcon sx={{ minWidth: 0, mr: compact ? 0 : 2, color: 'inherit' }}>
        <Icon fontSize="small" />
      </ListItemIcon>
      {!compact && <ListItemText primary={label} />}
    </ListItemButton>
  );
  return (
    <ListItem disablePadding>
      {compact ? (
        <Tooltip title={label} placement="right">
          {link}
        </Tooltip>
      ) : (
        link
      )}
    </ListItem>
  );
}
