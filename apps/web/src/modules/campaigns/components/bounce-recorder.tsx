import type { CampaignBounceResult } from '@b2b/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { FileUploadField } from '../../../components/forms';
import { errorMessageOf } from '../../../lib/api-error';
import { useT } from '../../../lib/i18n';
import { useRecordCampaignBounce } from '../api/record-campaign-bounce';

/**
 * A bounce that arrived after the mail server accepted an e-mail (SPEC §3 tracker: bounced):
 * the delivery status notification pasted, or read from a saved .eml file. The server finds the
 * supplier by the original's Message-ID the bounce quotes. With a bounce mailbox configured the
 * server reads them itself (ReadCampaignBounces), which the section says.
 */
export function BounceRecorder({
  campaignId,
  readAutomatically,
}: {
  campaignId: string;
  readAutomatically: boolean;
}) {
  const t = useT();
  const [text, setText] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const record = useRecordCampaignBounce(campaignId);

  const outcome = (r: CampaignBounceResult) => {
    const said = r.diagnostic ? `${r.status} ${r.diagnostic}` : r.status;
    switch (r.effect) {
      case 'Failed':
        return t('{{supplier}} is now Failed: {{said}}', { supplier: r.supplierName, said });
      case 'Deferred':
        return t(
          '{{supplier}}: the delay ({{said}}) is noted on the timeline; the supplier stays in the campaign.',
          {
            supplier: r.supplierName,
            said,
          },
        );
      case 'Unchanged':
        return t('{{supplier}} had already answered; the bounce is noted on the timeline.', {
          supplier: r.supplierName,
        });
    }
  };

  return (
    <Stack spacing={1}>
      {/* A standing note, not news: no alert role for screen readers to announce. */}
      <Alert severity="info" role="note">
        {readAutomatically
          ? t(
              'Bounces are read automatically from the bounce mailbox every 5 minutes. Paste one here only if it arrived elsewhere.',
            )
          : t(
              'No bounce mailbox is configured: bounces are not read automatically. Paste each one here.',
            )}
      </Alert>
      <TextField
        label={t('Bounce message')}
        multiline
        minRows={4}
        value={text}
        onChange={(event) => setText(event.target.value)}
        helperText={t(
          'Paste the whole bounce as it arrived, headers included: it quotes the e-mail that bounced.',
        )}
      />
      <FileUploadField
        label={t('Or read it from a saved message')}
        accept=".eml,.txt"
        value={files}
        onChange={(chosen) => {
          setFiles(chosen);
          void chosen[0]?.text().then(setText);
        }}
      />
      <div>
        <Button
          variant="outlined"
          disabled={text.trim() === '' || record.isPending}
          onClick={() =>
            record.mutate(text, {
              onSuccess: () => {
                setText('');
                setFiles([]);
              },
            })
          }
        >
          {t('Record bounce')}
        </Button>
      </div>
      {record.isError && <Alert severity="error">{errorMessageOf(record.error)}</Alert>}
      {record.data && (
        <Alert severity={record.data.effect === 'Failed' ? 'warning' : 'info'}>
          {outcome(record.data)}
        </Alert>
      )}
    </Stack>
  );
}
