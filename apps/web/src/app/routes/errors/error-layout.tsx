import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

/** The bare frame of error pages: a centred column, no navigation. */
export function ErrorLayout({ children }: { children: ReactNode }) {
  return (
    <Box
      component="main"
      data-frame="bare"
      sx={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 2,
        p: 3,
        textAlign: 'center',
      }}
    >
      {children}
    </Box>
  );
}
