import { MESSAGES } from '@b2b/contract';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import { useNotify } from '../../../components/feedback/notifications';
import { useClientFlag } from '../../../lib/client-flags';
import { useUpdateSessionSettings } from '../api/update-session-settings';
import { useT } from '../../../lib/i18n';

export type IdleAutoLogoutToggleProps = {
  /** The site configuration's idleAutoLogoutEnabled: off, the toggle only explains why. */
  featureEnabled: boolean;
};

/**
 * The idle auto-logout session setting (SPEC.md sections 4 and 8): kept in session storage and
 * on the server's session; while the site configuration turns the feature off, a toggle
 * changes nothing and says so.
 */
export function IdleAutoLogoutToggle({ featureEnabled }: IdleAutoLogoutToggleProps) {
  const t = useT();
  const [enabled, setEnabled] = useClientFlag('idleAutoLogout');
  const update = useUpdateSessionSettings();
  const notify = useNotify();

  function handleChange(value: boolean) {
    if (!featureEnabled) {
      notify.warning(t(MESSAGES.autoLogoutFeatureOff));
      return;
    }
    update.mutate(
      { idleAutoLogout: value },
      {
        onSuccess: () => {
          setEnabled(value);
          // MESSAGES.autoLogoutChanged(value) as one sentence with its value as a placeholder.
          notify.success(
            t('Auto Logout On Idle session setting changed to: {{value}}', {
              value: String(value),
            }),
          );
        },
        onError: (error) => notify.error(error, { operation: t('Change Auto Logout On Idle') }),
      },
    );
  }

  return (
    <FormControlLabel
      control={
        <Switch
          checked={featureEnabled && enabled}
          disabled={update.isPending}
          onChange={(event) => handleChange(event.target.checked)}
        />
      }
      label={t('Auto Logout On Idle')}
    />
  );
}
