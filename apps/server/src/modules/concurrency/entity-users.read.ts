import { and, eq, gt, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.js';
import { users } from '../users/user.schema.js';
import type { EntityKey } from './concurrency.repo.js';
import { entityActiveUsers as a, entityLocks as l } from './entity-lock.schema.js';

/**
 * Read model: entity write locks and viewers shown with their users' names (SPEC §3 entity
 * lock status, §4 entity write lock). Reads entity_locks and entity_active_users (this module) and users
 * (users module), one query each: a lock refusal names its holder in the same round trip.
 */

const holder = alias(users, 'holder');
const requester = alias(users, 'requester');

export function createEntityUsersRead(db: Database) {
  return {
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

    /** The live lease of an entity with holder and requester names, if any. */
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
  };
}
