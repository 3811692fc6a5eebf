import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';

export type BrandLogoProps = {
  /** The branding's display name; the theme's own logo text when absent. */
  name?: string | null;
  size?: 'small' | 'large';
};

/** The issuer's mark and name, as the current theme draws them. */
export function BrandLogo({ name, size = 'large' }: BrandLogoProps) {
  const { brand } = useTheme();
  const markSize = size === 'large' ? 40 : 28;
  return (
    <Box data-testid="brand-logo" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
      {/* A white badge keeps the mark visible on a primary-coloured app bar too. */}
      <Box
        component="svg"
        viewBox="0 0 24 24"
        aria-hidden="true"
        sx={{ width: markSize, height: markSize, p: 0.5, bgcolor: '#ffffff', borderRadius: 1 }}
      >
        {brand.mark.map((shape) => (
          <path key={shape.d} d={shape.d} fill={shape.fill} />
        ))}
      </Box>
      <Typography
        component="span"
        variant={size === 'large' ? 'h5' : 'h6'}
        sx={{ fontWeight: 700 }}
      >
        {name || brand.logoText}
      </Typography>
    </Box>
  );
}
