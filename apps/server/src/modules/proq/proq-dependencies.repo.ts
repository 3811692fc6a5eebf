import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { queryRows } from '../../db/transaction.js';
import { idList, mayBecome, textList } from './proq-sql.repo.js';

const MAX_CHAIN_DEPTH = 1000;

/**
 * Blocked dependants of commands that just completed become Pending when all their
 * prerequisites (command and whole batch) are Completed.
 */
export async function unblockDependants(
  tx: Database,
  completed: { ids: readonly string[]; batchIds: readonly string[] },
): Promise<number> {
  const triggers: SQL[] = [];
  if (completed.ids.length) triggers.push(sql`d.prerequisite in (${idList(completed.ids)})`);
  if (completed.batchIds.length)
    triggers.push(sql`d.prerequisite_batch_id in (${textList(completed.batchIds)})`);
  if (triggers.length === 0) return 0;
  return unblockWhere(tx, sql`(${sql.join(triggers, sql` or `)})`);
}

async function unblockWhere(tx: Database, scope: SQL): Promise<number> {
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`update proq_commands d set state = 'Pending',
          available_at = greatest(coalesce(d.scheduled_time, now()), now())
        where ${mayBecome('Pending', ['Blocked'], sql`d.state`)}
          and ${scope}
          and (d.prerequisite is null or exists (
            select 1 from proq_commands p where p.id = d.prerequisite and p.state = 'Completed'))
          and (d.prerequisite_batch_id is null or not exists (
            select 1 from proq_commands b
            where b.batch_id = d.prerequisite_batch_id and b.state <> 'Completed'))
        returning d.id`,
  );
  return rows.length;
}

/**
 * Cancels, level by level, every Blocked command waiting on the given ended commands (by
 * prerequisite or batch), with a message naming the prerequisite and how it ended.
 */
export async function cascadeCancel(tx: Database, endedIds: readonly string[]): Promise<number> {
  let frontier = [...endedIds];
  let canceled = 0;
  for (let depth = 0; frontier.length > 0 && depth < MAX_CHAIN_DEPTH; depth++) {
    const rows = await queryRows<{ id: string }>(
      tx,
      sql`update proq_commands d set state = 'Canceled', completed_date = now(),
            canceled_because_of = p.id,
            message = case when d.prerequisite = p.id
              then format('Canceled because its prerequisite command %s (%s) ended in %s',
                          p.id, p.command_type, p.state)
              else format('Canceled because command %s (%s) of its prerequisite batch %s ended in %s',
                          p.id, p.command_type, p.batch_id, p.state) end
          from proq_commands p
          where p.id in (${idList(frontier)}) and p.state in ('Error', 'Canceled')
            and ${mayBecome('Canceled', ['Blocked'], sql`d.state`)}
            and (d.prerequisite = p.id
                 or (p.batch_id is not null and d.prerequisite_batch_id = p.batch_id))
          returning d.id`,
    );
    canceled += rows.length;
    frontier = rows.map((r) => r.id);
  }
  return canceled;
}

/** A retried command's dependants, canceled because of it, wait for it again (Blocked). */
export async function restoreDependants(tx: Database, retriedId: string): Promise<number> {
  let frontier = [retriedId];
  let restored = 0;
  for (let depth = 0; frontier.length > 0 && depth < MAX_CHAIN_DEPTH; depth++) {
    const rows = await queryRows<{ id: string }>(
      tx,
      sql`update proq_commands set state = 'Blocked', message = null, completed_date = null,
            canceled_because_of = null, attempts = 0, last_delay_seconds = null
          where canceled_because_of in (${idList(frontier)}) and ${mayBecome('Blocked', ['Canceled'])}
          returning id`,
    );
    restored += rows.length;
    frontier = rows.map((r) => r.id);
  }
  return restored;
}

/**
 * Safety net run by the workers' maintenance: unblocks Blocked commands whose prerequisites
 * all completed and cancels those whose prerequisite failed, whatever interleaving missed them.
 */
export async function sweepBlocked(tx: Database): Promise<{ unblocked: number; canceled: number }> {
  const unblocked = await unblockWhere(tx, sql`true`);
  const failed = await queryRows<{ id: string }>(
    tx,
    sql`select distinct p.id from proq_commands d join proq_commands p
          on p.id = d.prerequisite
             or (d.prerequisite_batch_id is not null and p.batch_id = d.prerequisite_batch_id)
        where d.state = 'Blocked' and p.state in ('Error', 'Canceled')`,
  );
  const canceled = failed.length
    ? await cascadeCancel(
        tx,
        failed.map((r) => r.id),
      )
    : 0;
  return { unblocked, canceled };
}
