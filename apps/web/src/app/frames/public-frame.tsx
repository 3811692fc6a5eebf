import { ERROR_CODES, type PublicBranding } from '@b2b/contract';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { Navigate, Outlet, useSearchParams } from 'react-router';
import { FullScreenLoading } from '../../components/feedback/full-screen-loading';
import { LOGIN_ERROR_PARAM } from '../../lib/auth/callback-url';
import { usePageTitle } from '../../lib/use-page-title';
import { useBrandingByDomain } from '../../modules/brandings/api/get-branding-by-domain';
import { AppThemeProvider } from '../../theme/app-theme-provider';
import { BrandLogo } from '../../theme/brand-logo';

/**
 * The minimal frame of signed-out pages: the host's branded background and logo, the page in a
 * card, and the theme's trust-policy note when it has one.
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
  const { brand } = useTheme();
  return (
    <Box
      component="main"
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
        <Outlet />
        {brand.trustNote && (
          <Typography variant="body2" sx={{ mt: 3, color: 'text.secondary' }}>
            {brand.trustNote}
          </Typography>
        )}
      </Paper>
    </Box>
  );
}
