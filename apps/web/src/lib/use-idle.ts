import { useCallback, useEffect, useRef, useState } from 'react';

/** What counts as the user being there. */
const ACTIVITY_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'wheel', 'touchstart', 'scroll'];

export type IdleOptions = {
  /** Idle after this long without activity. */
  timeoutMs: number;
  /** Off: never idle (and no listeners). */
  enabled: boolean;
};

/**
 * True once the user has done nothing for `timeoutMs`. Activity only moves a timestamp (it fires
 * at mouse-move rate); a coarse timer compares it, so an idle page costs one check a second.
 * Once idle it stays idle until `reset()`: moving the mouse over a warning is not an answer.
 */
export function useIdle({ timeoutMs, enabled }: IdleOptions): { idle: boolean; reset: () => void } {
  const lastActivity = useRef(0);
  const [idle, setIdle] = useState(false);

  useEffect(() => {
    if (!enabled || idle) return undefined;
    // The idle clock starts when watching starts (on enabling, and after each reset).
    lastActivity.current = Date.now();
    const markActive = () => {
      lastActivity.current = Date.now();
    };
    for (const name of ACTIVITY_EVENTS) {
      window.addEventListener(name, markActive, { passive: true, capture: true });
    }
    const checkEvery = Math.max(100, Math.min(1000, timeoutMs / 4));
    const timer = window.setInterval(() => {
      if (Date.now() - lastActivity.current >= timeoutMs) setIdle(true);
    }, checkEvery);
    return () => {
      window.clearInterval(timer);
      for (const name of ACTIVITY_EVENTS) {
        window.removeEventListener(name, markActive, { capture: true });
      }
    };
  }, [enabled, idle, timeoutMs]);

  const reset = useCallback(() => {
    lastActivity.current = Date.now();
    setIdle(false);
  }, []);

  return { idle: enabled && idle, reset };
}
