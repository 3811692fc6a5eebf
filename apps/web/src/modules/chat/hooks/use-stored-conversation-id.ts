import { useCallback, useState } from 'react';

/** The conversation survives a page reload in this tab, and ends with the tab (or a reset). */
export const CONVERSATION_STORAGE_KEY = 'b2b.chat.conversationId';

function read(): string | null {
  // Private modes and locked-down browsers may refuse storage: the chat then forgets on reload.
  try {
    return window.sessionStorage.getItem(CONVERSATION_STORAGE_KEY);
  } catch {
    return null;
  }
}

function write(id: string | null): void {
  try {
    if (id === null) window.sessionStorage.removeItem(CONVERSATION_STORAGE_KEY);
    else window.sessionStorage.setItem(CONVERSATION_STORAGE_KEY, id);
  } catch {
    // Not stored: the conversation still works until the page is reloaded.
  }
}

/** The current conversation id, kept in this tab's session storage. */
export function useStoredConversationId(): [string | null, (id: string | null) => void] {
  const [id, setId] = useState(read);
  const update = useCallback((next: string | null) => {
    write(next);
    setId(next);
  }, []);
  return [id, update];
}
