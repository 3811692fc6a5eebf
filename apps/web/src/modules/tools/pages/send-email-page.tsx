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

const STATUS_TEXT = {
  sent: 'Accepted',
  temporary: 'Refused for now (try again later)',
  permanent: 'Refused',
} as const;

/**
 * /tools/send-email: a test or ad-hoc e-mail through the configured SMTP server or the outbox,
 * with the server's answer word for word, to see that mail works and why it does not.
 */
export function SendEmailPage() {
  const transport = useMailTransport();
  const send = useSendEmail();
  const [to, setTo] = useState('');
  const [subject, setSubject] = useState('Test e-mail from B2B Analytics');
  const [text, setText] = useState('This is a test e-mail sent from the Tools area.');
  return (
    <Stack spacing={3}>
      <Section title="Mail transport">
        {transport.error && <Alert severity="error">{errorMessageOf(transport.error)}</Alert>}
        {!transport.data && !transport.error && <LinearProgress aria-label="Loading" />}
        {transport.data && (
          <FactList
            label="Mail transport"
            facts={[
              [
                'Sent through',
                transport.data.transport === 'smtp'
                  ? `SMTP server ${transport.data.server ?? ''}`
                  : 'The outbox table (no SMTP server configured)',
              ],
              ['From', transport.data.from],
            ]}
          />
        )}
      </Section>
      <Section title="Send an e-mail">
        <Stack
          component="form"
          spacing={2}
          onSubmit={(e) => {
            e.preventDefault();
            send.mutate({ to: to.trim(), subject, text });
          }}
        >
          <TextField
            label="To"
            type="email"
            value={to}
            onChange={(e) => setTo(e.target.value)}
            required
            sx={{ maxWidth: 420 }}
          />
          <TextField
            label="Subject"
            value={subject}
            onChange={(e) => setSubject(e.target.value)}
            required
            slotProps={{ htmlInput: { maxLength: 200 } }}
          />
          <TextField
            label="Message"
            multiline
            minRows={4}
            value={text}
            onChange={(e) => setText(e.target.value)}
            required
          />
          <Box>
            <Button type="submit" variant="contained" disabled={send.isPending}>
              Send
            </Button>
          </Box>
          {send.isPending && <LinearProgress aria-label="Sending" />}
          {send.error && <Alert severity="error">{errorMessageOf(send.error)}</Alert>}
          {send.data && (
            <Box role="status">
              <Alert severity={send.data.status === 'sent' ? 'success' : 'error'}>
                {STATUS_TEXT[send.data.status]}: {send.data.response}
              </Alert>
            </Box>
          )}
        </Stack>
      </Section>
    </Stack>
  );
}
