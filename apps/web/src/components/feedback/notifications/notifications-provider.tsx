import { SnackbarProvider } from 'notistack';
import type { ReactNode } from 'react';
import { NotificationToast } from './notification-toast';

/** At most 3 notifications at once (SPEC.md section 8); older ones make way for newer ones. */
export const MAX_NOTIFICATIONS = 3;

const TOASTS = {
  default: NotificationToast,
  info: NotificationToast,
  success: NotificationToast,
  warning: NotificationToast,
  error: NotificationToast,
};

export type NotificationsProviderProps = { children: ReactNode };

/** Toasts for the whole app: mount once, inside the query client and the theme. */
export function NotificationsProvider({ children }: NotificationsProviderProps) {
  return (
    <SnackbarProvider
      maxSnack={MAX_NOTIFICATIONS}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
      Components={TOASTS}
    >
      {children}
    </SnackbarProvider>
  );
}
