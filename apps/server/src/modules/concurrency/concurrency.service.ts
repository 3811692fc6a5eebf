import type { ActiveEntityUser, EntityLockStatus } from '@b2b/contract';
import type { Database } from '../../db/client.js';
import type { Actor } from '../../lib/actor.js';
import { AppError } from '../../lib/app-error.js';
import { createConcurrencyRepo, type EntityKey } from './concurrency.repo.js';

/** A lease lasts this long unless renewed; the edit screen renews it with every heartbeat. */
export const LEASE_MS = 30_000;
/** A request the holder has not denied within this time lets the requester take the lease. */
export const REQUEST_GRACE_MS = 15_000;
/** A viewer counts as active this long after their last 3-second heartbeat. */
export const ACTIVE_WINDOW_MS = 10_000;

/** Names entities for the active-users view; modules register their entity types. */
export type EntityNamer = (entityIds: string[]) => Promise<Map<string, string>>;

function fullName(given: string | null, surname: string | null, fallback: string | null) {
  return {
    first: given ?? fallback?.split(' ')[0] ?? null,
    last: surname ?? fallback?.split(' ').slice(1).join(' ') ?? null,
  };
}

export function createConcurrencyService(db: Database) {
  const repo = createConcurrencyRepo(db);
  const namers = new Map<string, EntityNamer>();

  async function status(key: EntityKey): Promise<EntityLockStatus> {
    const lock = await repo.activeLock(key);
    if (!lock) {
      return {
        exclusiveWriteAccess: false,
        activeUntilUtc: null,
        holderFirstName: null,
        holderLastName: null,
        emailAddress: null,
        holderUserId: null,
        requesterFirstName: null,
        requesterLastName: null,
        requesterEmailAddress: null,
        requesterUserId: null,
      };
    }
    const holderName = fullName(lock.holderGivenName, lock.holderSurname, lock.holderDisplayName);
    return {
      exclusiveWriteAccess: true,
      activeUntilUtc: lock.activeUntil.toISOString(),
      holderFirstName: holderName.first,
      holderLastName: holderName.last,
      emailAddress: lock.holderEmail,
      holderUserId: lock.holderUserId,
      requesterFirstName: lock.requesterGivenName,
      requesterLastName: lock.requesterSurname,
      requesterEmailAddress: lock.requesterEmail,
      requesterUserId: lock.requesterUserId,
    };
  }

  return {
    /** Lets a module name its entities (issuer names, usernames) in the active-users view. */
    registerEntityType(entityType: string, namer: EntityNamer): void {
      namers.set(entityType, namer);
    },

    status,
    tryTake: (actor: Actor, key: EntityKey) =>
      repo.take(key, actor.userId, LEASE_MS, REQUEST_GRACE_MS, false),
    force: (actor: Actor, key: EntityKey) =>
      repo.take(key, actor.userId, LEASE_MS, REQUEST_GRACE_MS, true),
    request: (actor: Actor, key: EntityKey) => repo.request(key, actor.userId),
    deny: (actor: Actor, key: EntityKey) => repo.clearRequest(key, actor.userId),
    release: (actor: Actor, key: EntityKey) => repo.release(key, actor.userId),

    async heartbeat(actor: Actor, key: EntityKey): Promise<boolean> {
      await repo.heartbeat(key, actor.userId);
      // Now and then a heartbeat also forgets viewers gone for an hour: the table stays the
      // size of the current audience without a scheduled job.
      if (Math.random() < 0.01) await repo.forgetInactive(60 * 60_000);
      return true;
    },

    async activeUsers(filter: Partial<EntityKey>): Promise<ActiveEntityUser[]> {
      const rows = await repo.activeUsers(filter, ACTIVE_WINDOW_MS);
      const names = new Map<string, string>();
      for (const type of new Set(rows.map((r) => r.entityType))) {
        const namer = namers.get(type);
        if (!namer) continue;
        const found = await namer(rows.filter((r) => r.entityType === type).map((r) => r.entityId));
        for (const [id, name] of found) names.set(`${type}:${id}`, name);
      }
      return rows.map((r) => ({
        userName: r.userName,
        scope: r.entityType,
        entityName: names.get(`${r.entityType}:${r.entityId}`) ?? r.entityId,
        exclusiveWriteAccess: r.exclusiveWriteAccess,
      }));
    },

    /**
     * The server-side guard every write to a lockable entity passes: while someone else holds
     * the lease the write is refused with 409, whatever the client shows.
     */
    async assertWritable(actor: Actor, key: EntityKey, what: string): Promise<void> {
      const lock = await repo.activeLock(key);
      if (!lock || lock.holderUserId === actor.userId) return;
      throw AppError.conflict(
        `${what} is being edited by ${lock.holderDisplayName} (${lock.holderEmail}) until ` +
          `${lock.activeUntil.toISOString()}. Ask them for write access or try again later.`,
      );
    },
  };
}
export type ConcurrencyService = ReturnType<typeof createConcurrencyService>;
