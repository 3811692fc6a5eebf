import { AreaLanding } from '../../../components/layout/area-landing';
import { tKey } from '../../../lib/i18n';

/** What each DevOps page is for, shown on its card. */
const DESCRIPTIONS: Record<string, string> = {
  '/devops/proq-monitoring': tKey(
    'Command queue counts, running workers, queued, failed and completed commands',
  ),
  '/devops/reference-data': tKey(
    'Card-acceptance reference data versions; import a network file as a new version',
  ),
  '/devops/workflow-management': tKey(
    "Each job's workflow steps and commands; pause, resume, restart",
  ),
  '/devops/job-maintenance': tKey('Find a job, inspect its commands, re-run a step or reset it'),
  '/devops/system-health-check': tKey('Integration configuration, verification and health check'),
  '/devops/endpoint-comparison/jobs': tKey('Compare job endpoints between environments'),
  '/devops/endpoint-comparison/users': tKey('Compare user endpoints between environments'),
  '/devops/resource-guard': tKey('Resource usage guard'),
  '/devops/sftp-configuration': tKey('SFTP inboxes: remote folders whose new files become jobs'),
};

/** /devops: a card for every DevOps page the user may see. */
export function DevopsLandingPage() {
  return <AreaLanding prefix="/devops/" descriptions={DESCRIPTIONS} />;
}
