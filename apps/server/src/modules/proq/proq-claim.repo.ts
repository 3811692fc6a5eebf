import { and, eq, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { inTransaction } from '../../db/transaction.js';
import { proqCommands as c } from './proq-command.schema.js';
import type { ProqCommandRow } from './proq-queue.repo.js';
import { lockProcessingGroup, mayBecome, relaxDurability } from './proq-sql.repo.js';

export type GroupLimits = { limits: Record<string, number>; defaultLimit: number };

const claimOrder = [sql`${c.priority} desc nulls last`, c.availableAt] as const;

/** Due, Pending, of a type this worker runs, and neither the queue nor its job paused. */
function eligible(commandTypes: readonly string[]) {
  return and(
    eq(c.state, 'Pending'),
    lte(c.availableAt, sql`now()`),
    inArray(c.commandType, [...commandTypes]),
    sql`not exists (select 1 from proq_pauses where scope = 'queue')`,
    sql`(${c.jobId} is null or ${c.jobId}::text not in (select scope from proq_pauses))`,
  );
}

function toInProgress(workerId: string) {
  return {
    state: 'InProgress',
    startedDate: sql`now()`,
    lockedBy: workerId,
    attempts: sql`${c.attempts} + 1`,
    progress: null,
    progressMessage: null,
  };
}

/** The claim: how a worker takes commands, highest priority first, never one twice. */
export function createProqClaimRepo(db: Database) {
  /**
   * Locks the due rows first (FOR UPDATE SKIP LOCKED), then updates exactly those. Not one
   * `UPDATE … WHERE id IN (SELECT … SKIP LOCKED LIMIT n)`: PostgreSQL may re-run such a
   * subquery per outer row, and with SKIP LOCKED each run finds other rows — claiming more
   * than n.
   */
  async function claimUngrouped(
    tx: Database,
    workerId: string,
    types: readonly string[],
    n: number,
  ) {
    const due = await tx
      .select({ id: c.id })
      .from(c)
      .where(and(eligible(types), isNull(c.processingGroup)))
      .orderBy(...claimOrder)
      .limit(n)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    await relaxDurability(tx);
    return tx
      .update(c)
      .set(toInProgress(workerId))
      .where(
        and(
          inArray(
            c.id,
            due.map((d) => d.id),
          ),
          mayBecome('InProgress', ['Pending'], sql`${c.state}`),
        ),
      )
      .returning();
  }

  /**
   * Processing groups: candidates of groups not yet full, then per group (sorted) an advisory
   * lock, a fresh count of its running commands and admission of what still fits. The lock
   * serialises admissions of one group across workers, so its limit holds.
   */
  async function claimGrouped(
    tx: Database,
    workerId: string,
    types: readonly string[],
    n: number,
    groups: GroupLimits,
  ): Promise<ProqCommandRow[]> {
    const limitOf = sql`coalesce((${JSON.stringify(groups.limits)}::jsonb ->> g.processing_group)::int, ${groups.defaultLimit})`;
    const candidates = await tx
      .select({ id: c.id, group: c.processingGroup })
      .from(c)
      .where(
        and(
          eligible(types),
          isNotNull(c.processingGroup),
          sql`${c.processingGroup} not in (
            select g.processing_group from proq_commands g
            where g.state = 'InProgress' and g.processing_group is not null
            group by g.processing_group having count(*) >= ${limitOf})`,
        ),
      )
      .orderBy(...claimOrder)
      .limit(n)
      .for('update', { skipLocked: true });
    if (candidates.length === 0) return [];
    const admitted: string[] = [];
    for (const group of [...new Set(candidates.map((cand) => cand.group!))].sort()) {
      await lockProcessingGroup(tx, group);
      const [running] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(c)
        .where(and(eq(c.state, 'InProgress'), eq(c.processingGroup, group)));
      const room = (groups.limits[group] ?? groups.defaultLimit) - (running?.n ?? 0);
      const members = candidates.filter((cand) => cand.group === group).map((cand) => cand.id);
      admitted.push(...members.slice(0, Math.max(0, room)));
    }
    if (admitted.length === 0) return [];
    await relaxDurability(tx);
    return tx
      .update(c)
      .set(toInProgress(workerId))
      .where(and(inArray(c.id, admitted), mayBecome('InProgress', ['Pending'], sql`${c.state}`)))
      .returning();
  }

  return {
    /**
     * Claims up to `limit` due Pending commands for a worker, highest priority first, skipping
     * rows other workers hold (FOR UPDATE SKIP LOCKED), paused jobs and full groups.
     */
    claim(
      workerId: string,
      commandTypes: readonly string[],
      limit: number,
      groups: GroupLimits,
    ): Promise<ProqCommandRow[]> {
      return inTransaction(db, async (tx) => {
        const claimed = await claimUngrouped(tx, workerId, commandTypes, limit);
        if (claimed.length < limit) {
          claimed.push(
            ...(await claimGrouped(tx, workerId, commandTypes, limit - claimed.length, groups)),
          );
        }
        return claimed.sort(
          (a, b) => b.priority - a.priority || a.availableAt.getTime() - b.availableAt.getTime(),
        );
      });
    },

    /**
     * This worker's InProgress commands older than `seconds`: the worker compares them with
     * what it runs, and hands back any whose outcome the database does not have.
     */
    findClaimedBy(workerId: string, seconds: number) {
      return db
        .select({ id: c.id, attempt: c.attempts, batchId: c.batchId })
        .from(c)
        .where(
          and(
            eq(c.state, 'InProgress'),
            eq(c.lockedBy, workerId),
            sql`${c.startedDate} < now() - make_interval(secs => ${seconds})`,
          ),
        );
    },
  };
}
