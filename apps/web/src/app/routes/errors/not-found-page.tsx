import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { usePageTitle } from '../../../lib/use-page-title';
import { ErrorLayout } from './error-layout';

/** Any path the app does not know. */
export function NotFoundPage() {
  usePageTitle();
  return (
    <ErrorLayout>
      <Typography variant="h3" component="h1">
        Page not found
      </Typography>
      <Typography>The page you asked for does not exist or has moved.</Typography>
      <Button component={RouterLink} to="/" variant="contained">
        Go to the home page
      </Button>
    </ErrorLayout>
  );
}
