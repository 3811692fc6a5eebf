import { can, creatableJobTypes, JOB_TYPES } from '@b2b/contract';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { Link as RouterLink } from 'react-router';
import { useCurrentUser } from '../../../lib/auth/use-current-user';
import { NAV_GROUPS, NEW_JOB_PERMISSIONS } from '../../frames/navbar/nav-items';
import { tKey, useT } from '../../../lib/i18n';

type Step = { label: string; to: string };

/** The places the user's permissions open, grouped as in the navigation. */
export function NextSteps() {
  const t = useT();
  const user = useCurrentUser();
  const headingId = useId();
  const sections: { label: string; steps: Step[] }[] = [
    {
      label: tKey('Start a new job'),
      steps: can(user, NEW_JOB_PERMISSIONS)
        ? creatableJobTypes(user).map((type) => ({
            label: JOB_TYPES[type],
            to: `/jobs/create/${type}`,
          }))
        : [],
    },
    ...NAV_GROUPS.map((group) => ({
      label: group.label,
      steps: group.items
        .filter((entry) => can(user, entry.permissions))
        .map((entry) => ({ label: entry.label, to: entry.to })),
    })),
  ].filter((section) => section.steps.length > 0);

  return (
    <Paper component="section" aria-labelledby={headingId} sx={{ p: 3 }}>
      <Typography id={headingId} variant="h6" component="h2" sx={{ mb: 2 }}>
        {t('What you can do next')}
      </Typography>
      {sections.length === 0 && (
        <Typography>
          {t('Your roles do not open any area yet. Ask an administrator for the roles you need.')}
        </Typography>
      )}
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))',
        }}
      >
        {sections.map((section) => (
          <Box key={section.label}>
            <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
              {t(section.label)}
            </Typography>
            <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
              {section.steps.map((step) => (
                <li key={step.to}>
                  <Link component={RouterLink} to={step.to}>
                    {t(step.label)}
                  </Link>
                </li>
              ))}
            </Box>
          </Box>
        ))}
      </Box>
    </Paper>
  );
}
