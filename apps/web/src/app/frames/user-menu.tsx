import AccountCircle from '@mui/icons-material/AccountCircle';
import Logout from '@mui/icons-material/Logout';
import Button from '@mui/material/Button';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { clearSignedInData } from '../../lib/query-client';
import { useLogout } from '../../modules/auth/api/logout';

export type UserMenuProps = {
  displayName: string;
};

/** The signed-in user's name, opening a menu with Sign out. */
export function UserMenu({ displayName }: UserMenuProps) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const logout = useLogout();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  async function handleSignOut() {
    setAnchor(null);
    // Leave even if the call fails: staying on a page the user asked to leave helps nobody.
    await logout.mutateAsync().catch(() => undefined);
    // Leave the signed-in pages before clearing: cleared while still mounted, the frame would
    // ask for the session again and race this navigation with its own sign-in redirect.
    await navigate('/login', { replace: true });
    clearSignedInData(queryClient);
  }

  return (
    <>
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
      <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        <MenuItem onClick={() => void handleSignOut()} disabled={logout.isPending}>
          <ListItemIcon>
            <Logout fontSize="small" />
          </ListItemIcon>
          Sign out
        </MenuItem>
      </Menu>
    </>
  );
}
