import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import LinearProgress from '@mui/material/LinearProgress';
import { can } from '@b2b/contract';
import { useId } from 'react';
import { Outlet, useNavigation } from 'react-router';
import { useCurrentUser } from '../../lib/auth/use-current-user';
import { ChatLauncher } from '../../modules/chat/components/chat-launcher';
import { useClientConfig } from '../../modules/system/api/get-client-config';
import { ReleaseNotice } from '../session/release-notice';
import { useCurrentWebRoute } from '../use-current-web-route';
import { AppToolbar } from './app-toolbar';
import { FrameBars } from './frame-bars';
import { FrameFooter } from './frame-footer';
import { Navbar } from './navbar/navbar';
import { useNavbarState } from './navbar/use-navbar-state';
import { SkipLink } from './skip-link';
import { useBrandName } from './use-theme-preview';
import { useT } from '../../lib/i18n';

const MAIN_CONTENT_ID = 'main-content';

/**
 * The frame of signed-in pages: optional bars, the toolbar, the navbar beside the page, and the
 * footer. The signed-in shell above it has already checked the session and the route.
 */
export function StandardFrame() {
  const t = useT();
  const user = useCurrentUser();
  const config = useClientConfig().data ?? null;
  const route = useCurrentWebRoute();
  const navbar = useNavbarState();
  const navigation = useNavigation();
  const navbarId = useId();
  const brandName = useBrandName(user.branding.brandingDisplayName);
  // SPEC §6: the navbar is a permission of its own (every standard role holds it).
  const showNavbar = can(user, 'StandardLayoutNavbar_VIEW');

  return (
    <Box
      data-frame="standard"
      sx={{
        height: '100vh',
        display: 'flex',
        flexDirection: 'column',
        bgcolor: 'background.default',
      }}
    >
      <SkipLink targetId={MAIN_CONTENT_ID} />
      <Box component="header">
        <FrameBars config={config} />
        <AppToolbar
          user={user}
          route={route}
          navbarId={showNavbar ? navbarId : undefined}
          navbar={navbar}
        />
        <Box sx={{ height: 4 }}>
          {navigation.state === 'loading' && <LinearProgress aria-label={t('Loading...')} />}
        </Box>
      </Box>
      <Box sx={{ display: 'flex', flex: 1, minHeight: 0 }}>
        {showNavbar && <Navbar id={navbarId} control={navbar} />}
        <Box
          sx={{ flex: 1, minWidth: 0, overflow: 'auto', display: 'flex', flexDirection: 'column' }}
        >
          <ReleaseNotice config={config} userId={user.id} />
          <Container
            component="main"
            id={MAIN_CONTENT_ID}
            tabIndex={-1}
            maxWidth="lg"
            // At least the visible height, so the footer starts below it: on a page that grows
            // as its data arrives, the footer would otherwise jump down from the bottom of the
            // screen (a layout shift the user sees).
            sx={{ flex: '1 0 auto', minHeight: '100%', py: 3, outline: 'none' }}
          >
            <Outlet />
          </Container>
          <FrameFooter brandName={brandName} environment={config?.environmentLabel ?? undefined} />
        </Box>
      </Box>
      <ChatLauncher />
    </Box>
  );
}
