import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useCallback, useEffect, useReducer, useSyncExternalStore } from 'react';
import { readStored, writeStored } from '../../../lib/storage/browser-storage';
import {
  navbarReducer,
  restoreNavbarStates,
  type NavbarContext,
  type NavbarEvent,
  type NavbarState,
} from './navbar-state';

/** Local storage key of the navbar states of every context (SPEC.md section 4). */
export const NAVBAR_STORAGE_KEY = 'b2b.navbar';

function subscribeFullscreen(listener: () => void) {
  document.addEventListener('fullscreenchange', listener);
  return () => document.removeEventListener('fullscreenchange', listener);
}

function parse(text: string | null): unknown {
  try {
    return text ? (JSON.parse(text) as unknown) : undefined;
  } catch {
    return undefined;
  }
}

/** The context the app runs in now: mobile on small screens, fullscreen in full-screen mode. */
export function useNavbarContext(): NavbarContext {
  const theme = useTheme();
  const small = useMediaQuery(theme.breakpoints.down('md'), { noSsr: true });
  const fullscreen = useSyncExternalStore(subscribeFullscreen, () => !!document.fullscreenElement);
  if (small) return 'mobile';
  return fullscreen ? 'fullscreen' : 'webapp';
}

export type NavbarControl = {
  context: NavbarContext;
  state: NavbarState;
  send: (event: NavbarEvent) => void;
};

/**
 * The navbar state of the current context. All contexts' states are kept in local storage; an
 * open navbar is stored too but not restored on the next page load (see restoreNavbarStates).
 */
export function useNavbarState(): NavbarControl {
  const context = useNavbarContext();
  const [states, dispatch] = useReducer(navbarReducer, undefined, () =>
    restoreNavbarStates(parse(readStored('local', NAVBAR_STORAGE_KEY))),
  );
  useEffect(() => {
    writeStored('local', NAVBAR_STORAGE_KEY, JSON.stringify(states));
  }, [states]);
  const send = useCallback((event: NavbarEvent) => dispatch({ context, event }), [context]);
  return { context, state: states[context], send };
}
