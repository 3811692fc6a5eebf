import { MESSAGES, type ClientConfig } from '@b2b/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { useSystemMode } from '../../modules/system/api/get-system-mode';
import { systemModeStatus } from '../../modules/system/system-mode-status';
import { useT } from '../../lib/i18n';

export type FrameBarsProps = {
  config: ClientConfig | null;
};

/**
 * The optional bars above the toolbar: the environment (e.g. UAT), the operators' system
 * notification, and the error of a system mode the interface does not map.
 */
export function FrameBars({ config }: FrameBarsProps) {
  const t = useT();
  const mode = useSystemMode();
  const unknownMode = systemModeStatus(mode.data, mode.error) === 'unknown';
  return (
    <>
      {config?.environmentLabel && (
        <Box
          data-testid="environment-bar"
          sx={{
            bgcolor: 'warning.main',
            color: 'warning.contrastText',
            textAlign: 'center',
            fontWeight: 700,
            py: 0.25,
          }}
        >
          {config.environmentLabel}
        </Box>
      )}
      {config?.systemNotification && (
        <Alert severity="info" data-testid="system-notification-bar" sx={{ borderRadius: 0 }}>
          {config.systemNotification}
        </Alert>
      )}
      {unknownMode && (
        <Alert severity="error" role="alert" sx={{ borderRadius: 0 }}>
          {t(MESSAGES.unknownSystemMode)}
        </Alert>
      )}
    </>
  );
}
