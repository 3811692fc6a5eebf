import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { FactList } from '../../../components/layout/fact-list';
import { Section } from '../../../components/layout/section';
import { errorMessageOf } from '../../../lib/api-error';
import { useMailTransport } from '../api/get-mail-transport';
import { useSendEmail } from '../api/send-email';
import { tKey, useT } from '../../../lib/i18n';

const STATUS_TEXT = {
  sent: tKey('Accepted: {{response}}'),
  temporary: tKey('Refused for now (try again later): {{response}}'),
  permanent: tKey('Refused: {{response}}'),
} as const;

/**
 * /tools/send-email: a test or ad-hoc e-mail through the configured SMTP server or the outbox,
 * with the server's answer word for word, to see that mail works and why it does not.
 */
export function SendEmailPage() {
  const t = useT();
  const transport = useMailTransport();
  const send = useSendEmail();
  const [to, setTo] = useState('');
  // The test message in the UI's language, as the person sending it reads it.
  const [subject, setSubject] = useState(() => t('Test e-mail from B2B Analytics'));
  const [text, setText] = useState(() => t('This is a test e-mail sent from the Tools area.'));
  return (
    <Stack spacing={3}>
      <Section title={t('Mail transport')}>
        {transport.error && <Alert severity="error">{errorMessageOf(transport.error)}</Alert>}
        {!transport.data && !transport.error && <LinearProgress aria-label={t('Loading')} />}
        {transport.data && (
          <FactList
            label={t('Mail transport')}
            facts={[
              [
                t('Sent through'),
                transport.data.transport === 'smtp'
                  ? t('SMTP server {{server}}', { server: transport.data.server ?? '' })
                  : t('The outbox table (no SMTP server configured)'),
              ],
              [t('From'), transport.data.from],
            ]}
          />
        )}
      </Section>
      <Section title={t('Send an e-mail')}>
        <Stack
          component="form"
          spacing={2}
          onSubmit={(e) => {
            e.preventDefault();
            send.mutate({ to: to.trim(), subject, text });
          }}
        >
          <TextField
            label={t('To')}
            type="email"
            value={to}
            onChange={(e) => setTo(e.target.value)}
            required
            sx={{ maxWidth: 420 }}
          />
          <TextField
            label={t('Subject')}
            value={subject}
            onChange={(e) => setSubject(e.target.value)}
            required
            slotProps={{ htmlInput: { maxLength: 200 } }}
          />
          <TextField
            label={t('Message')}
            multiline
            minRows={4}
            value={text}
            onChange={(e) => setText(e.target.value)}
            required
          />
          <Box>
            <Button type="submit" variant="contained" disabled={send.isPending}>
              {t('Send')}
            </Button>
          </Box>
          {send.isPending && <LinearProgress aria-label={t('Sending')} />}
          {send.error && <Alert severity="error">{errorMessageOf(send.error)}</Alert>}
          {send.data && (
            <Box role="status">
              <Alert severity={send.data.status === 'sent' ? 'success' : 'error'}>
                {t(STATUS_TEXT[send.data.status], { response: send.data.response })}
              </Alert>
            </Box>
          )}
        </Stack>
      </Section>
    </Stack>
  );
}
