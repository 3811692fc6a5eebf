import { WEB_ROUTES, can } from '@b2b/contract';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { useCurrentUser } from '../../../lib/auth/use-current-user';

/** What each DevOps page is for, shown on its card. */
const DESCRIPTIONS: Record<string, string> = {
  '/devops/proq-monitoring':
    'Command queue counts, running workers, queued, failed and completed commands',
  '/devops/reference-data':
    'Card-acceptance reference data versions; import a network file as a new version',
  '/devops/workflow-management': "Each job's workflow steps and commands; pause, resume, restart",
  '/devops/job-maintenance': 'Find a job, inspect its commands, re-run a step or reset it',
  '/devops/system-health-check': 'Integration configuration, verification and health check',
  '/devops/endpoint-comparison/jobs': 'Compare job endpoints between environments',
  '/devops/endpoint-comparison/users': 'Compare user endpoints between environments',
  '/devops/resource-guard': 'Resource usage guard',
  '/devops/sftp-configuration': 'SFTP inboxes: remote folders whose new files become jobs',
};

/** The DevOps pages of the route table the user may open (no parameterised or create pages). */
export function devopsPagesFor(user: { permissions: readonly string[] }) {
  return WEB_ROUTES.filter(
    (r) =>
      r.path.startsWith('/devops/') &&
      !r.path.includes(':') &&
      !r.path.endsWith('/create') &&
      can(user, r.permissions),
  );
}

/** /devops: a card for every DevOps page the user may see. */
export function DevopsLandingPage() {
  const user = useCurrentUser();
  return (
    <Grid container spacing={2}>
      {devopsPagesFor(user).map((route) => (
        <Grid key={route.path} size={{ xs: 12, sm: 6, md: 4 }}>
          <Card variant="outlined" sx={{ height: '100%' }}>
            <CardActionArea component={RouterLink} to={route.path} sx={{ height: '100%' }}>
              <CardContent>
                <Typography variant="h6" component="h2">
                  {route.title}
                </Typography>
                <Typography variant="note">{DESCRIPTIONS[route.path] ?? ''}</Typography>
              </CardContent>
            </CardActionArea>
          </Card>
        </Grid>
      ))}
    </Grid>
  );
}
