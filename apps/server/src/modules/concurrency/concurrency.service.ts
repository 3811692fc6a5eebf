import type { ActiveEntityUser, ActiveUserEntry, EntityLockStatus } from '@b2b/contract';
import type { Database } from '../../db/client.js';
import type { Actor } from '../../lib/actor.js';
import { AppError } from '../../lib/app-error.js';
import { createConcurrencyRepo, type EntityKey } from './concurrency.repo.js';
import { createEntityUsersRead } from './entity-users.read.js';

/** A lease lasts this long unless renewed; the edit screen renews it with every heartbeat. */
export const LEASE_MS = 30_000;
/** A request the holder has not denied within this time lets the requester take the lease. */
export const REQUEST_GRACE_MS = 15_000;
/** A viewer counts as active this long after their last 3-second heartbeat. */
export const ACTIVE_WINDOW_MS = 10_000;

/** Names entities for the active-users view; modules register their entity types. */
export type EntityNamer = (entityIds: string[]) => Promise<Map<string, string>>;
/** The issuers each entity belongs to: who outside the issuer area may see its viewers. */
export type EntityIssuers = (entityIds: string[]) => Promise<Map<string, readonly string[]>>;
export type EntityTypeRegistration = {
  names: EntityNamer;
  issuers: EntityIssuers;
  /** Ids of this type are UUIDs: others (a heartbeat may send any text) name nothing. */
  uuidIds?: boolean;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type Dependencies = {
  /** The issuers an actor may see; undefined = all of them (the issuers module's policy). */
  issuerScope: (actor: Actor) => readonly string[] | undefined;
};

function fullName(given: string | null, surname: string | null, fallback: string | null) {
  return {
    first: given ?? fallback?.split(' ')[0] ?? null,
    last: surname ?? fallback?.split(' ').slice(1).join(' ') ?? null,
  };
}

export function createConcurrencyService(db: Database, deps: Dependencies) {
  const repo = createConcurrencyRepo(db);
  const entityUsers = createEntityUsersRead(db);
  const entityTypes = new Map<string, EntityTypeRegistration>();

  type ViewerRow = Awaited<ReturnType<typeof entityUsers.activeUsers>>[number];

  /**
   * The viewers the actor may know about, with entity names. The issuer area sees everyone;
   * others only viewers of entities belonging to one of their issuers, so nobody learns who
   * looks at another bank's records. Entity types no module registered (a heartbeat may name
   * anything) are for the issuer area only.
   */
  async function visibleViewers(actor: Actor, rows: ViewerRow[]) {
    const scope = deps.issuerScope(actor);
    const names = new Map<string, string>();
    const allowed = new Set<string>();
    for (const type of new Set(rows.map((r) => r.entityType))) {
      const registration = entityTypes.get(type);
      if (!registration) continue;
      const ids = [
        ...new Set(rows.filter((r) => r.entityType === type).map((r) => r.entityId)),
      ].filter((id) => !registration.uuidIds || UUID.test(id));
      const owners = scope ? await registration.issuers(ids) : undefined;
      const visibleIds = owners
        ? ids.filter((id) => owners.get(id)?.some((issuerId) => scope!.includes(issuerId)))
        : ids;
      for (const id of visibleIds) allowed.add(`${type}:${id}`);
      const found = visibleIds.length > 0 ? await registration.names(visibleIds) : new Map();
      for (const [id, name] of found) names.set(`${type}:${id}`, name);
    }
    return rows
      .filter((r) => (scope ? allowed.has(`${r.entityType}:${r.entityId}`) : true))
      .map((r) => ({
        row: r,
        entityName: names.get(`${r.entityType}:${r.entityId}`) ?? r.entityId,
      }));
  }

  async function status(key: EntityKey): Promise<EntityLockStatus> {
    const lock = await entityUsers.activeLock(key);
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
    /**
     * Lets a module name its entities (issuer names, usernames) in the active-users views and
     * say which issuers they belong to.
     */
    registerEntityType(entityType: string, registration: EntityTypeRegistration): void {
      entityTypes.set(entityType, registration);
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
      await repo.heartbeat(key, actor.userId, ACTIVE_WINDOW_MS);
      // Now and then a heartbeat also forgets viewers gone for an hour: the table stays the
      // size of the current audience without a scheduled job.
      if (Math.random() < 0.01) await repo.forgetInactive(60 * 60_000);
      return true;
    },

    /** Viewers of one entity (or type), as the edit screens show them. */
    async activeUsers(actor: Actor, filter: Partial<EntityKey>): Promise<ActiveEntityUser[]> {
      const rows = await entityUsers.activeUsers(filter, ACTIVE_WINDOW_MS);
      return (await visibleViewers(actor, rows)).map(({ row, entityName }) => ({
        userName: row.userName,
        scope: row.entityType,
        entityName,
        exclusiveWriteAccess: row.exclusiveWriteAccess,
      }));
    },

    /** Everyone on any entity the actor may see, and since when (the navbar quick view). */
    async activeUserEntries(actor: Actor): Promise<ActiveUserEntry[]> {
      const rows = await entityUsers.activeUsers({}, ACTIVE_WINDOW_MS);
      return (await visibleViewers(actor, rows)).map(({ row, entityName }) => ({
        userId: row.userId,
        userName: row.userName,
        displayName: row.displayName,
        email: row.email,
        entityType: row.entityType,
        entityId: row.entityId,
        entityName,
        since: row.since.toISOString(),
        lastSeenAt: row.lastSeenAt.toISOString(),
        exclusiveWriteAccess: row.exclusiveWriteAccess,
      }));
    },

    /**
     * The server-side guard every write to a lockable entity passes: while someone else holds
     * the lease the write is refused with 409, whatever the client shows.
     */
    async assertWritable(actor: Actor, key: EntityKey, what: string): Promise<void> {
      const lock = await entityUsers.activeLock(key);
      if (!lock || lock.holderUserId === actor.userId) return;
      throw AppError.conflict(
        `${what} is being edited by ${lock.holderDisplayName} (${lock.holderEmail}) until ` +
          `${lock.activeUntil.toISOString()}. Ask them for write access or try again later.`,
      );
    },
  };
}
export type ConcurrencyService = ReturnType<typeof createConcurrencyService>;
