import { asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { brandings } from './branding.schema.js';

export type BrandingRow = typeof brandings.$inferSelect;

export function createBrandingsRepo(db: Database) {
  return {
    async findById(id: string): Promise<BrandingRow | undefined> {
      const [row] = await db.select().from(brandings).where(eq(brandings.id, id));
      return row;
    },
    async findByKey(key: string): Promise<BrandingRow | undefined> {
      const [row] = await db.select().from(brandings).where(eq(brandings.brandingKey, key));
      return row;
    },
    async findByDomain(host: string): Promise<BrandingRow | undefined> {
      const [row] = await db
        .select()
        .from(brandings)
        .where(sql`lower(${brandings.fullDomainName}) = ${host.toLowerCase()}`);
      return row;
    },
    listAll(): Promise<BrandingRow[]> {
      return db.select().from(brandings).orderBy(asc(brandings.displayName));
    },
  };
}
