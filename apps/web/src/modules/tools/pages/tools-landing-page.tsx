import { WEB_ROUTES, can } from '@b2b/contract';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { useCurrentUser } from '../../../lib/auth/use-current-user';

/** What each tool is for, shown on its card. */
const DESCRIPTIONS: Record<string, string> = {
  '/tools/companies-house': 'Search UK companies by name or number',
  '/tools/send-email': 'Send a test e-mail and see the mail server’s answer',
  '/tools/ai-address-parser':
    'Split addresses into street, city, postcode and country, one or a file',
  '/tools/address-validator':
    'Check postcodes, country codes and suspicious entries, one or a file',
};

/** /tools: a card for every tool the user may open. */
export function ToolsLandingPage() {
  const user = useCurrentUser();
  const tools = WEB_ROUTES.filter((r) => r.path.startsWith('/tools/') && can(user, r.permissions));
  return (
    <Grid container spacing={2}>
      {tools.map((route) => (
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
