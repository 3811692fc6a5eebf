import type { ClientConfig } from '@b2b/contract';
import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router';
import { useT } from '../../lib/i18n';
import { useCan } from '../../lib/permissions';
import { useStoredValue } from '../../lib/storage/use-stored-value';
import { isReleaseNoticeDue, releaseNoticeKey } from './release-notice-due';

export type ReleaseNoticeProps = {
  config: ClientConfig | null;
  userId: string;
};

/**
 * The release notice (SPEC §4): shown once per user between its two dates, until dismissed
 * here; it links to the release note of the version it announces.
 */
export function ReleaseNotice({ config, userId }: ReleaseNoticeProps) {
  const t = useT();
  const notice = config?.releaseNotice;
  const [dismissed, setDismissed] = useStoredValue(
    'local',
    releaseNoticeKey(notice?.id ?? 'none', userId),
  );
  const canReadNotes = useCan('SystemUpdates_VIEW');
  if (!notice || dismissed || !isReleaseNoticeDue(notice, new Date())) return null;

  return (
    <Alert
      severity="info"
      onClose={() => setDismissed(new Date().toISOString())}
      slotProps={{ closeButton: { 'aria-label': t('Dismiss the release notice') } }}
      sx={{ borderRadius: 0 }}
    >
      {t('A new release of B2B Analytics is out.')}{' '}
      {canReadNotes && (
        <Link
          component={RouterLink}
          to={`/release-notes?version=${encodeURIComponent(notice.version)}`}
        >
          {t('Read the release notes of {{version}}', { version: notice.version })}
        </Link>
      )}
    </Alert>
  );
}
