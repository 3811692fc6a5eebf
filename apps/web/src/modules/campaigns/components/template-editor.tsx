import {
  CAMPAIGN_MERGE_FIELDS,
  type CampaignDetails,
  type CampaignTemplateText,
} from '@b2b/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { errorMessageOf, fieldErrorsOf } from '../../../lib/api-error';
import { usePreviewCampaignMail } from '../api/preview-campaign-mail';
import { useTestSendCampaignMail } from '../api/test-send-campaign-mail';
import { useUpdateCampaignTemplate } from '../api/update-campaign-template';
import { tKey, useT } from '../../../lib/i18n';

const FIELDS: readonly [keyof CampaignTemplateText, string, boolean][] = [
  ['subject', tKey('Subject'), false],
  ['body', tKey('Body'), true],
  ['followUpSubject', tKey('Follow-up subject'), false],
  ['followUpBody', tKey('Follow-up body'), true],
];

/**
 * A campaign's e-mail texts (SPEC §3 campaign outreach): edited while the user may change the
 * campaign, previewed for its first supplier with the merge fields filled, and test-sent to an
 * address (the link in a test mail is dead). An unknown merge field comes back as a 400 naming
 * it, shown under the text that holds it.
 */
export function TemplateEditor({
  campaign,
  editable,
}: {
  campaign: CampaignDetails;
  editable: boolean;
}) {
  const t = useT();
  const [texts, setTexts] = useState<CampaignTemplateText>(campaign.template);
  const [testTo, setTestTo] = useState('');
  const save = useUpdateCampaignTemplate(campaign.id);
  const preview = usePreviewCampaignMail(campaign.id);
  const testSend = useTestSendCampaignMail(campaign.id);
  const errors = fieldErrorsOf(save.error);
  const saveError =
    save.isError && Object.keys(errors).length === 0 ? errorMessageOf(save.error) : null;
  const changed = FIELDS.some(([f]) => texts[f] !== campaign.template[f]);

  return (
    <Stack spacing={2}>
      <Typography variant="body2">
        {t('Merge fields: {{fields}}', {
          fields: CAMPAIGN_MERGE_FIELDS.map((f) => `{{${f}}}`).join(', '),
        })}
      </Typography>
      {FIELDS.map(([field, label, multiline]) => (
        <TextField
          key={field}
          label={t(label)}
          value={texts[field]}
          multiline={multiline}
          minRows={multiline ? 4 : undefined}
          slotProps={{ input: { readOnly: !editable } }}
          onChange={(event) => setTexts((t) => ({ ...t, [field]: event.target.value }))}
          error={Boolean(errors[field])}
          helperText={errors[field]}
        />
      ))}
      {saveError && <Alert severity="error">{saveError}</Alert>}
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
        {editable && (
          <Button
            variant="contained"
            disabled={!changed || save.isPending}
            onClick={() => save.mutate(texts)}
          >
            {t('Save template')}
          </Button>
        )}
        <Button
          variant="outlined"
          disabled={preview.isPending}
          onClick={() => preview.mutate({ subject: texts.subject, body: texts.body })}
        >
          {t('Preview')}
        </Button>
        <Button
          variant="outlined"
          disabled={preview.isPending}
          onClick={() =>
            preview.mutate({ subject: texts.followUpSubject, body: texts.followUpBody })
          }
        >
          {t('Preview follow-up')}
        </Button>
      </Stack>
      {preview.isError && <Alert severity="error">{errorMessageOf(preview.error)}</Alert>}
      {preview.data && (
        <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label={t('Preview')}>
          <Typography variant="subtitle1">{preview.data.subject}</Typography>
          <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
            {preview.data.body}
          </Typography>
        </Paper>
      )}
      {editable && (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
          <TextField
            size="small"
            label={t('Test send to')}
            type="email"
            value={testTo}
            onChange={(event) => setTestTo(event.target.value)}
            error={Boolean(fieldErrorsOf(testSend.error)['to'])}
            helperText={fieldErrorsOf(testSend.error)['to']}
          />
          <Button
            variant="outlined"
            disabled={!testTo || testSend.isPending}
            onClick={() => testSend.mutate({ to: testTo })}
          >
            {t('Send test')}
          </Button>
        </Stack>
      )}
      {testSend.isError && Object.keys(fieldErrorsOf(testSend.error)).length === 0 && (
        <Alert severity="error">{errorMessageOf(testSend.error)}</Alert>
      )}
      {testSend.data && (
        <Alert severity={testSend.data.delivered ? 'success' : 'warning'}>
          {testSend.data.delivered
            ? t('Test e-mail sent: {{response}}', { response: testSend.data.response })
            : t('Test e-mail not delivered: {{response}}', { response: testSend.data.response })}
        </Alert>
      )}
    </Stack>
  );
}
