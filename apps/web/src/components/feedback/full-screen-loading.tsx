import { MESSAGES } from '@b2b/contract';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';

export type FullScreenLoadingProps = {
  /** One of the loading texts of SPEC.md; 'Loading...' by default. */
  message?: string;
};

/** The full-screen view shown while the app cannot draw a page yet. */
export function FullScreenLoading({ message = MESSAGES.loading }: FullScreenLoadingProps) {
  return (
    <Box
      component="main"
      role="status"
      aria-live="polite"
      sx={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 2,
      }}
    >
      <CircularProgress aria-hidden="true" />
      <Typography>{message}</Typography>
    </Box>
  );
}
