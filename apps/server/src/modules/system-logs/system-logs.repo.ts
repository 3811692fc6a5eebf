import type { PagedListRequest } from '@b2b/contract';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { type ListColumn, pagedQueryParts, plainFilterFields } from '../../db/paged-query.js';
import { systemLogs as l } from './system-log.schema.js';

export type NewSystemLog = typeof l.$inferInsert;

const LIST_COLUMNS: Record<string, ListColumn> = {
  id: { column: l.id, kind: 'number' },
  at: { column: l.at, kind: 'date' },
  actorUserId: { column: l.actorUserId, kind: 'uuid' },
  actorUsername: { column: l.actorUsername, kind: 'text' },
  action: { column: l.action, kind: 'text' },
  entityType: { column: l.entityType, kind: 'text' },
  entityId: { column: l.entityId, kind: 'text' },
  entityName: { column: l.entityName, kind: 'text' },
  before: { column: l.before, kind: 'json' },
  after: { column: l.after, kind: 'json' },
};

export function createSystemLogsRepo(db: Database) {
  return {
    async insert(row: NewSystemLog, tx: Database = db): Promise<void> {
      await tx.insert(l).values(row);
    },
    async list(request: PagedListRequest) {
      const parts = pagedQueryParts(request, LIST_COLUMNS, {
        fields: plainFilterFields,
        defaultOrder: [sql`${l.at} desc`],
        tieBreaker: sql`${l.id} desc`,
      });
      const rows = await db
        .select()
        .from(l)
        .where(parts.where)
        .orderBy(...parts.orderBy)
        .limit(parts.limit)
        .offset(parts.offset);
      const [total] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(l)
        .where(parts.where);
      return { rows, totalCount: total?.n ?? 0 };
    },
  };
}
