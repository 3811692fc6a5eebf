import type { PagedListRequest } from '@b2b/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { type ListColumn, pagedQueryParts, plainFilterFields } from '../../db/paged-query.js';
import { buyers, issuers } from './issuer.schema.js';

export type BuyerRow = typeof buyers.$inferSelect;

const LIST_COLUMNS: Record<string, ListColumn> = {
  id: { column: buyers.id, kind: 'uuid' },
  name: { column: buyers.name, kind: 'text' },
  issuerId: { column: buyers.issuerId, kind: 'uuid' },
  issuerName: { column: issuers.name, kind: 'text' },
  countryIso3: { column: buyers.countryIso3, kind: 'text' },
};

const columns = {
  id: buyers.id,
  issuerId: buyers.issuerId,
  name: buyers.name,
  countryIso3: buyers.countryIso3,
  issuerName: issuers.name,
};

export function createBuyersRepo(db: Database) {
  return {
    /** Names and issuers of buyers, for the entity-lock views. */
    async refsByIds(ids: string[]) {
      if (ids.length === 0) return [];
      return db
        .select({ id: buyers.id, name: buyers.name, issuerId: buyers.issuerId })
        .from(buyers)
        .where(inArray(buyers.id, ids));
    },
    async findById(id: string) {
      const [row] = await db
        .select(columns)
        .from(buyers)
        .innerJoin(issuers, eq(issuers.id, buyers.issuerId))
        .where(eq(buyers.id, id));
      return row;
    },
    /** The buyer of this name of the issuer with this key (exactly as stored). */
    async findByIssuerKey(issuerKey: string, name: string) {
      const [row] = await db
        .select({ id: buyers.id, issuerId: buyers.issuerId })
        .from(buyers)
        .innerJoin(issuers, eq(issuers.id, buyers.issuerId))
        .where(and(eq(issuers.issuerKey, issuerKey), eq(buyers.name, name)));
      return row;
    },
    async list(request: PagedListRequest, scope?: readonly string[]) {
      const parts = pagedQueryParts(request, LIST_COLUMNS, {
        fields: plainFilterFields,
        defaultOrder: [sql`${buyers.name} asc`],
        tieBreaker: sql`${buyers.id}`,
      });
      const where = and(scope ? inArray(buyers.issuerId, [...scope]) : undefined, parts.where);
      const rows = await db
        .select(columns)
        .from(buyers)
        .innerJoin(issuers, eq(issuers.id, buyers.issuerId))
        .where(where)
        .orderBy(...parts.orderBy)
        .limit(parts.limit)
        .offset(parts.offset);
      const [total] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(buyers)
        .innerJoin(issuers, eq(issuers.id, buyers.issuerId))
        .where(where);
      return { rows, totalCount: total?.n ?? 0 };
    },
    async insert(row: typeof buyers.$inferInsert): Promise<BuyerRow> {
      const [created] = await db.insert(buyers).values(row).returning();
      return created!;
    },
    async update(id: string, changes: Partial<typeof buyers.$inferInsert>) {
      const [row] = await db.update(buyers).set(changes).where(eq(buyers.id, id)).returning();
      return row;
    },
    async delete(id: string): Promise<void> {
      await db.delete(buyers).where(eq(buyers.id, id));
    },
  };
}
