import type { CurrentUserProfile } from '@b2b/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useMemo } from 'react';
import { sessionQueryKey } from '../../../lib/auth/get-session';
import { describeError } from './error-detail';
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
  const { enqueueSnackbar } = useSnackbar();
  const queryClient = useQueryClient();
  return useMemo(
    () => ({
      success: (message) => enqueueSnackbar(truncateText(message), { variant: 'success' }),
      info: (message) => enqueueSnackbar(truncateText(message), { variant: 'info' }),
      warning: (message) => enqueueSnackbar(truncateText(message), { variant: 'warning' }),
      error: (error, { operation }) => {
        // Read when the error happens, so the toast never asks for the session itself.
        const user = queryClient.getQueryData<CurrentUserProfile>(sessionQueryKey);
        const { title, message, detail } = describeError(error, operation, user);
        enqueueSnackbar(message, { variant: 'error', title, detail, persist: true });
      },
    }),
    [enqueueSnackbar, queryClient],
  );
}
