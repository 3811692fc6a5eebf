import { asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { datapointProfiles } from './datapoint-profile.schema.js';

export type DatapointProfileRow = typeof datapointProfiles.$inferSelect;
export type NewDatapointProfileRow = typeof datapointProfiles.$inferInsert;

export function createDatapointProfilesRepo(db: Database) {
  return {
    listAll(): Promise<DatapointProfileRow[]> {
      return db.select().from(datapointProfiles).orderBy(asc(datapointProfiles.name));
    },

    /** Which of these ids name a stored profile. */
    async existingIds(ids: readonly string[]): Promise<Set<string>> {
      if (ids.length === 0) return new Set();
      const rows = await db
        .select({ id: datapointProfiles.id })
        .from(datapointProfiles)
        .where(inArray(datapointProfiles.id, [...ids]));
      return new Set(rows.map((r) => r.id));
    },

    async findById(id: string): Promise<DatapointProfileRow | undefined> {
      const [row] = await db.select().from(datapointProfiles).where(eq(datapointProfiles.id, id));
      return row;
    },
    async findByKey(profileKey: string): Promise<DatapointProfileRow | undefined> {
      const [row] = await db
        .select()
        .from(datapointProfiles)
        .where(eq(datapointProfiles.profileKey, profileKey));
      return row;
    },
    async insert(values: NewDatapointProfileRow): Promise<DatapointProfileRow> {
      const [row] = await db.insert(datapointProfiles).values(values).returning();
      return row!;
    },
    async update(id: string, values: Partial<NewDatapointProfileRow>) {
      const [row] = await db
        .update(datapointProfiles)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(datapointProfiles.id, id))
        .returning();
      return row;
    },

    /** Stores a profile unless one with its key exists (a changed default is left as it is). */
    async insertIfMissing(values: NewDatapointProfileRow): Promise<void> {
      await db
        .insert(datapointProfiles)
        .values(values)
        .onConflictDoNothing({ target: datapointProfiles.profileKey });
    },
  };
}
