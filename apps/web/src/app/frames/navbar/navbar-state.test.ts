import { describe, expect, it } from 'vitest';
import {
  DEFAULT_NAVBAR_STATES,
  navbarReducer,
  nextNavbarState,
  restoreNavbarStates,
  type NavbarContext,
  type NavbarEvent,
  type NavbarState,
} from './navbar-state';

const toggle: NavbarEvent = { type: 'toggle' };
const dismiss: NavbarEvent = { type: 'dismiss' };

describe('nextNavbarState', () => {
  it.each<[NavbarContext, NavbarState, NavbarEvent, NavbarState]>([
    // webapp: the toggle switches between pinned and collapsed
    ['webapp', 'pinned', toggle, 'collapsed'],
    ['webapp', 'collapsed', toggle, 'pinned'],
    ['webapp', 'closed', toggle, 'pinned'],
    ['webapp', 'open', toggle, 'pinned'],
    ['webapp', 'open', dismiss, 'collapsed'],
    ['webapp', 'pinned', dismiss, 'pinned'],
    ['webapp', 'pinned', { type: 'collapse' }, 'collapsed'],
    ['webapp', 'open', { type: 'pin' }, 'pinned'],
    // fullscreen: the toggle opens over the page and closes again
    ['fullscreen', 'closed', toggle, 'open'],
    ['fullscreen', 'open', toggle, 'closed'],
    ['fullscreen', 'pinned', toggle, 'closed'],
    ['fullscreen', 'collapsed', toggle, 'closed'],
    ['fullscreen', 'open', dismiss, 'closed'],
    ['fullscreen', 'open', { type: 'pin' }, 'pinned'],
    // mobile: only open or closed
    ['mobile', 'closed', toggle, 'open'],
    ['mobile', 'open', toggle, 'closed'],
    ['mobile', 'open', dismiss, 'closed'],
    ['mobile', 'open', { type: 'pin' }, 'open'],
    ['mobile', 'closed', { type: 'collapse' }, 'closed'],
  ])('%s: %s + %o → %s', (context, state, event, expected) => {
    expect(nextNavbarState(context, state, event)).toBe(expected);
  });
});

describe('navbarReducer', () => {
  it('changes only the context the event happened in', () => {
    const next = navbarReducer(DEFAULT_NAVBAR_STATES, { context: 'mobile', event: toggle });
    expect(next).toEqual({ webapp: 'pinned', fullscreen: 'closed', mobile: 'open' });
  });

  it('returns the same object when nothing changes', () => {
    const states = DEFAULT_NAVBAR_STATES;
    expect(navbarReducer(states, { context: 'webapp', event: dismiss })).toBe(states);
  });
});

describe('restoreNavbarStates', () => {
  it('keeps valid stored states and falls back to the defaults for the rest', () => {
    expect(restoreNavbarStates({ webapp: 'collapsed', fullscreen: 'bogus' })).toEqual({
      ...DEFAULT_NAVBAR_STATES,
      webapp: 'collapsed',
    });
    expect(restoreNavbarStates('garbage')).toEqual(DEFAULT_NAVBAR_STATES);
  });

  it('never restores a navbar lying open over the page, nor a pinned one on mobile', () => {
    expect(restoreNavbarStates({ webapp: 'open', mobile: 'pinned' })).toEqual(
      DEFAULT_NAVBAR_STATES,
    );
  });
});
