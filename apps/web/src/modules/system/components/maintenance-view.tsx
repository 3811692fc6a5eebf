import { MESSAGES } from '@b2b/contract';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useT } from '../../../lib/i18n';

export type MaintenanceViewProps = {
  /** The issuer's logo, drawn by the caller in the user's theme. */
  logo?: ReactNode;
};

/** All a user without SystemMaintenanceMode_IGNORE sees while the system is in maintenance. */
export function MaintenanceView({ logo }: MaintenanceViewProps) {
  const t = useT();
  return (
    <Box
      component="main"
      data-frame="maintenance"
      sx={{
        minHeight: '100vh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        p: 3,
        bgcolor: 'background.default',
      }}
    >
      <Paper sx={{ maxWidth: 560, p: 4, textAlign: 'center' }}>
        {logo && <Box sx={{ mb: 3 }}>{logo}</Box>}
        <Typography component="h1" variant="h6" role="status">
          {t(MESSAGES.maintenance)}
        </Typography>
      </Paper>
    </Box>
  );
}
