import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { Link as RouterLink, useLocation } from 'react-router';
import { tKey, useT } from '../../../lib/i18n';

const TABS = [
  { label: tKey('Insights'), path: '/global-insights/insights' },
  { label: tKey('Organizations'), path: '/global-insights/organizations' },
];

/** Insights ↔ Organizations, keeping the filters (they are in the query string). */
export function GlobalInsightsTabs() {
  const t = useT();
  const { pathname, search } = useLocation();
  return (
    <Tabs
      value={TABS.findIndex((tab) => tab.path === pathname)}
      aria-label={t('Global insights views')}
      sx={{ borderBottom: 1, borderColor: 'divider' }}
    >
      {TABS.map((tab) => (
        <Tab
          key={tab.path}
          label={t(tab.label)}
          component={RouterLink}
          to={`${tab.path}${search}`}
        />
      ))}
    </Tabs>
  );
}
