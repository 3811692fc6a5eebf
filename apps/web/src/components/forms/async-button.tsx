import Button, { type ButtonProps } from '@mui/material/Button';
import type { MouseEvent } from 'react';
import { useAsyncAction } from './use-async-action';

export type AsyncButtonProps = Omit<ButtonProps, 'onClick' | 'loading'> & {
  /** The action; further clicks are ignored until the promise it returns settles. */
  onClick: (event: MouseEvent<HTMLButtonElement>) => Promise<unknown> | unknown;
  /** Receives the action's failure (e.g. to show an error toast). */
  onError?: (error: unknown) => void;
  /** Shows progress and ignores clicks, e.g. while a parent's own request runs. */
  pending?: boolean;
};

/**
 * A button that ignores repeated clicks while its async action runs and shows progress
 * meanwhile. A failure goes to `onError`; without one it stays an unhandled rejection, so it
 * is never silently lost.
 */
export function AsyncButton({
  onClick,
  onError,
  pending = false,
  ...buttonProps
}: AsyncButtonProps) {
  const action = useAsyncAction(onClick);
  const busy = pending || action.pending;
  return (
    <Button
      {...buttonProps}
      loading={busy}
      aria-busy={busy}
      onClick={(event) => {
        if (pending) return;
        const running = action.run(event);
        if (onError) running.catch(onError);
      }}
    />
  );
}
