import { AreaLanding } from '../../../components/layout/area-landing';
import { tKey } from '../../../lib/i18n';

/** What each Developer page is for, shown on its card. */
const DESCRIPTIONS: Record<string, string> = {
  '/dev/examples': tKey('The shared components at work: forms, grids, notifications'),
  '/dev/layouts': tKey('The page layouts the product uses, as a living style guide'),
  '/dev/exercise/debug-logging': tKey(
    "Raise the server's log level for a while and read its lines",
  ),
  '/dev/tools/anonymize-csv': tKey('Rewrite names, e-mails and amounts in a CSV consistently'),
  '/dev/tools/reset-all-jobs': tKey(
    "Start every submitted job's pipeline over (not in production)",
  ),
  '/dev/tools/database-anonymizer': tKey(
    'Rewrite the personal data in a copy of the database for testing',
  ),
};

/** /dev (SPEC §2 Dev): a card for every Developer page the user may open. */
export function DevLandingPage() {
  return <AreaLanding prefix="/dev/" descriptions={DESCRIPTIONS} />;
}
