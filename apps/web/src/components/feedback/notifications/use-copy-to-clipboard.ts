import { MESSAGES } from '@b2b/contract';
import { useCallback } from 'react';
import { copyText } from './copy-text';
import { useNotify } from './use-notify';
import { useT } from '../../../lib/i18n';

/** `copy(text)` writes to the clipboard and says 'Copied to clipboard'; resolves to success. */
export function useCopyToClipboard() {
  const notify = useNotify();
  const t = useT();
  return useCallback(
    async (text: string): Promise<boolean> => {
      try {
        await copyText(text);
      } catch (error) {
        notify.error(error, { operation: t('Copy to clipboard') });
        return false;
      }
      notify.success(t(MESSAGES.copiedToClipboard));
      return true;
    },
    [notify, t],
  );
}
