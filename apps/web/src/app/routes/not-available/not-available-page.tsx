import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import { routeAreaOf } from '../../route-areas';
import { useCurrentWebRoute } from '../../use-current-web-route';
import { useT } from '../../../lib/i18n';

/**
 * What a route of the table shows until its screen is built: its title (in the frame's page
 * header) and an honest note naming the area and the issue that brings it. Never sample data.
 */
export function NotAvailablePage() {
  const t = useT();
  const route = useCurrentWebRoute();
  const { area, issue } = routeAreaOf(route?.path ?? '');
  return (
    <Alert severity="info" variant="outlined" data-testid="not-available">
      <AlertTitle component="h2">{t('Not available yet')}</AlertTitle>
      {route
        ? t('The {{screen}} screen is part of the {{area}} area, which is not built yet.', {
            screen: t(route.title),
            area: t(area),
          })
        : t('The requested screen is part of the {{area}} area, which is not built yet.', {
            area: t(area),
          })}{' '}
      {issue
        ? t('It arrives with issue {{number}} ({{title}}).', {
            number: issue.number,
            title: t(issue.title),
          })
        : t('It arrives with a later issue.')}
    </Alert>
  );
}
