import { CHAT_LIMITS, CHAT_TEXTS } from '@b2b/contract';
import SendIcon from '@mui/icons-material/Send';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent, type KeyboardEvent } from 'react';
import { questionProblem } from '../hooks/use-chat-exchange';
import { useT } from '../../../lib/i18n';

export type ChatComposerProps = {
  /** Sends the question; false when it was not sent. */
  onSend: (question: string) => boolean;
  /** A reply is pending: nothing more can be sent meanwhile. */
  pending: boolean;
};

/**
 * The message box: Enter sends, Shift+Enter starts a new line; blank questions are not sent,
 * and one over 1000 characters is refused with a message.
 */
export function ChatComposer({ onSend, pending }: ChatComposerProps) {
  const t = useT();
  const [question, setQuestion] = useState('');
  const problem = questionProblem(question);
  const tooLong = problem === 'too-long';

  function submit() {
    if (pending || problem) return;
    if (onSend(question)) setQuestion('');
  }
  function handleKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  }
  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    submit();
  }

  return (
    <Box
      component="form"
      onSubmit={handleSubmit}
      sx={{ display: 'flex', alignItems: 'flex-end', gap: 1, p: 1.5 }}
    >
      <TextField
        value={question}
        onChange={(event) => setQuestion(event.target.value)}
        onKeyDown={handleKeyDown}
        placeholder={t('Ask a question…')}
        multiline
        maxRows={5}
        size="small"
        fullWidth
        error={tooLong}
        helperText={
          tooLong
            ? `${t(CHAT_TEXTS.questionTooLong)} (${question.trim().length}/${CHAT_LIMITS.questionMaxLength})`
            : undefined
        }
        slotProps={{ htmlInput: { 'aria-label': t('Your question') } }}
      />
      <IconButton
        type="submit"
        color="primary"
        aria-label={t('Send')}
        disabled={pending || !!problem}
      >
        <SendIcon />
      </IconButton>
    </Box>
  );
}
