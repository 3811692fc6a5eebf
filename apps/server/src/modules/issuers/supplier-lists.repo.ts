import type { SupplierListKind } from '@b2b/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { issuerSupplierListEntries, issuers } from './issuer.schema.js';

const E = issuerSupplierListEntries;

export type SupplierListEntryRow = typeof E.$inferSelect;
export type NewSupplierListEntry = { nameKey: string; name: string };

/** The flag on the issuer row that says a list has entries (SPEC §3 Issuer (list)). */
const FLAG = {
  include: 'hasSupplierIncludeList',
  exclude: 'hasSupplierExcludeList',
} as const;

export function createSupplierListsRepo(db: Database) {
  return {
    /** Both lists' entries, each list oldest entry first. */
    entries(issuerId: string): Promise<SupplierListEntryRow[]> {
      return db
        .select()
        .from(E)
        .where(eq(E.issuerId, issuerId))
        .orderBy(asc(E.list), asc(E.addedAt), asc(E.name));
    },

    /** The comparison keys of both lists (the rule reader's filter). */
    async keys(issuerId: string): Promise<Record<SupplierListKind, string[]>> {
      const rows = await db
        .select({ list: E.list, nameKey: E.nameKey })
        .from(E)
        .where(eq(E.issuerId, issuerId))
        .orderBy(asc(E.nameKey));
      return {
        include: rows.filter((r) => r.list === 'include').map((r) => r.nameKey),
        exclude: rows.filter((r) => r.list === 'exclude').map((r) => r.nameKey),
      };
    },

    /**
     * Replaces one list in one transaction: entries kept keep when they were added and by whom,
     * new ones are added now, and the issuer's flag follows. The issuer's version stays: the
     * lists are saved on their own, and an open issuer form must still save.
     */
    async replace(
      issuerId: string,
      list: SupplierListKind,
      wanted: NewSupplierListEntry[],
      username: string,
    ): Promise<void> {
      await db.transaction(async (tx) => {
        const kept = new Map(
          (
            await tx
              .select()
              .from(E)
              .where(and(eq(E.issuerId, issuerId), eq(E.list, list)))
          ).map((r) => [r.nameKey, r]),
        );
        await tx.delete(E).where(and(eq(E.issuerId, issuerId), eq(E.list, list)));
        const now = Date.now();
        // One millisecond apart: new entries read back in the order they were given.
        const rows = wanted.map((entry, i) => {
          const before = kept.get(entry.nameKey);
          return {
            issuerId,
            list,
            nameKey: entry.nameKey,
            name: entry.name,
            addedByUsername: before ? before.addedByUsername : username,
            addedAt: before ? before.addedAt : new Date(now + i),
          };
        });
        for (let at = 0; at < rows.length; at += 1000) {
          await tx.insert(E).values(rows.slice(at, at + 1000));
        }
        await tx
          .update(issuers)
          .set({
            [FLAG[list]]: rows.length > 0,
            updatedAt: new Date(),
          })
          .where(eq(issuers.id, issuerId));
      });
    },
  };
}
