import { MESSAGES, type ClientConfig } from '@b2b/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Snackbar from '@mui/material/Snackbar';
import Stack from '@mui/material/Stack';
import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useT } from '../../lib/i18n';
import { useCan } from '../../lib/permissions';
import { useReleaseNotes } from '../../modules/release-notes/api/list-release-notes';
import {
  startAppTimestamp,
  useAppTimestamp,
  useDeployedAppTimestamp,
} from '../../modules/system/api/get-app-timestamp';
import { effectiveMs, ONE_MINUTE_SECONDS } from './timing-overrides';

export type AppVersionWatcherProps = {
  config: ClientConfig | null;
};

/**
 * The app-version check (SPEC.md section 8): every appVersionCheckSeconds the deployed version's
 * timestamp is compared with the one this page started with; on a change the user is told the
 * page refreshes in a minute, with Refresh Now and Don't Refresh, and a link to the release note
 * of the new version (the newest the new server lists) for those who may read release notes.
 */
export function AppVersionWatcher({ config }: AppVersionWatcherProps) {
  const t = useT();
  const intervalMs = config ? config.appVersionCheckSeconds * 1000 : false;
  const started = startAppTimestamp(useAppTimestamp().data);
  const { data: version } = useDeployedAppTimestamp(started, intervalMs);
  const [declined, setDeclined] = useState<string | null>(null);
  const changed = !!version && !!started && version !== started && version !== declined;
  const refreshMs = effectiveMs('versionRefreshSeconds', ONE_MINUTE_SECONDS);
  const canReadNotes = useCan('SystemUpdates_VIEW');
  // Asked only once a new version is out: the new server lists its own note first.
  const newest = useReleaseNotes('', changed && canReadNotes).data?.[0];

  useEffect(() => {
    if (!changed) return undefined;
    const timer = window.setTimeout(() => window.location.reload(), refreshMs);
    return () => window.clearTimeout(timer);
  }, [changed, refreshMs]);

  return (
    <Snackbar open={changed} anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}>
      <Alert
        severity="info"
        variant="filled"
        action={
          <Stack direction="row" spacing={1}>
            <Button color="inherit" size="small" onClick={() => window.location.reload()}>
              {t(MESSAGES.refreshNow)}
            </Button>
            <Button color="inherit" size="small" onClick={() => setDeclined(version ?? null)}>
              {t(MESSAGES.dontRefresh)}
            </Button>
          </Stack>
        }
      >
        {t(MESSAGES.newVersion)}
        {newest && (
          <>
            {' '}
            <Link
              component={RouterLink}
              to={`/release-notes?version=${encodeURIComponent(newest.version)}`}
              color="inherit"
            >
              {t("What's new in {{version}}", { version: newest.version })}
            </Link>
          </>
        )}
      </Alert>
    </Snackbar>
  );
}
