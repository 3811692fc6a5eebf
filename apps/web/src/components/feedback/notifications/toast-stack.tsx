import { SnackbarProvider, useSnackbar } from 'notistack';
import { useEffect, useRef } from 'react';
import { NotificationToast } from './notification-toast';
import type { ToastRequest } from './toast-requests';

const TOASTS = {
  default: NotificationToast,
  info: NotificationToast,
  success: NotificationToast,
  warning: NotificationToast,
  error: NotificationToast,
};

type ToastStackProps = {
  pending: readonly ToastRequest[];
  onShown: (ids: readonly number[]) => void;
  max: number;
};

/** Hands the toasts asked for to notistack, each once. */
function Enqueue({ pending, onShown }: Omit<ToastStackProps, 'max'>) {
  const { enqueueSnackbar } = useSnackbar();
  // Effects may run twice for one render (StrictMode): a toast is handed over once.
  const handed = useRef(new Set<number>());
  useEffect(() => {
    if (pending.length === 0) return;
    for (const { id, message, ...options } of pending) {
      if (handed.current.has(id)) continue;
      handed.current.add(id);
      enqueueSnackbar(message, { key: id, ...options });
    }
    onShown(pending.map((t) => t.id));
  }, [pending, onShown, enqueueSnackbar]);
  return null;
}

/** The toasts, bottom left, newest making older ones give way (NotificationsProvider). */
export default function ToastStack({ pending, onShown, max }: ToastStackProps) {
  return (
    <SnackbarProvider
      maxSnack={max}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
      Components={TOASTS}
    >
      <Enqueue pending={pending} onShown={onShown} />
    </SnackbarProvider>
  );
}
