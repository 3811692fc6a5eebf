import type { CurrentUserProfile } from '@b2b/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useContext, useMemo } from 'react';
import { sessionQueryKey } from '../../../lib/auth/get-session';
import { describeError } from './error-detail';
import { ToastRequestsContext } from './toast-requests';
import { truncateText } from './truncate-text';

export type Notify = {
  success: (message: string) => void;
  info: (message: string) => void;
  warning: (message: string) => void;
  /**
   * An error toast for a failed operation (e.g. 'Save issuer'): the operation and the message
   * for users with SystemNotificationsDetailed_VIEW, the generic problem text for others; it
   * stays until closed and expands to the detail panel.
   */
  error: (error: unknown, options: { operation: string }) => void;
};

/** Shows toasts; needs NotificationsProvider above it. */
export function useNotify(): Notify {
  const request = useContext(ToastRequestsContext);
  const queryClient = useQueryClient();
  return useMemo(
    () => ({
      success: (message) => request({ message: truncateText(message), variant: 'success' }),
      info: (message) => request({ message: truncateText(message), variant: 'info' }),
      warning: (message) => request({ message: truncateText(message), variant: 'warning' }),
      error: (error, { operation }) => {
        // Read when the error happens, so the toast never asks for the session itself.
        const user = queryClient.getQueryData<CurrentUserProfile>(sessionQueryKey);
        const { title, message, detail } = describeError(error, operation, user);
        request({ message, variant: 'error', title, detail, persist: true });
      },
    }),
    [request, queryClient],
  );
}
