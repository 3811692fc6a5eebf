import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { addressFileRuns } from './address-file-run.schema.js';

export type AddressFileRunRow = typeof addressFileRuns.$inferSelect;
type NewAddressFileRun = typeof addressFileRuns.$inferInsert;

const R = addressFileRuns;

export function createAddressFileRunsRepo(db: Database) {
  return {
    async insert(values: NewAddressFileRun): Promise<AddressFileRunRow> {
      const [row] = await db.insert(R).values(values).returning();
      return row!;
    },
    async find(id: string): Promise<AddressFileRunRow | undefined> {
      const [row] = await db.select().from(R).where(eq(R.id, id));
      return row;
    },
    async update(id: string, values: Partial<NewAddressFileRun>): Promise<void> {
      await db.update(R).set(values).where(eq(R.id, id));
    },
  };
}
