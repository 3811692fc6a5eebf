import { CHAT_LIMITS } from '@b2b/contract';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ChatEntry } from '../hooks/use-chat-exchange';
import { ChatSources } from './chat-sources';
import { useT } from '../../../lib/i18n';

export type ChatMessageBubbleProps = {
  entry: Pick<ChatEntry, 'role' | 'text' | 'sources' | 'failed'>;
};

/** One message: the user's on the right, the assistant's on the left with its sources. */
export function ChatMessageBubble({ entry }: ChatMessageBubbleProps) {
  const t = useT();
  const mine = entry.role === 'user';
  return (
    <Box sx={{ display: 'flex', justifyContent: mine ? 'flex-end' : 'flex-start' }}>
      <Paper
        elevation={0}
        data-role={entry.role}
        aria-label={mine ? t('Your message') : t('Assistant')}
        role="article"
        sx={{
          maxWidth: CHAT_LIMITS.bubbleWidthPx,
          px: 1.5,
          py: 1,
          borderRadius: 2,
          bgcolor: mine ? 'primary.main' : entry.failed ? 'error.light' : 'action.hover',
          color: mine ? 'primary.contrastText' : 'text.primary',
        }}
      >
        <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
          {entry.text}
        </Typography>
        {!mine && <ChatSources sources={entry.sources} />}
      </Paper>
    </Box>
  );
}
