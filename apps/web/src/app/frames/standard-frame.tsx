import { ERROR_CODES, type CurrentUserProfile } from '@b2b/contract';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Toolbar from '@mui/material/Toolbar';
import { Navigate, Outlet, useLocation } from 'react-router';
import { FullScreenLoading } from '../../components/feedback/full-screen-loading';
import { isApiError } from '../../lib/api-error';
import { loginPath } from '../../lib/auth/callback-url';
import { useSession } from '../../lib/auth/get-session';
import { usePageTitle } from '../../lib/use-page-title';
import { AppThemeProvider } from '../../theme/app-theme-provider';
import { BrandLogo } from '../../theme/brand-logo';
import { UserMenu } from './user-menu';

/**
 * The frame of signed-in pages, in the user's branding. Signed-out visitors go to the sign-in
 * page with a callbackUrl that brings them back here.
 */
export function StandardFrame() {
  const session = useSession();
  const location = useLocation();
  usePageTitle(session.data?.branding.issuerName);

  if (isApiError(session.error, 401)) {
    const expired = session.error.code === ERROR_CODES.sessionExpired;
    return (
      <Navigate
        to={loginPath(location, expired ? ERROR_CODES.sessionExpired : undefined)}
        replace
      />
    );
  }
  // Anything else is unexpected: the route's error page reports it.
  if (session.isError) throw session.error;
  if (session.isPending) return <FullScreenLoading />;
  return (
    <AppThemeProvider themeKey={session.data.branding.theme}>
      <SignedInLayout user={session.data} />
    </AppThemeProvider>
  );
}

function SignedInLayout({ user }: { user: CurrentUserProfile }) {
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <AppBar position="static" color="primary">
        <Toolbar sx={{ gap: 2 }}>
          <BrandLogo name={user.branding.brandingDisplayName} size="small" />
          <Box sx={{ flexGrow: 1 }} />
          <UserMenu displayName={user.displayName} />
        </Toolbar>
      </AppBar>
      <Container component="main" sx={{ flexGrow: 1, py: 4 }}>
        <Outlet />
      </Container>
    </Box>
  );
}
