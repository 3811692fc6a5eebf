import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useNotify } from '../../../components/feedback/notifications';
import { AsyncButton } from '../../../components/forms';
import { errorMessageOf } from '../../../lib/api-error';
import { useAgreePrivacyPolicy } from '../api/agree-privacy-policy';
import { useAgreeTermsOfService } from '../api/agree-terms-of-service';
import { useTermsStatus } from '../api/get-terms-status';
import { useT } from '../../../lib/i18n';

/** Whether the user agreed the latest terms of service and privacy policy, with agree actions. */
export function TermsStatusCard() {
  const t = useT();
  const headingId = useId();
  const status = useTermsStatus();
  const agreeTerms = useAgreeTermsOfService();
  const agreePrivacy = useAgreePrivacyPolicy();
  const notify = useNotify();

  const rows = status.data
    ? [
        {
          label: t('Terms of service'),
          agreeLabel: t('Agree to the terms of service'),
          version: status.data.latestTermsOfServiceVersionId,
          agreed: status.data.agreedLatestTermsOfService,
          agree: () => agreeTerms.mutateAsync(),
        },
        {
          label: t('Privacy policy'),
          agreeLabel: t('Agree to the privacy policy'),
          version: status.data.latestPrivacyPolicyVersionId,
          agreed: status.data.agreedLatestPrivacyPolicy,
          agree: () => agreePrivacy.mutateAsync(),
        },
      ]
    : [];

  return (
    <Paper component="section" aria-labelledby={headingId} sx={{ p: 3 }}>
      <Typography id={headingId} variant="h6" component="h2" sx={{ mb: 2 }}>
        {t('Terms and privacy')}
      </Typography>
      {status.isPending && <Typography>{t('Loading...')}</Typography>}
      <Stack spacing={2}>
        {rows.map((row) => (
          <Stack key={row.label} direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            <Typography sx={{ minWidth: 160 }}>
              {row.label} <small>({row.version})</small>
            </Typography>
            <Chip
              color={row.agreed ? 'success' : 'warning'}
              label={row.agreed ? t('Agreed') : t('Not agreed')}
            />
            {!row.agreed && (
              <AsyncButton
                variant="contained"
                onClick={row.agree}
                onError={(error) => notify.error(error, { operation: row.agreeLabel })}
                aria-label={row.agreeLabel}
              >
                {t('Agree')}
              </AsyncButton>
            )}
          </Stack>
        ))}
      </Stack>
      {status.isError && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {errorMessageOf(status.error)}
        </Alert>
      )}
    </Paper>
  );
}
