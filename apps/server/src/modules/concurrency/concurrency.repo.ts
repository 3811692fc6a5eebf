import { and, eq, gt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { queryRows } from '../../db/transaction.js';
import { entityActiveUsers as a, entityLocks as l } from './entity-lock.schema.js';

export type EntityKey = { entityType: string; entityId: string };

/**
 * Lock changes are single statements (an upsert whose WHERE says when it may win), so two
 * callers racing for the same entity can never both hold it, on any number of API processes.
 */
export function createConcurrencyRepo(db: Database) {
  return {
    /** Takes or renews the lease: free, expired, already ours, or our request went unanswered. */
    async take(key: EntityKey, userId: string, leaseMs: number, graceMs: number, force: boolean) {
      const rows = await queryRows<{ holder_user_id: string }>(
        db,
        sql`insert into entity_locks as l (entity_type, entity_id, holder_user_id, active_until)
            values (${key.entityType}, ${key.entityId}, ${userId}::uuid,
                    now() + ${leaseMs} * interval '1 millisecond')
            on conflict (entity_type, entity_id) do update set
              holder_user_id = excluded.holder_user_id,
              active_until = excluded.active_until,
              requester_user_id = case when l.holder_user_id = excluded.holder_user_id
                                       then l.requester_user_id end,
              requested_at = case when l.holder_user_id = excluded.holder_user_id
                                  then l.requested_at end
            where ${force}
               or l.holder_user_id = excluded.holder_user_id
               or l.active_until <= now()
               or (l.requester_user_id = excluded.holder_user_id
                   and l.requested_at <= now() - ${graceMs} * interval '1 millisecond')
            returning l.holder_user_id`,
      );
      return rows.length > 0;
    },

    /** Records a request on a lease someone else holds; false when there is none to ask for. */
    async request(key: EntityKey, userId: string): Promise<boolean> {
      const rows = await db
        .update(l)
        .set({
          requesterUserId: userId,
          requestedAt: sql`case when ${l.requesterUserId} = ${userId}::uuid
                                then ${l.requestedAt} else now() end`,
        })
        .where(
          and(
            eq(l.entityType, key.entityType),
            eq(l.entityId, key.entityId),
            gt(l.activeUntil, sql`now()`),
            sql`${l.holderUserId} <> ${userId}::uuid`,
          ),
        )
        .returning({ id: l.entityId });
      return rows.length > 0;
    },

    async clearRequest(key: EntityKey, holderUserId: string): Promise<boolean> {
      const rows = await db
        .update(l)
        .set({ requesterUserId: null, requestedAt: null })
        .where(
          and(
            eq(l.entityType, key.entityType),
            eq(l.entityId, key.entityId),
            eq(l.holderUserId, holderUserId),
          ),
        )
        .returning({ id: l.entityId });
      return rows.length > 0;
    },

    async release(key: EntityKey, holderUserId: string): Promise<boolean> {
      const rows = await db
        .delete(l)
        .where(
          and(
            eq(l.entityType, key.entityType),
            eq(l.entityId, key.entityId),
            eq(l.holderUserId, holderUserId),
          ),
        )
        .returning({ id: l.entityId });
      return rows.length > 0;
    },

    /** A viewer silent for longer than the window comes back as a new visit (since = now). */
    async heartbeat(key: EntityKey, userId: string, windowMs: number): Promise<void> {
      await db
        .insert(a)
        .values({ ...key, userId, lastSeenAt: sql`now()`, viewingSince: sql`now()` })
        .onConflictDoUpdate({
          target: [a.entityType, a.entityId, a.userId],
          set: {
            lastSeenAt: sql`now()`,
            viewingSince: sql`case when ${a.lastSeenAt} < now() - ${windowMs} * interval '1 millisecond'
                                   then now() else ${a.viewingSince} end`,
          },
        });
    },

    /** Forgets viewers gone for a while, so the table stays the size of the current audience. */
    async forgetInactive(olderThanMs: number): Promise<void> {
      await db
        .delete(a)
        .where(sql`${a.lastSeenAt} < now() - ${olderThanMs} * interval '1 millisecond'`);
    },
  };
}
