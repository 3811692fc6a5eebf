import type { CommandState } from '@b2b/contract';
import { AppError } from '../../lib/app-error.js';
import { FAILED_STATES } from './command-states.js';

/** What the database says about the prerequisites of commands being enqueued. */
export type PrerequisiteFacts = {
  commands: { id: string; state: string; commandType: string }[];
  /** One row per (batch, state) with one member of that state. */
  batches: { batchId: string | null; state: string; id: string; commandType: string }[];
};

type Enqueued = {
  id: string;
  commandType: string;
  prerequisite?: string | null;
  batchId?: string | null;
  prerequisiteBatchId?: string | null;
};

type Initial = {
  state: Extract<CommandState, 'Blocked' | 'Pending' | 'Canceled'>;
  message: string | null;
  canceledBecauseOf: string | null;
};

const failed = (state: string) => (FAILED_STATES as readonly string[]).includes(state);

/**
 * The state each new command starts in: Canceled when a prerequisite (command or batch member)
 * already ended in Error or Canceled, Blocked while one is unfinished, else Pending. An empty
 * prerequisite batch counts as complete. Commands earlier in the same call count as unfinished.
 */
export function initialStates(commands: readonly Enqueued[], facts: PrerequisiteFacts): Initial[] {
  const known = new Map(facts.commands.map((f) => [f.id, f]));
  const positions = new Map(commands.map((cmd, i) => [cmd.id, i]));
  const result: Initial[] = [];
  commands.forEach((cmd, index) => {
    let initial: Initial = { state: 'Pending', message: null, canceledBecauseOf: null };
    const wait = () => {
      if (initial.state === 'Pending') initial = { ...initial, state: 'Blocked' };
    };
    const cancel = (id: string, type: string, state: string, batch?: string) => {
      if (initial.state === 'Canceled') return;
      initial = {
        state: 'Canceled',
        canceledBecauseOf: id,
        message: batch
          ? `Canceled because command ${id} (${type}) of its prerequisite batch ${batch} ended in ${state}`
          : `Canceled because its prerequisite command ${id} (${type}) ended in ${state}`,
      };
    };
    if (cmd.prerequisite) {
      const position = positions.get(cmd.prerequisite);
      if (position !== undefined && position >= index) {
        throw AppError.badRequest(
          'prerequisite must be enqueued before the command that waits for it',
          'prerequisite',
        );
      }
      const own = position !== undefined ? { ...commands[position]!, ...result[position]! } : null;
      const pre = own ?? known.get(cmd.prerequisite);
      if (!pre) {
        throw AppError.badRequest(
          `prerequisite ${cmd.prerequisite} is not a known command`,
          'prerequisite',
        );
      }
      if (failed(pre.state)) cancel(pre.id, pre.commandType, pre.state);
      else if (own || pre.state !== 'Completed') wait();
    }
    const batch = cmd.prerequisiteBatchId;
    if (batch) {
      const stored = facts.batches.filter((b) => b.batchId === batch);
      const storedFailure = stored.find((b) => failed(b.state));
      if (storedFailure)
        cancel(storedFailure.id, storedFailure.commandType, storedFailure.state, batch);
      const ownMembers = commands.filter((other) => other.batchId === batch && other.id !== cmd.id);
      const ownFailure = ownMembers
        .map((m) => ({ m, r: result[positions.get(m.id)!] }))
        .find(({ r }) => r && failed(r.state));
      if (ownFailure) cancel(ownFailure.m.id, ownFailure.m.commandType, ownFailure.r!.state, batch);
      if (ownMembers.length > 0 || stored.some((b) => b.state !== 'Completed')) wait();
    }
    result.push(initial);
  });
  return result;
}
