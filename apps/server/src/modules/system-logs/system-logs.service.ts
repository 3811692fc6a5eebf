import type { PagedListRequest, SystemLogEntry } from '@b2b/contract';
import type { Database } from '../../db/client.js';
import { pagedResponse } from '../../db/paged-query.js';
import type { Actor } from '../../lib/actor.js';
import { createSystemLogsRepo } from './system-logs.repo.js';

export type AuditEntry = {
  action: string;
  entityType: string;
  entityId: string;
  entityName?: string | null;
  before?: unknown;
  after?: unknown;
};

/** Dates and other non-JSON values become plain JSON, so before/after read the same later. */
function snapshot(value: unknown): unknown {
  return value === undefined ? null : JSON.parse(JSON.stringify(value));
}

/** The audit trail every administrative change writes to (who, what, when, before/after). */
export function createSystemLogsService(db: Database) {
  const repo = createSystemLogsRepo(db);
  return {
    /**
     * Records one change; pass the transaction so the entry commits with the change. A null user
     * id: nobody signed in acted (a public link), `username` says how.
     */
    async record(
      actor: { userId: string | null; username: Actor['username'] },
      entry: AuditEntry,
      tx?: Database,
    ) {
      await repo.insert(
        {
          actorUserId: actor.userId,
          actorUsername: actor.username,
          action: entry.action,
          entityType: entry.entityType,
          entityId: entry.entityId,
          entityName: entry.entityName ?? null,
          before: snapshot(entry.before),
          after: snapshot(entry.after),
        },
        tx,
      );
    },

    async list(request: PagedListRequest) {
      const { rows, totalCount } = await repo.list(request);
      const collection: SystemLogEntry[] = rows.map((r) => ({
        ...r,
        at: r.at.toISOString(),
        before: r.before ?? null,
        after: r.after ?? null,
      }));
      return pagedResponse(collection, totalCount, request);
    },
  };
}
export type SystemLogsService = ReturnType<typeof createSystemLogsService>;
