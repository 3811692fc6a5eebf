import type { CurrentUserProfile } from '@b2b/contract';
import Alert from '@mui/material/Alert';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useNotify } from '../../../components/feedback/notifications';
import { AsyncButton } from '../../../components/forms';
import { errorMessageOf } from '../../../lib/api-error';
import { useAllBrandings } from '../../../modules/brandings/api/get-all-brandings';
import { useSetUserBranding } from '../../../modules/users/api/set-user-branding';
import { useT } from '../../../lib/i18n';

export type BrandingSectionProps = {
  profile: CurrentUserProfile;
};

/** The 'None' option: no branding of one's own, so the issuer's is inherited. */
const NONE = '';

/** The user's effective branding and the selector that sets their own (or none). */
export function BrandingSection({ profile }: BrandingSectionProps) {
  const t = useT();
  const headingId = useId();
  const brandings = useAllBrandings();
  const setBranding = useSetUserBranding();
  const notify = useNotify();
  const [choice, setChoice] = useState<string | null>(null);
  const selected = choice ?? profile.branding.ownBrandingId ?? NONE;
  const chosen = brandings.data?.find((b) => b.brandingId === selected);
  const movesDomain =
    !!chosen?.fullDomainName && chosen.fullDomainName !== window.location.hostname;

  async function save() {
    await setBranding.mutateAsync({ id: profile.id, brandingId: selected || null });
    setChoice(null);
  }

  return (
    <Paper component="section" aria-labelledby={headingId} sx={{ p: 3 }}>
      <Typography id={headingId} variant="h6" component="h2">
        {t('Branding')}
      </Typography>
      <Typography sx={{ mt: 1 }}>
        {t('Effective branding:')} <strong>{profile.branding.brandingDisplayName}</strong>
        {profile.branding.issuerName ? ` (${profile.branding.issuerName})` : ''}
      </Typography>
      <Typography variant="note">
        {profile.branding.inheritedBrandingDisplayName
          ? t('Inherited from your issuer: {{branding}}. Choose None to use it.', {
              branding: profile.branding.inheritedBrandingDisplayName,
            })
          : t('No branding is inherited from an issuer: choose None to use the default.')}
      </Typography>
      <TextField
        select
        label={t('Branding')}
        value={brandings.data ? selected : NONE}
        disabled={!brandings.data}
        onChange={(event) => setChoice(event.target.value)}
        helperText={
          movesDomain
            ? t('This branding has its own address: saving signs you out and opens {{domain}}.', {
                domain: chosen?.fullDomainName,
              })
            : undefined
        }
        // None is the empty value: shown as a choice, not as a blank field.
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        sx={{ maxWidth: 360 }}
      >
        <MenuItem value={NONE}>{t('None')}</MenuItem>
        {brandings.data?.map((branding) => (
          <MenuItem key={branding.brandingId} value={branding.brandingId}>
            {branding.brandingDisplayName}
          </MenuItem>
        ))}
      </TextField>
      <div>
        <AsyncButton
          variant="contained"
          disabled={choice === null}
          onClick={save}
          onError={(error) => notify.error(error, { operation: t('Save branding') })}
        >
          {t('Save branding')}
        </AsyncButton>
      </div>
      {brandings.isError && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {errorMessageOf(brandings.error)}
        </Alert>
      )}
    </Paper>
  );
}
