import { CHAT_TEXTS } from '@b2b/contract';
import CloseIcon from '@mui/icons-material/Close';
import RestartAltIcon from '@mui/icons-material/RestartAlt';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useEffect, useRef } from 'react';
import { useChatExchange } from '../hooks/use-chat-exchange';
import { ChatComposer } from './chat-composer';
import { ChatMessageBubble } from './chat-message-bubble';
import { ChatThinking } from './chat-thinking';
import { useT } from '../../../lib/i18n';

export type ChatPanelProps = { onClose: () => void };

/** The chat panel: greeting, the conversation, reset and close, and the message box. */
export function ChatPanel({ onClose }: ChatPanelProps) {
  const t = useT();
  const { entries, pending, restoring, resetting, send, reset } = useChatExchange();
  const endRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    endRef.current?.scrollIntoView?.({ block: 'end' });
  }, [entries.length, pending]);

  return (
    <Paper
      role="dialog"
      aria-label={t('Chat assistant')}
      elevation={8}
      sx={{
        position: 'fixed',
        right: 24,
        bottom: 96,
        width: 'min(400px, calc(100vw - 32px))',
        height: 'min(560px, calc(100vh - 128px))',
        display: 'flex',
        flexDirection: 'column',
        zIndex: (theme) => theme.zIndex.speedDial,
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', px: 2, py: 1 }}>
        <Typography variant="subtitle1" component="h2" sx={{ flexGrow: 1 }}>
          {t('Assistant')}
        </Typography>
        <Tooltip title={t('Reset conversation')}>
          <span>
            <IconButton
              aria-label={t('Reset conversation')}
              onClick={() => void reset()}
              disabled={pending || resetting}
            >
              <RestartAltIcon />
            </IconButton>
          </span>
        </Tooltip>
        <Tooltip title={t('Close')}>
          <IconButton aria-label={t('Close chat')} onClick={onClose}>
            <CloseIcon />
          </IconButton>
        </Tooltip>
      </Box>
      <Divider />
      <Box
        role="log"
        aria-label={t('Conversation')}
        aria-live="polite"
        sx={{
          flexGrow: 1,
          overflowY: 'auto',
          p: 2,
          display: 'flex',
          flexDirection: 'column',
          gap: 1.5,
        }}
      >
        <ChatMessageBubble
          entry={{ role: 'assistant', text: t(CHAT_TEXTS.greeting), sources: [] }}
        />
        {restoring && <ChatThinking />}
        {entries.map((entry) => (
          <ChatMessageBubble key={entry.id} entry={entry} />
        ))}
        {pending && <ChatThinking />}
        <div ref={endRef} />
      </Box>
      <Divider />
      <ChatComposer onSend={send} pending={pending} />
    </Paper>
  );
}
