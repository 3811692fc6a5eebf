import { createContext } from 'react';
import type { ErrorDetail } from './error-detail';

/** One toast asked for (useNotify); the toast stack shows it. */
export type ToastRequest = {
  id: number;
  message: string;
  variant: 'success' | 'info' | 'warning' | 'error';
  /** Error toasts: the operation's title and the detail panel; they stay until closed. */
  title?: string;
  detail?: ErrorDetail;
  persist?: boolean;
};

/**
 * Asks for a toast; NotificationsProvider gives it. Outside one (a component rendered on its
 * own) toasts are dropped, as notistack's own default did.
 */
export const ToastRequestsContext = createContext<(request: Omit<ToastRequest, 'id'>) => void>(
  () => undefined,
);
