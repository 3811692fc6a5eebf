import { MAGIC_LINK_LIST_LIMIT, type MagicLinkKind, type MagicLinkStatus } from '@b2b/contract';
import { type SQL, and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { issuers as I } from '../issuers/issuer.schema.js';
import { jobs as J } from '../jobs/job.schema.js';
import { jobViewer, visibleJobsWhere } from '../jobs/jobs.policy.js';
import { type Actor, actorCan } from '../../lib/actor.js';
import { jobMagicLinks as L } from './magic-link.schema.js';

/**
 * Read model of the magic links screen: links with their issuer's and job's names, and the
 * Draft jobs a link can be made for. Reads magic_links (this module), issuers (issuers module)
 * and jobs (jobs module), each in one statement.
 */

/** A link's status, as the list shows and filters it (a revoked link stays Revoked). */
const statusSql = sql<MagicLinkStatus>`case
  when ${L.revokedAt} is not null then 'Revoked'
  when ${L.usedAt} is not null then 'Used'
  when ${L.expiresAt} <= now() then 'Expired'
  else 'Active' end`;

const inScope = (
  column: typeof L.issuerId | typeof J.issuerId,
  scope: readonly string[] | undefined,
) => (scope === undefined ? sql`true` : scope.length ? inArray(column, [...scope]) : sql`false`);

export function createMagicLinksRead(db: Database) {
  const select = () =>
    db
      .select({
        id: L.id,
        kind: L.kind,
        jobId: L.jobId,
        jobName: J.name,
        issuerId: L.issuerId,
        issuerName: I.name,
        recipientEmail: L.recipientEmail,
        createdByUsername: L.createdByUsername,
        createdAt: L.createdAt,
        expiresAt: L.expiresAt,
        usedAt: L.usedAt,
        revokedAt: L.revokedAt,
        status: statusSql,
      })
      .from(L)
      .innerJoin(I, eq(I.id, L.issuerId))
      .leftJoin(J, eq(J.id, L.jobId));
  return {
    /** Links of the issuers in `scope` (undefined: every issuer), newest first. */
    list(scope: readonly string[] | undefined, status: MagicLinkStatus | undefined) {
      const where: SQL[] = [inScope(L.issuerId, scope)];
      if (status) where.push(sql`${statusSql} = ${status}`);
      return select()
        .where(and(...where))
        .orderBy(desc(L.createdAt), desc(L.id))
        .limit(MAGIC_LINK_LIST_LIMIT);
    },
    async one(id: string) {
      const [row] = await select().where(eq(L.id, id));
      return row;
    },
    /**
     * Jobs the actor sees, of issuers in `scope`, a link of the kind can be made for: Draft jobs
     * whose issuer takes the kind's input data option (Upload: SendUploadLink; Accounting:
     * MergeMagicLink); for Results, published jobs the actor may change (owner, or JobEdit).
     */
    uploadJobs(actor: Actor, scope: readonly string[] | undefined, kind: MagicLinkKind) {
      const option = kind === 'Accounting' ? 'MergeMagicLink' : 'SendUploadLink';
      const fits =
        kind === 'Results'
          ? and(
              eq(J.isPublished, true),
              actorCan(actor, 'JobEdit') ? sql`true` : eq(J.ownerId, actor.userId),
            )
          : and(eq(J.status, 'Draft'), sql`${option} = any(${I.inputDataOptions})`);
      return db
        .select({ id: J.id, name: J.name, issuerName: I.name })
        .from(J)
        .innerJoin(I, eq(I.id, J.issuerId))
        .where(and(fits, inScope(J.issuerId, scope), visibleJobsWhere(jobViewer(actor))))
        .orderBy(I.name, J.name, J.id)
        .limit(MAGIC_LINK_LIST_LIMIT);
    },
  };
}
export type MagicLinkListRow = Awaited<ReturnType<ReturnType<typeof createMagicLinksRead>['one']>>;
