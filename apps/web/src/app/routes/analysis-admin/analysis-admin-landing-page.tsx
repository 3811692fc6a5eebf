import { AreaLanding } from '../../../components/layout/area-landing';
import { tKey } from '../../../lib/i18n';

const AA = '/admin/analysis-admin';

/** What each Analysis admin page is for, shown on its card. */
const DESCRIPTIONS: Record<string, string> = {
  [`${AA}/confidence-rulesets`]: tKey(
    'How sure a supplier match is: draft, dry-run and activate versions',
  ),
  [`${AA}/scoring-rulesets`]: tKey(
    'How suppliers score for each card product: versions and dry-runs',
  ),
  [`${AA}/ai-prompts`]: tKey('The prompts the chat assistant and the narrative summaries use'),
  [`${AA}/translations`]: tKey('Override the product’s texts per language'),
  [`${AA}/magic-links`]: tKey('Links that let a person without an account upload a job’s file'),
  [`${AA}/datapoint-profiles`]: tKey('Which columns a data download has, and in what order'),
  [`${AA}/video-resources`]: tKey('Videos and documents shared in the resource hub'),
  [`${AA}/merge-linked-accounts`]: tKey('Buyers’ connected accounting systems'),
  [`${AA}/ml-prediction`]: tKey('The model that predicts card acceptance for unmatched suppliers'),
  [`${AA}/chatbot-document-management`]: tKey('The documents the chat assistant answers from'),
};

/** /admin/analysis-admin (SPEC §2): a card for every Analysis admin page the user may open. */
export function AnalysisAdminLandingPage() {
  return <AreaLanding prefix={`${AA}/`} descriptions={DESCRIPTIONS} />;
}
