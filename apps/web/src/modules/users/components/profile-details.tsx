import type { CurrentUserProfile } from '@b2b/contract';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useT } from '../../../lib/i18n';

export type ProfileDetailsProps = {
  profile: CurrentUserProfile;
};

/** Who the signed-in user is: names, username and e-mail. */
export function ProfileDetails({ profile }: ProfileDetailsProps) {
  const t = useT();
  const headingId = useId();
  const fields: [string, string | null][] = [
    [t('Display name'), profile.displayName],
    [t('Username'), profile.username],
    [t('E-mail'), profile.email],
    [t('Given name'), profile.givenName],
    [t('Surname'), profile.surname],
  ];
  return (
    <Paper component="section" aria-labelledby={headingId} sx={{ p: 3 }}>
      <Typography id={headingId} variant="h6" component="h2" sx={{ mb: 2 }}>
        {t('Your details')}
      </Typography>
      <Box
        component="dl"
        sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: 1, columnGap: 3, m: 0 }}
      >
        {fields.map(([label, value]) => (
          <Box key={label} sx={{ display: 'contents' }}>
            <Typography component="dt" sx={{ fontWeight: 600 }}>
              {label}
            </Typography>
            <Typography component="dd" sx={{ m: 0 }}>
              {value || '—'}
            </Typography>
          </Box>
        ))}
      </Box>
    </Paper>
  );
}
