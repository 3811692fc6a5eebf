import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { buyers as B, issuers as I } from '../issuers/issuer.schema.js';
import { mergeLinkedAccounts as A } from './merge-linked-account.schema.js';

/**
 * Read model of the linked accounts screen and the job data step: linked accounts with their
 * issuer's and buyer's names. Reads merge_linked_accounts (this module), issuers and buyers
 * (issuers module) in one statement.
 */

/** The newest linked accounts first, at most this many. */
const LIST_LIMIT = 500;

const inScope = (scope: readonly string[] | undefined) =>
  scope === undefined ? sql`true` : scope.length ? inArray(A.issuerId, [...scope]) : sql`false`;

export function createMergeLinksRead(db: Database) {
  const select = () =>
    db
      .select({
        account: A,
        issuerName: I.name,
        buyerName: B.name,
      })
      .from(A)
      .innerJoin(I, eq(I.id, A.issuerId))
      .innerJoin(B, eq(B.id, A.buyerId));
  return {
    /** Accounts of the issuers in `scope` (undefined: every issuer), newest first. */
    list(scope: readonly string[] | undefined) {
      return select()
        .where(inScope(scope))
        .orderBy(desc(A.createdAt), desc(A.id))
        .limit(LIST_LIMIT);
    },
    /** A buyer's accounts, left out those only started (Pending). */
    ofBuyer(buyerId: string) {
      return select()
        .where(and(eq(A.buyerId, buyerId), ne(A.status, 'Pending')))
        .orderBy(desc(A.createdAt), desc(A.id))
        .limit(LIST_LIMIT);
    },
    async one(id: string) {
      const [row] = await select().where(eq(A.id, id));
      return row;
    },
  };
}
export type LinkedAccountListRow = NonNullable<
  Awaited<ReturnType<ReturnType<typeof createMergeLinksRead>['one']>>
>;
