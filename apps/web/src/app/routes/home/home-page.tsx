import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useCurrentUser } from '../../../lib/auth/use-current-user';
import { PermissionGuard } from '../../../lib/permissions';
import { SystemModePanel } from '../../../modules/system/components/system-mode-panel';
import { NextSteps } from './next-steps';
import { RecentAnalyses } from './recent-analyses';
import { useT } from '../../../lib/i18n';

/** '/': greets the signed-in user and shows what their permissions let them do next. */
export function HomePage() {
  const t = useT();
  const user = useCurrentUser();
  return (
    <Stack spacing={3}>
      <div>
        <Typography variant="h4" component="h2">
          {t('Welcome, {{name}}', { name: user.displayName })}
        </Typography>
        <Typography sx={{ color: 'text.secondary', mt: 1 }}>
          {user.branding.issuerName
            ? t('Supplier enablement analytics for {{issuer}}.', {
                issuer: user.branding.issuerName,
              })
            : t('Supplier enablement analytics for commercial card programmes.')}
        </Typography>
      </div>
      <PermissionGuard permissions={['AnalysisLanding_VIEW', 'AnalysisJobList_VIEW']}>
        <RecentAnalyses />
      </PermissionGuard>
      <NextSteps />
      <PermissionGuard permissions="SystemModeUpdate">
        <SystemModePanel />
      </PermissionGuard>
    </Stack>
  );
}
