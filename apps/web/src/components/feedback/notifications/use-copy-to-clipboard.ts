import { MESSAGES } from '@b2b/contract';
import { useCallback } from 'react';
import { copyText } from './copy-text';
import { useNotify } from './use-notify';

/** `copy(text)` writes to the clipboard and says 'Copied to clipboard'; resolves to success. */
export function useCopyToClipboard() {
  const notify = useNotify();
  return useCallback(
    async (text: string): Promise<boolean> => {
      try {
        await copyText(text);
      } catch (error) {
        notify.error(error, { operation: 'Copy to clipboard' });
        return false;
      }
      notify.success(MESSAGES.copiedToClipboard);
      return true;
    },
    [notify],
  );
}
