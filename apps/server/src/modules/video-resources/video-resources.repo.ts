import { type SQL, and, arrayContains, arrayOverlaps, desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { escapeLike } from '../../db/paged-query.js';
import { videoResources } from './video-resource.schema.js';

export type VideoResourceRow = typeof videoResources.$inferSelect;
export type NewVideoResourceRow = typeof videoResources.$inferInsert;

const V = videoResources;

/** Title, description or one of the tags contains the text (any case). */
function matches(search: string | undefined): SQL | undefined {
  if (!search) return undefined;
  const pattern = `%${escapeLike(search)}%`;
  return or(
    ilike(V.title, pattern),
    ilike(V.description, pattern),
    sql`exists (select 1 from unnest(${V.tags}) as t(tag) where t.tag ilike ${pattern})`,
  );
}

export function createVideoResourcesRepo(db: Database) {
  return {
    async insert(values: NewVideoResourceRow): Promise<VideoResourceRow> {
      const [row] = await db.insert(V).values(values).returning();
      return row!;
    },
    async update(id: string, values: Partial<NewVideoResourceRow>) {
      const [row] = await db.update(V).set(values).where(eq(V.id, id)).returning();
      return row;
    },
    async find(id: string): Promise<VideoResourceRow | undefined> {
      const [row] = await db.select().from(V).where(eq(V.id, id));
      return row;
    },
    async delete(id: string): Promise<VideoResourceRow | undefined> {
      const [row] = await db.delete(V).where(eq(V.id, id)).returning();
      return row;
    },
    list: (search?: string) =>
      db.select().from(V).where(matches(search)).orderBy(desc(V.createdAt), desc(V.id)),

    /** Resources whose audience includes one of `roles`, optionally searched and tagged. */
    listForRoles: (roles: readonly string[], filter: { search?: string; tag?: string }) =>
      roles.length === 0
        ? Promise.resolve([])
        : db
            .select()
            .from(V)
            .where(
              and(
                arrayOverlaps(V.audienceRoles, [...roles]),
                matches(filter.search),
                filter.tag ? arrayContains(V.tags, [filter.tag]) : undefined,
              ),
            )
            .orderBy(desc(V.createdAt), desc(V.id)),

    /** Every tag of the resources whose audience includes one of `roles`, sorted. */
    async tagsForRoles(roles: readonly string[]): Promise<string[]> {
      if (roles.length === 0) return [];
      const rows = await db
        .selectDistinct({ tag: sql<string>`unnest(${V.tags})` })
        .from(V)
        .where(arrayOverlaps(V.audienceRoles, [...roles]));
      return rows.map((r) => r.tag).sort((a, b) => a.localeCompare(b));
    },
  };
}
