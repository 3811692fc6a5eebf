import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useT } from '../../../lib/i18n';

/** Shown while the assistant's reply is pending. */
export function ChatThinking() {
  const t = useT();
  return (
    <Box
      role="status"
      sx={{ display: 'flex', alignItems: 'center', gap: 1, color: 'text.secondary' }}
    >
      <CircularProgress size={14} color="inherit" />
      <Typography variant="body2">{t('Thinking…')}</Typography>
    </Box>
  );
}
