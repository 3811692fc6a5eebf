import type { CurrentUserProfile, WebRoute } from '@b2b/contract';
import MenuIcon from '@mui/icons-material/Menu';
import AppBar from '@mui/material/AppBar';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { PermissionGuard } from '../../lib/permissions';
import { RoleSwitcher } from '../../modules/auth/components/role-switcher';
import { NotificationsMenu } from '../../modules/notifications/components/notifications-menu';
import { BrandLogo } from '../../theme/brand-logo';
import type { NavbarControl } from './navbar/use-navbar-state';
import { ThemeSwitcher } from './theme-switcher';
import { useBrandName } from './use-theme-preview';
import { UserMenu } from './user-menu';
import { LanguageMenu } from '../../modules/translations/components/language-menu';
import { useT } from '../../lib/i18n';

export type AppToolbarProps = {
  user: CurrentUserProfile;
  /** The route on screen: its title is the page header. */
  route: WebRoute | undefined;
  /** The navbar's element id; without one (no navbar) there is no toggle. */
  navbarId: string | undefined;
  navbar: NavbarControl;
};

/**
 * The top toolbar: navigation toggle, logo, page header, role and theme switchers, the user's
 * notifications and the user menu.
 */
export function AppToolbar({ user, route, navbarId, navbar }: AppToolbarProps) {
  const t = useT();
  const expanded = navbar.state === 'pinned' || navbar.state === 'open';
  const brandName = useBrandName(user.branding.brandingDisplayName);
  return (
    <AppBar position="static" color="primary" component="div">
      <Toolbar sx={{ gap: 1 }}>
        {navbarId && (
          <IconButton
            edge="start"
            color="inherit"
            aria-label={t('Toggle navigation')}
            aria-controls={navbarId}
            aria-expanded={expanded}
            onClick={() => navbar.send({ type: 'toggle' })}
          >
            <MenuIcon />
          </IconButton>
        )}
        <BrandLogo name={brandName} size="small" />
        <Typography
          component="h1"
          variant="h6"
          noWrap
          sx={{ flexGrow: 1, ml: 2, fontWeight: 500 }}
          data-testid="page-header"
          data-route-path={route?.path}
        >
          {route && t(route.title)}
        </Typography>
        {user.canSwitchRoles && (
          <RoleSwitcher
            activeRoles={user.roles.standard}
            availableRoles={user.availableStandardRoles}
          />
        )}
        <PermissionGuard permissions="Toolbar_Theme_Switcher_VIEW">
          <ThemeSwitcher />
        </PermissionGuard>
        <LanguageMenu />
        <NotificationsMenu />
        <UserMenu displayName={user.displayName} roles={user.roles} />
      </Toolbar>
    </AppBar>
  );
}
