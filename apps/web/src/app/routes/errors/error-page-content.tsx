import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { useT } from '../../../lib/i18n';

export type ErrorPageContentProps = {
  title: string;
  children: ReactNode;
  /** Replaces the default way out (a link to the home page). */
  action?: ReactNode;
};

/** What every error page shows: its title, an explanation and a way out. */
export function ErrorPageContent({ title, children, action }: ErrorPageContentProps) {
  const t = useT();
  return (
    <>
      <Typography variant="h3" component="h1">
        {title}
      </Typography>
      <Typography sx={{ maxWidth: 560 }}>{children}</Typography>
      {action ?? (
        <Button component={RouterLink} to="/" variant="contained">
          {t('Go to the home page')}
        </Button>
      )}
    </>
  );
}
