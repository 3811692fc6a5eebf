/**
 * The navbar's state machine (SPEC.md section 4): states pinned, open, collapsed and closed,
 * kept separately for each context the app runs in.
 * - pinned: full width (240) beside the page;
 * - collapsed: icons only (64) beside the page;
 * - open: full width over the page, until the user picks an entry or dismisses it;
 * - closed: hidden.
 */
export const NAVBAR_STATES = ['pinned', 'open', 'collapsed', 'closed'] as const;
export type NavbarState = (typeof NAVBAR_STATES)[number];

/** webapp: a desktop window; fullscreen: the browser's full-screen mode; mobile: a small screen. */
export const NAVBAR_CONTEXTS = ['webapp', 'fullscreen', 'mobile'] as const;
export type NavbarContext = (typeof NAVBAR_CONTEXTS)[number];

export type NavbarStates = Record<NavbarContext, NavbarState>;

export type NavbarEvent =
  /** The toolbar's toggle button. */
  | { type: 'toggle' }
  /** Keep the open navbar beside the page. */
  | { type: 'pin' }
  /** Shrink it to icons. */
  | { type: 'collapse' }
  /** Escape, a click outside, or a navigation while it lies over the page. */
  | { type: 'dismiss' };

/** Widths of SPEC.md section 9. */
export const NAVBAR_WIDTH = { pinned: 240, collapsed: 64 } as const;

export const DEFAULT_NAVBAR_STATES: NavbarStates = {
  webapp: 'pinned',
  fullscreen: 'closed',
  mobile: 'closed',
};

/** A small screen has no room beside the page: there the navbar only opens over it. */
const ALLOWED: Record<NavbarContext, readonly NavbarState[]> = {
  webapp: NAVBAR_STATES,
  fullscreen: NAVBAR_STATES,
  mobile: ['open', 'closed'],
};

/** Where an open navbar goes back to when dismissed. */
const AT_REST: Record<NavbarContext, NavbarState> = {
  webapp: 'collapsed',
  fullscreen: 'closed',
  mobile: 'closed',
};

function toggled(context: NavbarContext, state: NavbarState): NavbarState {
  if (context === 'webapp') return state === 'pinned' ? 'collapsed' : 'pinned';
  // Full screen and mobile keep the page as wide as possible: the toggle opens over it.
  return state === 'closed' ? 'open' : 'closed';
}

/** The next state of one context's navbar. */
export function nextNavbarState(
  context: NavbarContext,
  state: NavbarState,
  event: NavbarEvent,
): NavbarState {
  let next: NavbarState = state;
  if (event.type === 'toggle') next = toggled(context, state);
  else if (event.type === 'pin') next = 'pinned';
  else if (event.type === 'collapse') next = 'collapsed';
  else if (event.type === 'dismiss' && state === 'open') next = AT_REST[context];
  return ALLOWED[context].includes(next) ? next : state;
}

/** The reducer over all contexts: an event changes only the context it happened in. */
export function navbarReducer(
  states: NavbarStates,
  action: { context: NavbarContext; event: NavbarEvent },
): NavbarStates {
  const next = nextNavbarState(action.context, states[action.context], action.event);
  return next === states[action.context] ? states : { ...states, [action.context]: next };
}

/**
 * Reads stored states, keeping only valid values. An open navbar is not restored: it lay over
 * the page for a moment and should not cover the next page load.
 */
export function restoreNavbarStates(stored: unknown): NavbarStates {
  const restored = { ...DEFAULT_NAVBAR_STATES };
  if (!stored || typeof stored !== 'object') return restored;
  for (const context of NAVBAR_CONTEXTS) {
    const value = (stored as Record<string, unknown>)[context];
    const state = NAVBAR_STATES.find((s) => s === value);
    if (state && state !== 'open' && ALLOWED[context].includes(state)) restored[context] = state;
  }
  return restored;
}
