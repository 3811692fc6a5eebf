import { and, eq, gt, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.js';
import { queryRows } from '../../db/transaction.js';
import { users } from '../users/user.schema.js';
import { entityActiveUsers as a, entityLocks as l } from './entity-lock.schema.js';

export type EntityKey = { entityType: string; entityId: string };

const holder = alias(users, 'holder');
const requester = alias(users, 'requester');

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

    /** The live lease of an entity with holder and requester names, if any. */
    async activeLock(key: EntityKey) {
      const [row] = await db
        .select({
          activeUntil: l.activeUntil,
          holderUserId: l.holderUserId,
          holderGivenName: holder.givenName,
          holderSurname: holder.surname,
          holderDisplayName: holder.displayName,
          holderEmail: holder.email,
          requesterUserId: l.requesterUserId,
          requesterGivenName: requester.givenName,
          requesterSurname: requester.surname,
          requesterEmail: requester.email,
        })
        .from(l)
        .innerJoin(holder, eq(holder.id, l.holderUserId))
        .leftJoin(requester, eq(requester.id, l.requesterUserId))
        .where(
          and(
            eq(l.entityType, key.entityType),
            eq(l.entityId, key.entityId),
            gt(l.activeUntil, sql`now()`),
          ),
        );
      return row;
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

    /** Viewers seen within the window, with whether they hold the entity's lease. */
    activeUsers(filter: Partial<EntityKey>, windowMs: number) {
      return db
        .select({
          entityType: a.entityType,
          entityId: a.entityId,
          userId: a.userId,
          userName: users.username,
          displayName: users.displayName,
          email: users.email,
          since: a.viewingSince,
          lastSeenAt: a.lastSeenAt,
          exclusiveWriteAccess: sql<boolean>`coalesce(${l.holderUserId} = ${a.userId}
            and ${l.activeUntil} > now(), false)`,
        })
        .from(a)
        .innerJoin(users, eq(users.id, a.userId))
        .leftJoin(l, and(eq(l.entityType, a.entityType), eq(l.entityId, a.entityId)))
        .where(
          and(
            gt(a.lastSeenAt, sql`now() - ${windowMs} * interval '1 millisecond'`),
            filter.entityType ? eq(a.entityType, filter.entityType) : undefined,
            filter.entityId ? eq(a.entityId, filter.entityId) : undefined,
          ),
        )
        .orderBy(a.entityType, a.entityId, users.username)
        .limit(500);
    },

    /** Forgets viewers gone for a while, so the table stays the size of the current audience. */
    async forgetInactive(olderThanMs: number): Promise<void> {
      await db
        .delete(a)
        .where(sql`${a.lastSeenAt} < now() - ${olderThanMs} * interval '1 millisecond'`);
    },
  };
}
