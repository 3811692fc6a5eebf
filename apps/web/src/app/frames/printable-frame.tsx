import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { Outlet } from 'react-router';
import { useCurrentUser } from '../../lib/auth/use-current-user';
import { BrandLogo } from '../../theme/brand-logo';
import { useCurrentWebRoute } from '../use-current-web-route';
import { useBrandName } from './use-theme-preview';

/**
 * The frame of printable reports (/jobs/{jobId}/printable/...): no navigation, white paper in the
 * printable variant of the user's theme (the signed-in shell applies it), ready for Chromium to
 * print to PDF.
 */
export function PrintableFrame() {
  const user = useCurrentUser();
  const route = useCurrentWebRoute();
  const brandName = useBrandName(user.branding.brandingDisplayName);
  return (
    <Box data-frame="printable" sx={{ p: 4, maxWidth: 1100, mx: 'auto' }}>
      <Box
        component="header"
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 2,
          mb: 3,
          pb: 2,
          borderBottom: 2,
          borderColor: 'primary.main',
        }}
      >
        <BrandLogo name={brandName} />
        <Typography
          component="h1"
          variant="h5"
          sx={{ ml: 'auto' }}
          data-testid="page-header"
          data-route-path={route?.path}
        >
          {route?.title}
        </Typography>
      </Box>
      <Box component="main">
        <Outlet />
      </Box>
    </Box>
  );
}
