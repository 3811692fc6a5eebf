import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { inTransaction } from '../../db/transaction.js';
import { FAILED_STATES } from './command-states.js';
import { proqCommands as c } from './proq-command.schema.js';
import { cascadeCancel, restoreDependants } from './proq-dependencies.repo.js';
import type { ProqCommandRow } from './proq-queue.repo.js';
import { lockBatches, mayBecome } from './proq-sql.repo.js';

export type OperatorOutcome =
  | { kind: 'done'; command: ProqCommandRow }
  | { kind: 'not-found' }
  | { kind: 'wrong-state'; state: string }
  | { kind: 'prerequisite-failed'; id: string; state: string };

/** Operator actions on one command: retry and cancel, with their effect on dependants. */
export function createProqOperatorRepo(db: Database) {
  /** Locks the batches a command belongs to and waits for, then the command row itself. */
  async function lockCommand(tx: Database, id: string) {
    const [peek] = await tx
      .select({ batchId: c.batchId, prerequisiteBatchId: c.prerequisiteBatchId })
      .from(c)
      .where(eq(c.id, id));
    if (!peek) return undefined;
    await lockBatches(tx, [peek.batchId, peek.prerequisiteBatchId]);
    const [row] = await tx.select().from(c).where(eq(c.id, id)).for('update');
    return row;
  }

  /** Whether the prerequisites of a command completed, or which one failed. */
  async function prerequisitesOf(tx: Database, row: ProqCommandRow) {
    const members = [
      ...(row.prerequisite
        ? await tx.select({ id: c.id, state: c.state }).from(c).where(eq(c.id, row.prerequisite))
        : []),
      ...(row.prerequisiteBatchId
        ? await tx
            .select({ id: c.id, state: c.state })
            .from(c)
            .where(eq(c.batchId, row.prerequisiteBatchId))
        : []),
    ];
    return {
      failed: members.find((m) => (FAILED_STATES as readonly string[]).includes(m.state)),
      done: members.every((m) => m.state === 'Completed'),
    };
  }

  return {
    /**
     * Error or Canceled → Pending (Blocked while its prerequisites are unfinished), attempts
     * reset; the dependants canceled because of it wait for it again.
     */
    retry(id: string): Promise<OperatorOutcome> {
      return inTransaction(db, async (tx) => {
        const row = await lockCommand(tx, id);
        if (!row) return { kind: 'not-found' };
        if (!(FAILED_STATES as readonly string[]).includes(row.state))
          return { kind: 'wrong-state', state: row.state };
        const prerequisites = await prerequisitesOf(tx, row);
        if (prerequisites.failed) return { kind: 'prerequisite-failed', ...prerequisites.failed };
        const to = prerequisites.done ? 'Pending' : 'Blocked';
        const [command] = await tx
          .update(c)
          .set({
            state: to,
            attempts: 0,
            message: null,
            startedDate: null,
            completedDate: null,
            canceledBecauseOf: null,
            lastDelaySeconds: null,
            lockedBy: null,
            progress: null,
            progressMessage: null,
            result: null,
            availableAt: sql`greatest(coalesce(${c.scheduledTime}, now()), now())`,
          })
          .where(and(eq(c.id, id), mayBecome(to, ['Error', 'Canceled'], sql`${c.state}`)))
          .returning();
        await restoreDependants(tx, id);
        return { kind: 'done', command: command! };
      });
    },

    /** Pending or Blocked → Canceled, and every command waiting for it is canceled too. */
    cancel(id: string, message: string): Promise<OperatorOutcome> {
      return inTransaction(db, async (tx) => {
        const row = await lockCommand(tx, id);
        if (!row) return { kind: 'not-found' };
        if (row.state !== 'Pending' && row.state !== 'Blocked')
          return { kind: 'wrong-state', state: row.state };
        const [command] = await tx
          .update(c)
          .set({ state: 'Canceled', completedDate: sql`now()`, message })
          .where(and(eq(c.id, id), mayBecome('Canceled', ['Pending', 'Blocked'], sql`${c.state}`)))
          .returning();
        await cascadeCancel(tx, [id]);
        return { kind: 'done', command: command! };
      });
    },

    /** Commands by id (the service re-reads after an action). */
    findByIds(ids: string[]) {
      return ids.length ? db.select().from(c).where(inArray(c.id, ids)) : Promise.resolve([]);
    },
  };
}
export type ProqOperatorRepo = ReturnType<typeof createProqOperatorRepo>;
