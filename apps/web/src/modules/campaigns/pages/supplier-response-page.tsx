import { MESSAGES } from '@b2b/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useParams } from 'react-router';
import { errorMessageOf, isApiError } from '../../../lib/api-error';
import { useAnswerCampaignResponse } from '../api/answer-campaign-response';
import { useCampaignResponse } from '../api/get-campaign-response';
import { translateServerMessage, useT } from '../../../lib/i18n';

type Choice = 'Accept' | 'Decline' | 'CallMe';

/**
 * /campaign-response/:token — the public page a supplier reaches from a campaign e-mail: who
 * asks (issuer and buyer) and for which card product, and three answers: accept, decline with a
 * reason, or ask to be called. No sign-in; an expired or used link says so and shows nothing.
 */
export function SupplierResponsePage() {
  const t = useT();
  const { token = '' } = useParams();
  const page = useCampaignResponse(token);
  const answer = useAnswerCampaignResponse(token);
  const [choice, setChoice] = useState<Choice | null>(null);
  const [reason, setReason] = useState('');
  const [phone, setPhone] = useState('');
  const [reasonMissing, setReasonMissing] = useState(false);

  if (page.isPending) return <Typography role="status">{t(MESSAGES.loading)}</Typography>;
  if (page.isError || isApiError(answer.error, 410))
    return (
      <Stack spacing={2}>
        <Typography variant="h5" component="h1">
          {t('This link can no longer be used')}
        </Typography>
        <Alert severity="info">
          {isApiError(page.error, 410) || isApiError(answer.error, 410)
            ? MESSAGES.responseLinkGone
            : errorMessageOf(page.error)}
        </Alert>
      </Stack>
    );
  const { issuerName, buyerName, cardProductName } = page.data;
  if (answer.isSuccess)
    return (
      <Stack spacing={2}>
        <Typography variant="h5" component="h1">
          {t('Thank you')}
        </Typography>
        <Alert severity="success">{translateServerMessage(answer.data.message)}</Alert>
      </Stack>
    );

  const submit = () => {
    if (!choice) return;
    if (choice === 'Decline' && !reason.trim()) {
      setReasonMissing(true);
      return;
    }
    answer.mutate({
      answer: choice,
      ...(choice === 'Decline' ? { reason: reason.trim() } : {}),
      ...(choice === 'CallMe' && phone.trim() ? { phone: phone.trim() } : {}),
    });
  };

  return (
    <Stack spacing={2} component="form" onSubmit={(e) => (e.preventDefault(), submit())}>
      <Typography variant="h5" component="h1">
        {t('{{buyer}} would like to pay you by {{product}}', {
          buyer: buyerName,
          product: cardProductName,
        })}
      </Typography>
      <Typography>
        {t(
          '{{issuer}} issues the {{product}} {{buyer}} pays its suppliers with. Please tell us whether you accept payment this way.',
          { issuer: issuerName, product: cardProductName, buyer: buyerName },
        )}
      </Typography>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        role="group"
        aria-label={t('Your answer')}
      >
        {(
          [
            ['Accept', t('Yes, accept {{product}}', { product: cardProductName })],
            ['Decline', t('No, decline')],
            ['CallMe', t('Please call me')],
          ] as const
        ).map(([value, label]) => (
          <Button
            key={value}
            variant={choice === value ? 'contained' : 'outlined'}
            aria-pressed={choice === value}
            onClick={() => setChoice(value)}
          >
            {label}
          </Button>
        ))}
      </Stack>
      {choice === 'Decline' && (
        <TextField
          label={t('Why not? (required)')}
          value={reason}
          onChange={(e) => (setReason(e.target.value), setReasonMissing(false))}
          error={reasonMissing}
          helperText={reasonMissing ? t('Please give a reason to decline.') : undefined}
          multiline
          minRows={2}
          slotProps={{ htmlInput: { maxLength: 1000 } }}
        />
      )}
      {choice === 'CallMe' && (
        <TextField
          label={t('Phone number (optional)')}
          value={phone}
          onChange={(e) => setPhone(e.target.value)}
          slotProps={{ htmlInput: { maxLength: 50 } }}
        />
      )}
      {answer.isError && <Alert severity="error">{errorMessageOf(answer.error)}</Alert>}
      <Button type="submit" variant="contained" disabled={!choice || answer.isPending}>
        {t('Send my answer')}
      </Button>
    </Stack>
  );
}
