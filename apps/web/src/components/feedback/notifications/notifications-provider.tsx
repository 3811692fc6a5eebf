import { lazy, Suspense, useCallback, useRef, useState, type ReactNode } from 'react';
import { ToastRequestsContext, type ToastRequest } from './toast-requests';

/** At most 3 notifications at once (SPEC.md section 8); older ones make way for newer ones. */
export const MAX_NOTIFICATIONS = 3;

// The toasts' code (notistack, the Alert and its detail panel) loads with the first toast, not
// with the sign-in page: most page loads show none (docs/architecture.md, "Bundle budget").
const ToastStack = lazy(() => import('./toast-stack'));

export type NotificationsProviderProps = { children: ReactNode };

/** Toasts for the whole app: mount once, inside the query client and the theme. */
export function NotificationsProvider({ children }: NotificationsProviderProps) {
  const [pending, setPending] = useState<ToastRequest[]>([]);
  const [started, setStarted] = useState(false);
  const nextId = useRef(0);
  const request = useCallback((toast: Omit<ToastRequest, 'id'>) => {
    nextId.current += 1;
    const id = nextId.current;
    setPending((queue) => [...queue, { ...toast, id }]);
    setStarted(true);
  }, []);
  const shown = useCallback(
    (ids: readonly number[]) => setPending((queue) => queue.filter((t) => !ids.includes(t.id))),
    [],
  );
  return (
    <ToastRequestsContext.Provider value={request}>
      {children}
      {started && (
        <Suspense fallback={null}>
          <ToastStack pending={pending} onShown={shown} max={MAX_NOTIFICATIONS} />
        </Suspense>
      )}
    </ToastRequestsContext.Provider>
  );
}
