import { ROLE_DESCRIPTIONS, type RoleEntry, type StandardRole } from '@b2b/contract';
import SwitchAccount from '@mui/icons-material/SwitchAccount';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useId, useState } from 'react';
import { useNotify } from '../../../components/feedback/notifications';
import { useSetActiveRoles } from '../api/set-active-roles';
import { useT } from '../../../lib/i18n';

export type RoleSwitcherProps = {
  activeRoles: readonly RoleEntry[];
  /** Every standard role the user holds (the profile's availableStandardRoles). */
  availableRoles: readonly StandardRole[];
};

/**
 * The toolbar's role switcher for users who may switch roles: a multi-select of their
 * standard roles. Each change narrows this session at once; at least one role stays active.
 */
export function RoleSwitcher({ activeRoles, availableRoles }: RoleSwitcherProps) {
  const t = useT();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const setRoles = useSetActiveRoles();
  const notify = useNotify();
  const active = activeRoles.map((entry) => entry.role as StandardRole);
  const known = availableRoles;

  function apply(roles: StandardRole[] | null) {
    setRoles.mutate(roles, {
      onError: (error) => notify.error(error, { operation: t('Switch roles') }),
    });
  }

  function toggle(role: StandardRole) {
    const next = active.includes(role) ? active.filter((r) => r !== role) : [...active, role];
    if (next.length > 0) apply(known.filter((r) => next.includes(r)));
  }

  return (
    <>
      <Button
        color="inherit"
        startIcon={<SwitchAccount />}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        disabled={setRoles.isPending}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        {t('Roles ({{count}})', { count: active.length })}
      </Button>
      <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {known.map((role) => {
          const checked = active.includes(role);
          return (
            <MenuItem
              key={role}
              role="menuitemcheckbox"
              aria-checked={checked}
              // The last active role cannot be switched off: a session needs one.
              disabled={setRoles.isPending || (checked && active.length === 1)}
              onClick={() => toggle(role)}
            >
              <ListItemIcon>
                <Checkbox edge="start" checked={checked} tabIndex={-1} disableRipple />
              </ListItemIcon>
              <ListItemText primary={t(ROLE_DESCRIPTIONS[role].displayName)} />
            </MenuItem>
          );
        })}
        <Divider />
        <MenuItem disabled={setRoles.isPending} onClick={() => apply(null)}>
          {t('All my roles')}
        </MenuItem>
      </Menu>
    </>
  );
}
