import { AreaLanding } from '../../../components/layout/area-landing';
import { tKey } from '../../../lib/i18n';

/** What each tool is for, shown on its card. */
const DESCRIPTIONS: Record<string, string> = {
  '/tools/companies-house': tKey('Search UK companies by name or number'),
  '/tools/send-email': tKey('Send a test e-mail and see the mail server’s answer'),
  '/tools/ai-address-parser': tKey(
    'Split addresses into street, city, postcode and country, one or a file',
  ),
  '/tools/address-validator': tKey(
    'Check postcodes, country codes and suspicious entries, one or a file',
  ),
};

/** /tools: a card for every tool the user may open. */
export function ToolsLandingPage() {
  return <AreaLanding prefix="/tools/" descriptions={DESCRIPTIONS} />;
}
