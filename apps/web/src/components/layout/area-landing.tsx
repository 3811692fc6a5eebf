import { WEB_ROUTES, can } from '@b2b/contract';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { useCurrentUser } from '../../lib/auth/use-current-user';
import { useT } from '../../lib/i18n';

/**
 * The pages of an area (routes under `prefix`) the user may open: no parameterised or create
 * pages, and a page with sub-pages (`/dev/examples/*`) by its own address.
 */
export function areaPagesFor(prefix: string, user: { permissions: readonly string[] }) {
  return WEB_ROUTES.filter(
    (r) =>
      r.path.startsWith(prefix) &&
      !r.path.includes(':') &&
      !r.path.endsWith('/create') &&
      can(user, r.permissions),
  ).map((r) => ({ ...r, path: r.path.replace(/\/\*$/, '') }));
}

/** An area's landing page (/devops, /tools, /dev): a card for every page the user may open. */
export function AreaLanding({
  prefix,
  descriptions,
}: {
  prefix: string;
  /** What each page is for, by its path, shown on its card: keys (`tKey`), shown with `t`. */
  descriptions: Readonly<Record<string, string>>;
}) {
  const t = useT();
  const user = useCurrentUser();
  const description = (path: string) => descriptions[path];
  return (
    <Grid container spacing={2}>
      {areaPagesFor(prefix, user).map((route) => (
        <Grid key={route.path} size={{ xs: 12, sm: 6, md: 4 }}>
          <Card variant="outlined" sx={{ height: '100%' }}>
            <CardActionArea component={RouterLink} to={route.path} sx={{ height: '100%' }}>
              <CardContent>
                <Typography variant="h6" component="h2">
                  {t(route.title)}
                </Typography>
                <Typography variant="note">
                  {description(route.path) ? t(description(route.path)!) : ''}
                </Typography>
              </CardContent>
            </CardActionArea>
          </Card>
        </Grid>
      ))}
    </Grid>
  );
}
