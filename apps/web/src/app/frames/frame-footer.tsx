import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

export type FrameFooterProps = {
  brandName: string;
  environment?: string;
};

/** The standard frame's footer: whose analytics this is and which environment serves it. */
export function FrameFooter({ brandName, environment }: FrameFooterProps) {
  return (
    <Box
      component="footer"
      sx={{ px: 3, py: 1.5, borderTop: 1, borderColor: 'divider', bgcolor: 'background.paper' }}
    >
      <Typography variant="note">
        © {new Date().getFullYear()} {brandName} · B2B Analytics
        {environment ? ` · ${environment}` : ''}
      </Typography>
    </Box>
  );
}
