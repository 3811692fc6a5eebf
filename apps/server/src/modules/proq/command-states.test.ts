import { COMMAND_STATES, type CommandState } from '@b2b/contract';
import { describe, expect, it } from 'vitest';
import { retryDelaySeconds } from './backoff.js';
import {
  INITIAL_STATES,
  TRANSITIONS,
  isLegalTransition,
  legalSourcesOf,
} from './command-states.js';

describe('ProQ command state transitions', () => {
  it('covers every state of SPEC.md section 4', () => {
    expect(Object.keys(TRANSITIONS).sort()).toEqual([...COMMAND_STATES].sort());
  });

  it('allows the engine paths: claim, complete, fail, retry after back-off, unblock', () => {
    const legal: [CommandState, CommandState][] = [
      ['Blocked', 'Pending'],
      ['Pending', 'InProgress'],
      ['InProgress', 'Completed'],
      ['InProgress', 'Pending'],
      ['InProgress', 'Error'],
      ['Blocked', 'Canceled'],
      ['Pending', 'Canceled'],
      ['Error', 'Pending'],
      ['Canceled', 'Blocked'],
    ];
    for (const [from, to] of legal) expect(isLegalTransition(from, to), `${from}→${to}`).toBe(true);
  });

  it('refuses everything else: Completed is final, running commands are not canceled', () => {
    const illegal: [CommandState, CommandState][] = [
      ['Completed', 'Pending'],
      ['Completed', 'Error'],
      ['InProgress', 'Canceled'],
      ['Blocked', 'InProgress'],
      ['Pending', 'Completed'],
      ['Pending', 'Error'],
      ['Error', 'InProgress'],
      ['Canceled', 'Completed'],
      ['Pending', 'Pending'],
    ];
    for (const [from, to] of illegal)
      expect(isLegalTransition(from, to), `${from}→${to}`).toBe(false);
  });

  it('derives the WHERE-clause sources of each target from the same table', () => {
    expect(legalSourcesOf('InProgress')).toEqual(['Pending']);
    expect(legalSourcesOf('Pending').sort()).toEqual([
      'Blocked',
      'Canceled',
      'Error',
      'InProgress',
    ]);
    expect(legalSourcesOf('Canceled').sort()).toEqual(['Blocked', 'Pending']);
    expect(legalSourcesOf('Completed')).toEqual(['InProgress']);
    expect(INITIAL_STATES).not.toContain('InProgress');
  });
});

describe('retry back-off', () => {
  const policy = { minSeconds: 5, maxSeconds: 60, coefficient: 2 };
  it('grows exponentially from the minimum and stops at the maximum', () => {
    expect([1, 2, 3, 4, 5, 6].map((n) => retryDelaySeconds(policy, n))).toEqual([
      5, 10, 20, 40, 60, 60,
    ]);
    expect(retryDelaySeconds(policy, 10_000)).toBe(60);
    expect(retryDelaySeconds({ ...policy, coefficient: 1 }, 7)).toBe(5);
  });
});
