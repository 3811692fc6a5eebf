import { useCallback, useRef, useState } from 'react';

/**
 * Runs an async action at most once at a time: calls made while it runs are ignored (they
 * resolve to undefined). The ref guard catches a double click that lands before React has
 * re-rendered the button as busy.
 */
export function useAsyncAction<Args extends unknown[], Result>(
  action: (...args: Args) => Promise<Result> | Result,
) {
  const running = useRef(false);
  const [pending, setPending] = useState(false);

  const run = useCallback(
    async (...args: Args): Promise<Result | undefined> => {
      if (running.current) return undefined;
      running.current = true;
      setPending(true);
      try {
        return await action(...args);
      } finally {
        running.current = false;
        setPending(false);
      }
    },
    [action],
  );

  return { run, pending };
}
