import type { CommandState } from '@b2b/contract';

/**
 * The legal ProQ command state transitions: the one table every state change obeys.
 * The repo writes a new state only with `state = any(legalSourcesOf(target))` in its WHERE
 * clause, so an illegal change cannot happen even when two processes race.
 *
 * | from \ to  | Blocked | Pending | InProgress | Completed | Error | Canceled |
 * |------------|---------|---------|------------|-----------|-------|----------|
 * | (enqueue)  | ✓ a     | ✓       |            |           |       | ✓ b      |
 * | Blocked    |         | ✓ c     |            |           |       | ✓ b, d   |
 * | Pending    |         |         | ✓ claim    |           |       | ✓ d      |
 * | InProgress |         | ✓ e     |            | ✓         | ✓ f   |          |
 * | Completed  |         |         |            |           |       |          |
 * | Error      | ✓ g     | ✓ g     |            |           |       |          |
 * | Canceled   | ✓ g     | ✓ g     |            |           |       |          |
 *
 * a. its prerequisite command or prerequisite batch has not Completed yet;
 * b. a prerequisite ended in Error or Canceled (the message names it);
 * c. every prerequisite Completed;
 * d. an operator canceled it;
 * e. a failed attempt waits out its back-off, a stuck command (dead worker) is retried, or a
 *    worker shutting down releases it;
 * f. attempts exhausted, or a permanent failure;
 * g. an operator retried it (attempts reset), or a retried prerequisite restored it: Blocked
 *    while its own prerequisites are still unfinished.
 *
 * Completed is final. An InProgress command is never canceled: its handler may be half-way
 * through an effect; it ends by itself (Completed, Error, or back to Pending).
 */
export const TRANSITIONS = {
  Blocked: ['Pending', 'Canceled'],
  Pending: ['InProgress', 'Canceled'],
  InProgress: ['Pending', 'Completed', 'Error'],
  Completed: [],
  Error: ['Blocked', 'Pending'],
  Canceled: ['Blocked', 'Pending'],
} as const satisfies Record<CommandState, readonly CommandState[]>;

/** States a new command may start in. */
export const INITIAL_STATES: readonly CommandState[] = ['Blocked', 'Pending', 'Canceled'];

/** States of a command still to run: the "queued" list and counts. */
export const QUEUED_STATES: readonly CommandState[] = ['Blocked', 'Pending', 'InProgress'];
/** States of a command that ended without completing: the "error" list and counts. */
export const FAILED_STATES: readonly CommandState[] = ['Error', 'Canceled'];

export function isLegalTransition(from: CommandState, to: CommandState): boolean {
  return (TRANSITIONS[from] as readonly CommandState[]).includes(to);
}

/** Every state from which `to` may be reached: what the repo puts in its WHERE clauses. */
export function legalSourcesOf(to: CommandState): CommandState[] {
  return (Object.keys(TRANSITIONS) as CommandState[]).filter((from) => isLegalTransition(from, to));
}
