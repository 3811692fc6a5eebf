import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { Link as RouterLink, useLocation } from 'react-router';
import { useT } from '../../../lib/i18n';

const TABS = [
  { label: 'Insights', path: '/global-insights/insights' },
  { label: 'Organizations', path: '/global-insights/organizations' },
];

/** Insights ↔ Organizations, keeping the filters (they are in the query string). */
export function GlobalInsightsTabs() {
  const t = useT();
  const { pathname, search } = useLocation();
  return (
    <Tabs
      value={TABS.findIndex((t) => t.path === pathname)}
      aria-label={t('Global insights views')}
      sx={{ borderBottom: 1, borderColor: 'divider' }}
    >
      {TABS.map((t) => (
        <Tab key={t.path} label={t.label} component={RouterLink} to={`${t.path}${search}`} />
      ))}
    </Tabs>
  );
}
