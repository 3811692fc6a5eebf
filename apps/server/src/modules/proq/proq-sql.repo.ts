import type { CommandState } from '@b2b/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { legalSourcesOf } from './command-states.js';

/** Advisory-lock namespaces (first key of pg_advisory_xact_lock). */
const BATCH_LOCK = 7351;
const GROUP_LOCK = 7352;

export function idList(ids: readonly string[]): SQL {
  return sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
}

export function textList(values: readonly string[]): SQL {
  return sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );
}

/**
 * The guard every state-changing statement carries: `state in (from)`, where each `from` must
 * be a legal source of `to` in the transition table (an illegal pair throws before any SQL
 * runs, so the tests catch it). With the guard in the WHERE clause a racing process can never
 * make an illegal change: the row simply no longer matches.
 */
export function mayBecome(
  to: CommandState,
  from: readonly CommandState[],
  column: SQL = sql`state`,
): SQL {
  const legal = legalSourcesOf(to);
  const illegal = from.filter((f) => !legal.includes(f));
  if (illegal.length > 0) throw new Error(`Illegal ProQ transition ${illegal.join(', ')} → ${to}`);
  return sql`${column} in (${textList(from)})`;
}

/**
 * Serialises everything that decides a batch's completeness: completing or failing a member,
 * and enqueuing a command that waits for the batch. Transactions take these locks (sorted)
 * before any row lock.
 */
export async function lockBatches(tx: Database, batchIds: readonly (string | null)[]) {
  const unique = [...new Set(batchIds.filter((b): b is string => !!b))].sort();
  for (const batchId of unique) {
    await tx.execute(sql`select pg_advisory_xact_lock(${BATCH_LOCK}, hashtext(${batchId}))`);
  }
}

/** Serialises the admission of commands of one processing group (see the claim). */
export async function lockProcessingGroup(tx: Database, group: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(${GROUP_LOCK}, hashtext(${group}))`);
}

/**
 * Claims and completions do not wait for the WAL flush (synchronous_commit = off): the commit
 * costs no disk wait, and a database crash can only forget the last fraction of a second of
 * them. A forgotten claim leaves the command Pending; a forgotten completion leaves it
 * InProgress under a live worker, whose orphan check hands it back. Either way it runs again,
 * and handlers are idempotent. Enqueues and failures keep full durability. (A read-only
 * transaction, like an idle claim, has no commit to wait for: set it only before a write.)
 */
export async function relaxDurability(tx: Database) {
  await tx.execute(sql`set local synchronous_commit = off`);
}
