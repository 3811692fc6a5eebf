import ChatIcon from '@mui/icons-material/Chat';
import CloseIcon from '@mui/icons-material/Close';
import Fab from '@mui/material/Fab';
import Tooltip from '@mui/material/Tooltip';
import { useState } from 'react';
import { useT } from '../../../lib/i18n';
import { useCan } from '../../../lib/permissions';
import { useChatHealth } from '../api/get-chat-health';
import { ChatPanel } from './chat-panel';

/**
 * The floating chat button of the standard frame (Chatbot_VIEW) and its panel. The health check
 * runs every 180000 ms: when it fails the button is hidden, except for Chatbot_ErrorState_VIEW
 * holders, who see it red.
 */
export function ChatLauncher() {
  const t = useT();
  const canChat = useCan('Chatbot_VIEW');
  const seesErrorState = useCan('Chatbot_ErrorState_VIEW');
  const health = useChatHealth({ enabled: canChat });
  const [open, setOpen] = useState(false);

  if (!canChat || health.isPending) return null;
  const failing = health.isError || !health.data.healthy;
  if (failing && !seesErrorState) return null;

  const label = failing
    ? t('Chat assistant (unavailable: the health check failed)')
    : open
      ? t('Close chat assistant')
      : t('Open chat assistant');
  return (
    <>
      {open && <ChatPanel onClose={() => setOpen(false)} />}
      <Tooltip title={label} placement="left">
        <Fab
          aria-label={label}
          aria-expanded={open}
          color={failing ? 'error' : 'primary'}
          data-health={failing ? 'failing' : 'ok'}
          onClick={() => setOpen(!open)}
          sx={{
            position: 'fixed',
            right: 24,
            bottom: 24,
            zIndex: (theme) => theme.zIndex.speedDial,
          }}
        >
          {open ? <CloseIcon /> : <ChatIcon />}
        </Fab>
      </Tooltip>
    </>
  );
}
