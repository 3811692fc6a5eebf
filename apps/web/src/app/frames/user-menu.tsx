import { MESSAGES, type RoleLists } from '@b2b/contract';
import AccountCircle from '@mui/icons-material/AccountCircle';
import Logout from '@mui/icons-material/Logout';
import Person from '@mui/icons-material/Person';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import { useId, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useSignOut } from '../session/use-sign-out';
import { useT } from '../../lib/i18n';

export type UserMenuProps = {
  displayName: string;
  roles: RoleLists;
};

function RolesTooltip({ roles }: { roles: RoleLists }) {
  const t = useT();
  const names = (entries: RoleLists['standard']) =>
    entries.map((entry) => entry.displayName).join(', ') || 'None';
  return (
    <Box>
      <div>
        <strong>{t(MESSAGES.systemRoles)}:</strong> {names(roles.standard)}
      </div>
      <div>
        <strong>{t(MESSAGES.analysisRoles)}:</strong> {names(roles.tabbedView)}
      </div>
    </Box>
  );
}

/** The signed-in user's name (its tooltip lists their roles), opening Profile and Logout. */
export function UserMenu({ displayName, roles }: UserMenuProps) {
  const t = useT();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [leaving, setLeaving] = useState(false);
  const menuId = useId();
  const signOut = useSignOut();

  async function handleLogout() {
    setAnchor(null);
    setLeaving(true);
    await signOut();
  }

  return (
    <>
      <Tooltip title={<RolesTooltip roles={roles} />} describeChild>
        <Button
          color="inherit"
          startIcon={<AccountCircle />}
          aria-haspopup="menu"
          aria-controls={anchor ? menuId : undefined}
          aria-expanded={anchor ? 'true' : undefined}
          onClick={(event) => setAnchor(event.currentTarget)}
        >
          {displayName}
        </Button>
      </Tooltip>
      <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        <MenuItem component={RouterLink} to="/profile" onClick={() => setAnchor(null)}>
          <ListItemIcon>
            <Person fontSize="small" />
          </ListItemIcon>
          {t('Profile')}
        </MenuItem>
        <MenuItem onClick={() => void handleLogout()} disabled={leaving}>
          <ListItemIcon>
            <Logout fontSize="small" />
          </ListItemIcon>
          {t('Logout')}
        </MenuItem>
      </Menu>
    </>
  );
}
