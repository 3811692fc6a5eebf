import { ERROR_CODES, MESSAGES, type PublicBranding } from '@b2b/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { Navigate, Outlet, useSearchParams } from 'react-router';
import { FullScreenLoading } from '../../components/feedback/full-screen-loading';
import { LOGIN_ERROR_PARAM } from '../../lib/auth/callback-url';
import { usePageTitle } from '../../lib/use-page-title';
import { useBrandingByDomain } from '../../modules/brandings/api/get-branding-by-domain';
import { useClientConfig } from '../../modules/system/api/get-client-config';
import { useSystemMode } from '../../modules/system/api/get-system-mode';
import { AppThemeProvider } from '../../theme/app-theme-provider';
import { BrandLogo } from '../../theme/brand-logo';
import { useT } from '../../lib/i18n';

/**
 * The minimal frame of signed-out pages (and the lobby): the host's branded background and
 * logo, the page in a card, and the trust-policy note (the site's, else the theme's).
 */
export function PublicFrame() {
  const [searchParams] = useSearchParams();
  // SPEC.md section 8: after a failed branding lookup the sign-in page skips it.
  const skipBranding = searchParams.get(LOGIN_ERROR_PARAM) === ERROR_CODES.publicBrandingError;
  const branding = useBrandingByDomain({ enabled: !skipBranding });
  usePageTitle(branding.data?.issuerName);

  if (!skipBranding && branding.isError) {
    const next = new URLSearchParams(searchParams);
    next.set(LOGIN_ERROR_PARAM, ERROR_CODES.publicBrandingError);
    return <Navigate to={`/login?${next.toString()}`} replace />;
  }
  if (!skipBranding && branding.isPending) return <FullScreenLoading />;
  return (
    <AppThemeProvider themeKey={branding.data?.theme ?? 'default'}>
      <PublicLayout branding={branding.data} />
    </AppThemeProvider>
  );
}

function PublicLayout({ branding }: { branding: PublicBranding | undefined }) {
  const t = useT();
  const { brand } = useTheme();
  // Public and asked silently: a failure only leaves out the note and the maintenance notice.
  const config = useClientConfig();
  const mode = useSystemMode();
  const trustNote = config.data?.trustPolicyNote ?? brand.trustNote;
  return (
    <Box
      component="main"
      data-frame="public"
      sx={{
        minHeight: '100vh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        p: 2,
        background: brand.loginBackground,
      }}
    >
      <Paper elevation={8} sx={{ width: '100%', maxWidth: 440, p: { xs: 3, sm: 4 } }}>
        <Box sx={{ display: 'flex', justifyContent: 'center', mb: 3 }}>
          <BrandLogo name={branding?.brandingDisplayName} />
        </Box>
        {mode.data === 'Maintenance' && (
          <Alert severity="warning" sx={{ mb: 2 }}>
            {t(MESSAGES.maintenance)}
          </Alert>
        )}
        <Outlet />
        {trustNote && (
          <Typography variant="note" sx={{ mt: 3 }}>
            {trustNote}
          </Typography>
        )}
      </Paper>
    </Box>
  );
}
