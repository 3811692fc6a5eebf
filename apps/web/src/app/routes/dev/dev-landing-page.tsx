import { AreaLanding } from '../../../components/layout/area-landing';

/** What each Developer page is for, shown on its card. */
const DESCRIPTIONS: Record<string, string> = {
  '/dev/examples': 'The shared components at work: forms, grids, notifications',
  '/dev/layouts': 'The page layouts the product uses, as a living style guide',
  '/dev/exercise/debug-logging': "Raise the server's log level for a while and read its lines",
  '/dev/tools/anonymize-csv': 'Rewrite names, e-mails and amounts in a CSV consistently',
  '/dev/tools/reset-all-jobs': "Start every submitted job's pipeline over (not in production)",
  '/dev/tools/database-anonymizer':
    'Rewrite the personal data in a copy of the database for testing',
};

/** /dev (SPEC §2 Dev): a card for every Developer page the user may open. */
export function DevLandingPage() {
  return <AreaLanding prefix="/dev/" descriptions={DESCRIPTIONS} />;
}
