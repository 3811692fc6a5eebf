import { CHAT_LIMITS, MESSAGES, type ChatLogEntry, type ChatSource } from '@b2b/contract';
import { useCallback, useMemo, useState } from 'react';
import { useDeleteChatConversation } from '../api/delete-chat-conversation';
import { useChatConversation } from '../api/get-chat-conversation';
import { useSendChatMessage } from '../api/send-chat-message';
import { useStoredConversationId } from './use-stored-conversation-id';
import { t } from '../../../lib/i18n/i18n';

/** One bubble of the panel. */
export type ChatEntry = {
  id: string;
  role: 'user' | 'assistant';
  text: string;
  sources: ChatSource[];
  /** The answer is the failure text, not an answer. */
  failed?: boolean;
};

export { CONVERSATION_STORAGE_KEY } from './use-stored-conversation-id';

let nextId = 0;
const entryId = () => `chat-entry-${++nextId}`;

/** Why a question cannot be sent, or null when it can. */
export function questionProblem(question: string): 'blank' | 'too-long' | null {
  if (!question.trim()) return 'blank';
  return question.trim().length > CHAT_LIMITS.questionMaxLength ? 'too-long' : null;
}

function entriesOf(history: ChatLogEntry[]): ChatEntry[] {
  return history.flatMap((log) => [
    { id: `${log.id}-q`, role: 'user' as const, text: log.question, sources: [] },
    { id: `${log.id}-a`, role: 'assistant' as const, text: log.answer, sources: log.sources },
  ]);
}

/**
 * The panel's conversation: the user's question shows at once, the answer (or the failure
 * text) follows; reset deletes the conversation on the server and starts a new one. A
 * conversation stored in this tab is shown again after a reload.
 */
export function useChatExchange() {
  const [conversationId, setConversationId] = useStoredConversationId();
  // Only the conversation found at start is read back; later answers are kept here as they come.
  const [restoreId] = useState(conversationId);
  const [historyDropped, setHistoryDropped] = useState(false);
  const [live, setLive] = useState<ChatEntry[]>([]);
  const history = useChatConversation(historyDropped ? null : restoreId);
  const sendMessage = useSendChatMessage();
  const deleteConversation = useDeleteChatConversation();

  const restoredEntries = useMemo(
    () => (!historyDropped && history.data ? entriesOf(history.data.history) : []),
    [history.data, historyDropped],
  );
  // A stored id the server does not know for this user (another sign-in) starts afresh.
  const usableId = history.isError && conversationId === restoreId ? null : conversationId;

  const send = useCallback(
    (question: string): boolean => {
      if (questionProblem(question) || sendMessage.isPending) return false;
      const text = question.trim();
      setLive((current) => [...current, { id: entryId(), role: 'user', text, sources: [] }]);
      sendMessage.mutate(
        { question: text, conversation_id: usableId },
        {
          onSuccess: (reply) => {
            setConversationId(reply.conversation_id);
            setLive((current) => [
              ...current,
              { id: entryId(), role: 'assistant', text: reply.answer, sources: reply.sources },
            ]);
          },
          onError: () =>
            setLive((current) => [
              ...current,
              {
                id: entryId(),
                role: 'assistant',
                text: t(MESSAGES.chatFailure),
                sources: [],
                failed: true,
              },
            ]),
        },
      );
      return true;
    },
    [usableId, sendMessage, setConversationId],
  );

  const reset = useCallback(async () => {
    const id = usableId;
    setLive([]);
    setHistoryDropped(true);
    setConversationId(null);
    // A conversation never answered does not exist on the server: nothing to delete.
    if (id) await deleteConversation.mutateAsync(id).catch(() => undefined);
  }, [usableId, deleteConversation, setConversationId]);

  return {
    entries: [...restoredEntries, ...live],
    pending: sendMessage.isPending,
    restoring: !historyDropped && !!restoreId && history.isPending,
    resetting: deleteConversation.isPending,
    send,
    reset,
  };
}
