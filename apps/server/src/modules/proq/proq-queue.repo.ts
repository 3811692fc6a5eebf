import type { CommandState } from '@b2b/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { inTransaction, queryRows } from '../../db/transaction.js';
import { proqCommands as c } from './proq-command.schema.js';
import { cascadeCancel, sweepBlocked, unblockDependants } from './proq-dependencies.repo.js';
import { lockBatches, mayBecome, relaxDurability } from './proq-sql.repo.js';
import { initialStates, type PrerequisiteFacts } from './initial-state.js';

export type ProqCommandRow = typeof c.$inferSelect;
export type NewCommandRow = Omit<typeof c.$inferInsert, 'state'> & { id: string };

/** Identifies one attempt: late writes of an earlier attempt or another worker match nothing. */
export type AttemptRef = { id: string; attempt: number; batchId: string | null };

const INSERT_CHUNK = 1000;
const unique = <T>(values: readonly (T | null | undefined)[]) => [
  ...new Set(values.filter((v): v is T => v !== null && v !== undefined)),
];

/**
 * The queue's writes after the claim: enqueue, complete, fail, release, recover. Every state
 * change is guarded by the transition table (mayBecome) and fenced by worker and attempt.
 */
export function createProqQueueRepo(db: Database) {
  return {
    /**
     * Inserts commands in their initial state (Pending, Blocked, or Canceled when a
     * prerequisite already failed). Prerequisites inside the same call must come earlier.
     * A scheduleKey already present skips that command (returned rows omit it).
     */
    enqueue(commands: readonly NewCommandRow[]): Promise<ProqCommandRow[]> {
      return inTransaction(db, async (tx) => {
        const batchIds = unique(commands.map((cmd) => cmd.prerequisiteBatchId));
        await lockBatches(tx, batchIds);
        const ownIds = new Set(commands.map((cmd) => cmd.id));
        const external = unique(commands.map((cmd) => cmd.prerequisite)).filter(
          (id) => !ownIds.has(id),
        );
        const facts: PrerequisiteFacts = {
          commands: external.length
            ? await tx
                .select({ id: c.id, state: c.state, commandType: c.commandType })
                .from(c)
                .where(inArray(c.id, external))
                .for('share')
            : [],
          batches: batchIds.length
            ? await tx
                .select({
                  batchId: c.batchId,
                  state: c.state,
                  id: sql<string>`min(${c.id}::text)`,
                  commandType: sql<string>`min(${c.commandType})`,
                })
                .from(c)
                .where(inArray(c.batchId, batchIds))
                .groupBy(c.batchId, c.state)
            : [],
        };
        const rows = initialStates(commands, facts).map((s, i) => ({ ...commands[i]!, ...s }));
        const inserted: ProqCommandRow[] = [];
        for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
          inserted.push(
            ...(await tx
              .insert(c)
              .values(rows.slice(i, i + INSERT_CHUNK))
              .onConflictDoNothing({
                target: c.scheduleKey,
                where: sql`${c.scheduleKey} is not null`,
              })
              .returning()),
          );
        }
        return inserted;
      });
    },

    /**
     * Marks attempts Completed and unblocks their dependants; returns how many it completed.
     * Written without waiting for the disk flush (see relaxDurability).
     */
    complete(
      workerId: string,
      items: readonly (AttemptRef & { message: string | null; result: unknown })[],
    ): Promise<number> {
      return inTransaction(db, async (tx) => {
        await relaxDurability(tx);
        await lockBatches(
          tx,
          items.map((i) => i.batchId),
        );
        const values = items.map((i) => ({
          id: i.id,
          attempt: i.attempt,
          message: i.message,
          result: i.result ?? null,
        }));
        const done = await queryRows<{ id: string; batch_id: string | null }>(
          tx,
          sql`update proq_commands c set state = 'Completed', completed_date = now(),
                message = v.message, result = v.result, progress = 100, locked_by = null,
                last_delay_seconds = null
              from jsonb_to_recordset(${JSON.stringify(values)}::jsonb)
                as v(id uuid, attempt int, message text, result jsonb)
              where c.id = v.id and c.attempts = v.attempt and c.locked_by = ${workerId}
                and ${mayBecome('Completed', ['InProgress'], sql`c.state`)}
              returning c.id, c.batch_id`,
        );
        await unblockDependants(tx, {
          ids: done.map((d) => d.id),
          batchIds: unique(done.map((d) => d.batch_id)),
        });
        return done.length;
      });
    },

    /** A failed attempt waits out its back-off as Pending. False when the attempt was fenced. */
    async scheduleRetry(
      workerId: string,
      ref: AttemptRef,
      delaySeconds: number,
      message: string,
    ): Promise<boolean> {
      const rows = await db
        .update(c)
        .set({
          state: 'Pending',
          availableAt: sql`now() + make_interval(secs => ${delaySeconds})`,
          lastDelaySeconds: delaySeconds,
          message,
          lockedBy: null,
        })
        .where(attemptGuard(workerId, ref, 'Pending'))
        .returning({ id: c.id });
      return rows.length > 0;
    },

    /** The command ends in Error and its dependants are canceled with a message naming it. */
    endInError(
      workerId: string,
      ref: AttemptRef,
      message: string,
      result: unknown = null,
    ): Promise<boolean> {
      return inTransaction(db, async (tx) => {
        await lockBatches(tx, [ref.batchId]);
        const rows = await tx
          .update(c)
          .set({ state: 'Error', completedDate: sql`now()`, message, result, lockedBy: null })
          .where(attemptGuard(workerId, ref, 'Error'))
          .returning({ id: c.id });
        if (rows.length > 0) await cascadeCancel(tx, [ref.id]);
        return rows.length > 0;
      });
    },

    /** Hands claimed commands back at shutdown; the unfinished attempt does not count. */
    async release(workerId: string, refs: readonly AttemptRef[], message: string): Promise<number> {
      let released = 0;
      for (const ref of refs) {
        const rows = await db
          .update(c)
          .set({
            state: 'Pending',
            attempts: sql`${c.attempts} - 1`,
            startedDate: null,
            availableAt: sql`now()`,
            lockedBy: null,
            message,
          })
          .where(attemptGuard(workerId, ref, 'Pending'))
          .returning({ id: c.id });
        released += rows.length;
      }
      return released;
    },

    /** Returns a dead worker's stuck attempt to Pending (retried at once). */
    async returnStuck(ref: AttemptRef, lockedBy: string, message: string): Promise<boolean> {
      const rows = await db
        .update(c)
        .set({ state: 'Pending', availableAt: sql`now()`, lockedBy: null, message })
        .where(attemptGuard(lockedBy, ref, 'Pending'))
        .returning({ id: c.id });
      return rows.length > 0;
    },

    /**
     * InProgress commands whose worker stopped heart-beating (no heartbeat within
     * `staleSeconds`, or no worker row at all), once they have run for their stuck time-out or
     * for `staleSeconds`, whichever is shorter. A dead worker is proof enough: waiting out a long
     * time-out (an hour for a job step) would hold up its processing group — every other job —
     * for that long. A live worker enforces the time-out on its own attempts.
     */
    findStuck(staleSeconds: number) {
      return db
        .select({
          id: c.id,
          attempt: c.attempts,
          maxAttempts: c.maxAttempts,
          batchId: c.batchId,
          lockedBy: c.lockedBy,
          commandType: c.commandType,
        })
        .from(c)
        .where(
          and(
            eq(c.state, 'InProgress'),
            sql`${c.startedDate} < now() - make_interval(secs => least(${c.stuckTimeOutInSeconds}::float8, ${staleSeconds}::float8))`,
            sql`not exists (select 1 from proq_workers w where w.id = ${c.lockedBy}
                  and w.heartbeat_at > now() - make_interval(secs => ${staleSeconds}))`,
          ),
        )
        .limit(500);
    },

    /** Progress of a running attempt (no state change). */
    async setProgress(workerId: string, ref: AttemptRef, percent: number, message?: string) {
      await db
        .update(c)
        .set({ progress: percent, progressMessage: message ?? null })
        .where(
          and(
            eq(c.id, ref.id),
            eq(c.attempts, ref.attempt),
            eq(c.lockedBy, workerId),
            eq(c.state, 'InProgress'),
          ),
        );
    },

    /** The safety net for dependants: see sweepBlocked. */
    sweepBlocked: () => inTransaction(db, (tx) => sweepBlocked(tx)),
  };
}
export type ProqQueueRepo = ReturnType<typeof createProqQueueRepo>;

/** The attempt is still this worker's and InProgress, and may become `to`. */
function attemptGuard(workerId: string, ref: AttemptRef, to: CommandState) {
  return and(
    eq(c.id, ref.id),
    eq(c.attempts, ref.attempt),
    eq(c.lockedBy, workerId),
    mayBecome(to, ['InProgress'], sql`${c.state}`),
  );
}
