import type { PagedListRequest, WorkflowStepKind } from '@b2b/contract';
import { type SQL, and, asc, count, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { type ListColumn, pagedQueryParts, plainFilterFields } from '../../db/paged-query.js';
import { proqCommands, proqJobLogs } from '../proq/proq-command.schema.js';
import { buyers, issuerUsers, issuers } from '../issuers/issuer.schema.js';
import { users } from '../users/user.schema.js';
import { z } from 'zod';
import { inBulkTransaction } from '../../db/bulk-load.js';
import { queryRows } from '../../db/transaction.js';
import {
  jobFiles,
  jobMatchOverrides,
  jobSupplierResults,
  jobUserAssignments,
  jobWorkflowSteps,
  jobs,
} from './job.schema.js';

export type JobRow = typeof jobs.$inferSelect;
export type JobFileRow = typeof jobFiles.$inferSelect;
export type JobStepRow = typeof jobWorkflowSteps.$inferSelect;
export type SupplierResultRow = typeof jobSupplierResults.$inferSelect;
export type SupplierResultInsert = typeof jobSupplierResults.$inferInsert;
export type MatchOverrideRow = typeof jobMatchOverrides.$inferSelect;

/** Who is looking: their issuers, and whether they see every issuer's jobs (AllBuyers_VIEW). */
export type Viewer = { userId: string; issuerIds: readonly string[]; seesAllIssuers: boolean };

/**
 * The visibility rule, in SQL: jobs of the viewer's issuers, jobs they own, jobs assigned to them.
 * Every read by id goes through it, so another issuer's job is simply not found (404).
 */
export function visibleTo(viewer: Viewer): SQL {
  if (viewer.seesAllIssuers) return sql`true`;
  const ofIssuers =
    viewer.issuerIds.length > 0 ? inArray(jobs.issuerId, [...viewer.issuerIds]) : sql`false`;
  return or(
    ofIssuers,
    eq(jobs.ownerId, viewer.userId),
    sql`exists (select 1 from ${jobUserAssignments} a where a.job_id = ${jobs.id} and a.user_id = ${viewer.userId})`,
  )!;
}

const listSelect = {
  id: jobs.id,
  name: jobs.name,
  type: jobs.type,
  status: jobs.status,
  isPublished: jobs.isPublished,
  issuerId: jobs.issuerId,
  issuerName: issuers.name,
  buyerId: jobs.buyerId,
  buyerName: buyers.name,
  ownerId: jobs.ownerId,
  ownerName: users.displayName,
  currency: jobs.currency,
  supplierCount: jobs.supplierCount,
  createdOn: jobs.createdAt,
  updatedOn: jobs.updatedAt,
};
export type JobListRow = {
  [K in keyof typeof listSelect]: (typeof listSelect)[K]['_']['data'];
} & { ownerName: string; issuerName: string; buyerName: string };

const LIST_COLUMNS: Record<string, ListColumn> = {
  name: { column: jobs.name, kind: 'text' },
  type: { column: jobs.type, kind: 'text', values: ['base', 'matched-data-only', 'advanced'] },
  status: {
    column: jobs.status,
    kind: 'text',
    values: ['Draft', 'Processing', 'Completed', 'Error'],
  },
  isPublished: { column: sql`${jobs.isPublished}::text`, kind: 'text', values: ['true', 'false'] },
  issuerId: { column: jobs.issuerId, kind: 'uuid' },
  issuerName: { column: issuers.name, kind: 'text' },
  buyerId: { column: jobs.buyerId, kind: 'uuid' },
  buyerName: { column: buyers.name, kind: 'text' },
  ownerId: { column: jobs.ownerId, kind: 'uuid' },
  ownerName: { column: users.displayName, kind: 'text' },
  currency: { column: jobs.currency, kind: 'text' },
  createdOn: { column: jobs.createdAt, kind: 'date' },
  updatedOn: { column: jobs.updatedAt, kind: 'date' },
};

const S = jobSupplierResults;
const SUPPLIER_COLUMNS: Record<string, ListColumn> = {
  supplierKey: { column: S.supplierKey, kind: 'text' },
  supplierId: { column: S.supplierId, kind: 'text' },
  supplierName: { column: S.supplierName, kind: 'text' },
  country: { column: S.country, kind: 'text' },
  spend: { column: S.spend, kind: 'number' },
  annualSpend: { column: S.annualSpend, kind: 'number' },
  paymentCount: { column: S.paymentCount, kind: 'number' },
  mainPaymentMethod: { column: S.mainPaymentMethod, kind: 'text' },
  matchStatus: { column: S.matchStatus, kind: 'text', values: ['MATCHED', 'UNMATCHED'] },
  confidence: { column: S.confidence, kind: 'text', values: ['High', 'Medium', 'Low', 'None'] },
  matchSource: {
    column: S.matchSource,
    kind: 'text',
    values: ['computed', 'override', 'rejected'],
  },
  merchantName: { column: S.merchantName, kind: 'text' },
  mcc: { column: S.mcc, kind: 'text' },
  optimaScore: { column: S.optimaScore, kind: 'number' },
  stpScore: { column: S.stpScore, kind: 'number' },
  vcardScore: { column: S.vcardScore, kind: 'number' },
  pcardScore: { column: S.pcardScore, kind: 'number' },
  tandEcardScore: { column: S.tandEcardScore, kind: 'number' },
  scfScore: { column: S.scfScore, kind: 'number' },
  instantPayScore: { column: S.instantPayScore, kind: 'number' },
  boostScore: { column: S.boostScore, kind: 'number' },
  optimaLevel: { column: S.optimaLevel, kind: 'text' },
  stpLevel: { column: S.stpLevel, kind: 'text' },
  vcardLevel: { column: S.vcardLevel, kind: 'text' },
  cardAccepting: { column: S.cardAccepting, kind: 'text', values: ['MATCHED', 'UNMATCHED'] },
  vcAccepting: { column: S.vcAccepting, kind: 'text', values: ['YES', 'NO', 'UNMATCHED'] },
  detailLevel: { column: S.detailLevel, kind: 'text', values: ['3', '2', '1', 'none'] },
  stpCapable: { column: S.stpCapable, kind: 'text', values: ['TRUE', 'FALSE'] },
  cardCapability: {
    column: S.cardCapability,
    kind: 'text',
    values: ['STP', 'VC', 'L3', 'Card Acceptor', 'Unmatched'],
  },
};

/** Supplier results: partitioned by job, one table per job named `<this>_<job id hex>_<load>`. */
const RESULTS_TABLE = 'job_supplier_results';
const ANALYZED_COLUMNS = [
  ...new Set([
    'job_id',
    ...Object.values(SUPPLIER_COLUMNS).flatMap((c) => ('name' in c.column ? [c.column.name] : [])),
  ]),
].join(', ');
const resultsPrefix = (jobId: string) => `${RESULTS_TABLE}_${jobId.replace(/-/g, '')}_`;

export function createJobsRepo(db: Database) {
  /** Drops a job's results tables (its rows would go with the job by cascade; the table not). */
  async function dropResults(jobId: string) {
    const tables = await queryRows<{ name: string }>(
      db,
      sql`select relname as name from pg_class where relkind = 'r' and starts_with(relname, ${resultsPrefix(jobId)})`,
    );
    for (const t of tables) await db.execute(sql.raw(`DROP TABLE IF EXISTS "${t.name}"`));
  }

  return {
    /* ------------------------------- jobs ------------------------------- */

    async insertJob(values: typeof jobs.$inferInsert): Promise<JobRow> {
      const [row] = await db.insert(jobs).values(values).returning();
      return row!;
    },

    async findVisible(viewer: Viewer, id: string): Promise<JobRow | undefined> {
      const [row] = await db
        .select()
        .from(jobs)
        .where(and(eq(jobs.id, id), visibleTo(viewer)));
      return row;
    },

    async findById(id: string): Promise<JobRow | undefined> {
      const [row] = await db.select().from(jobs).where(eq(jobs.id, id));
      return row;
    },

    async findByDemoKey(demoKey: string): Promise<JobRow | undefined> {
      const [row] = await db.select().from(jobs).where(eq(jobs.demoKey, demoKey));
      return row;
    },

    async updateJob(id: string, values: Partial<typeof jobs.$inferInsert>): Promise<JobRow> {
      const [row] = await db
        .update(jobs)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(jobs.id, id))
        .returning();
      return row!;
    },

    /** Starts a new run: bumps the run number, so commands of an older run become no-ops. */
    async nextRun(id: string, values: Partial<typeof jobs.$inferInsert>): Promise<JobRow> {
      const [row] = await db
        .update(jobs)
        .set({ ...values, runNumber: sql`${jobs.runNumber} + 1`, updatedAt: new Date() })
        .where(eq(jobs.id, id))
        .returning();
      return row!;
    },

    async deleteJob(id: string): Promise<void> {
      await db.delete(jobs).where(eq(jobs.id, id));
      await dropResults(id);
    },

    async listRow(id: string): Promise<JobListRow | undefined> {
      const [row] = await db
        .select(listSelect)
        .from(jobs)
        .innerJoin(issuers, eq(issuers.id, jobs.issuerId))
        .innerJoin(buyers, eq(buyers.id, jobs.buyerId))
        .innerJoin(users, eq(users.id, jobs.ownerId))
        .where(eq(jobs.id, id));
      return row as JobListRow | undefined;
    },

    async list(viewer: Viewer, request: PagedListRequest) {
      const parts = pagedQueryParts(request, LIST_COLUMNS, {
        fields: plainFilterFields,
        defaultOrder: [desc(jobs.updatedAt)],
        tieBreaker: asc(jobs.id),
      });
      const where = and(visibleTo(viewer), parts.where);
      const from = () =>
        db
          .select(listSelect)
          .from(jobs)
          .innerJoin(issuers, eq(issuers.id, jobs.issuerId))
          .innerJoin(buyers, eq(buyers.id, jobs.buyerId))
          .innerJoin(users, eq(users.id, jobs.ownerId));
      const rows = await from()
        .where(where)
        .orderBy(...parts.orderBy)
        .limit(parts.limit)
        .offset(parts.offset);
      const [total] = await db
        .select({ n: count() })
        .from(jobs)
        .innerJoin(issuers, eq(issuers.id, jobs.issuerId))
        .innerJoin(buyers, eq(buyers.id, jobs.buyerId))
        .innerJoin(users, eq(users.id, jobs.ownerId))
        .where(where);
      return { rows: rows as JobListRow[], total: total?.n ?? 0 };
    },

    async ownersOfVisibleJobs(viewer: Viewer) {
      return db
        .selectDistinct({
          id: users.id,
          username: users.username,
          displayName: users.displayName,
        })
        .from(jobs)
        .innerJoin(users, eq(users.id, jobs.ownerId))
        .where(visibleTo(viewer))
        .orderBy(asc(users.displayName));
    },

    /* ------------------------------- issuers, buyers, users (read) ------------------------------- */

    async issuer(id: string) {
      const [row] = await db.select().from(issuers).where(eq(issuers.id, id));
      return row;
    },
    async buyer(id: string) {
      const [row] = await db.select().from(buyers).where(eq(buyers.id, id));
      return row;
    },
    async issuersWithBuyers(issuerIds: readonly string[] | 'all') {
      if (issuerIds !== 'all' && issuerIds.length === 0) return [];
      const issuerRows = await db
        .select()
        .from(issuers)
        .where(issuerIds === 'all' ? undefined : inArray(issuers.id, [...issuerIds]))
        .orderBy(asc(issuers.name));
      const buyerRows =
        issuerRows.length === 0
          ? []
          : await db
              .select()
              .from(buyers)
              .where(
                inArray(
                  buyers.issuerId,
                  issuerRows.map((i) => i.id),
                ),
              )
              .orderBy(asc(buyers.name));
      return issuerRows.map((issuer) => ({
        issuer,
        buyers: buyerRows.filter((b) => b.issuerId === issuer.id),
      }));
    },
    /** Wizard "create buyer inline" (Buyer_CREATE): a plain insert into the issuers module's table. */
    async insertBuyer(values: typeof buyers.$inferInsert) {
      const [row] = await db.insert(buyers).values(values).returning();
      return row!;
    },
    async userByUsername(username: string) {
      const [row] = await db.select().from(users).where(eq(users.username, username));
      return row;
    },
    async buyerOfIssuerKey(issuerKey: string, buyerName: string) {
      const [row] = await db
        .select({ id: buyers.id, issuerId: buyers.issuerId })
        .from(buyers)
        .innerJoin(issuers, eq(issuers.id, buyers.issuerId))
        .where(and(eq(issuers.issuerKey, issuerKey), eq(buyers.name, buyerName)));
      return row;
    },
    async user(id: string) {
      const [row] = await db.select().from(users).where(eq(users.id, id));
      return row;
    },
    async userIssuerIds(userId: string): Promise<string[]> {
      const rows = await db
        .select({ issuerId: issuerUsers.issuerId })
        .from(issuerUsers)
        .where(eq(issuerUsers.userId, userId));
      return rows.map((r) => r.issuerId);
    },
    async issuerMembers(issuerId: string) {
      return db
        .select({ userId: users.id, username: users.username, userRole: issuerUsers.userRole })
        .from(issuerUsers)
        .innerJoin(users, eq(users.id, issuerUsers.userId))
        .where(eq(issuerUsers.issuerId, issuerId))
        .orderBy(asc(users.username));
    },

    /* ------------------------------- assignments ------------------------------- */

    async assignments(jobId: string) {
      return db
        .select({
          userId: jobUserAssignments.userId,
          username: users.username,
          connection: jobUserAssignments.connection,
        })
        .from(jobUserAssignments)
        .innerJoin(users, eq(users.id, jobUserAssignments.userId))
        .where(eq(jobUserAssignments.jobId, jobId))
        .orderBy(asc(users.username));
    },
    async assign(jobId: string, userId: string, connection: string, assignedBy: string | null) {
      await db
        .insert(jobUserAssignments)
        .values({ jobId, userId, connection, assignedBy })
        .onConflictDoNothing();
    },
    async unassign(jobId: string, userId: string, connection: string) {
      await db
        .delete(jobUserAssignments)
        .where(
          and(
            eq(jobUserAssignments.jobId, jobId),
            eq(jobUserAssignments.userId, userId),
            eq(jobUserAssignments.connection, connection),
          ),
        );
    },
    /** Jobs the viewer sees, of the given issuers, that the user is not directly assigned to. */
    async assignableFor(viewer: Viewer, userId: string, issuerIds: string[]) {
      if (issuerIds.length === 0) return [];
      return db
        .select({ id: jobs.id, name: jobs.name, buyerName: buyers.name, createdOn: jobs.createdAt })
        .from(jobs)
        .innerJoin(buyers, eq(buyers.id, jobs.buyerId))
        .where(
          and(
            visibleTo(viewer),
            inArray(jobs.issuerId, issuerIds),
            sql`not exists (select 1 from ${jobUserAssignments} a where a.job_id = ${jobs.id} and a.user_id = ${userId} and a.connection = 'DirectAssignment')`,
          ),
        )
        .orderBy(desc(jobs.createdAt));
    },

    /* ------------------------------- files ------------------------------- */

    async files(jobId: string): Promise<JobFileRow[]> {
      return db
        .select()
        .from(jobFiles)
        .where(eq(jobFiles.jobId, jobId))
        .orderBy(asc(jobFiles.uploadedAt));
    },
    async file(jobId: string, fileId: string): Promise<JobFileRow | undefined> {
      const [row] = await db
        .select()
        .from(jobFiles)
        .where(and(eq(jobFiles.jobId, jobId), eq(jobFiles.id, fileId)));
      return row;
    },
    /** One file per role: a new upload replaces the old one (its key is returned for deletion). */
    async replaceFile(values: typeof jobFiles.$inferInsert): Promise<{
      file: JobFileRow;
      replaced: JobFileRow[];
    }> {
      return db.transaction(async (tx) => {
        const replaced = await tx
          .delete(jobFiles)
          .where(and(eq(jobFiles.jobId, values.jobId), eq(jobFiles.role, values.role)))
          .returning();
        const [file] = await tx.insert(jobFiles).values(values).returning();
        return { file: file!, replaced };
      });
    },
    async updateFile(fileId: string, values: Partial<typeof jobFiles.$inferInsert>) {
      const [row] = await db
        .update(jobFiles)
        .set(values)
        .where(eq(jobFiles.id, fileId))
        .returning();
      return row!;
    },
    async deleteFile(fileId: string) {
      await db.delete(jobFiles).where(eq(jobFiles.id, fileId));
    },

    /* ------------------------------- workflow steps ------------------------------- */

    async steps(jobId: string): Promise<JobStepRow[]> {
      return db
        .select()
        .from(jobWorkflowSteps)
        .where(eq(jobWorkflowSteps.jobId, jobId))
        .orderBy(asc(jobWorkflowSteps.position));
    },
    async upsertSteps(rows: (typeof jobWorkflowSteps.$inferInsert)[]) {
      for (const row of rows) {
        await db
          .insert(jobWorkflowSteps)
          .values(row)
          .onConflictDoUpdate({
            target: [jobWorkflowSteps.jobId, jobWorkflowSteps.step],
            set: {
              status: row.status,
              progress: row.progress ?? 0,
              message: row.message ?? null,
              commandId: row.commandId ?? null,
              startedAt: row.startedAt ?? null,
              completedAt: row.completedAt ?? null,
              position: row.position,
            },
          });
      }
    },
    async updateStep(
      jobId: string,
      step: WorkflowStepKind,
      values: Partial<typeof jobWorkflowSteps.$inferInsert>,
    ) {
      await db
        .update(jobWorkflowSteps)
        .set(values)
        .where(and(eq(jobWorkflowSteps.jobId, jobId), eq(jobWorkflowSteps.step, step)));
    },

    /* ------------------------------- logs ------------------------------- */

    async logs(jobId: string, afterId: number, limit: number) {
      return db
        .select({
          id: proqJobLogs.id,
          at: proqJobLogs.at,
          level: proqJobLogs.level,
          message: proqJobLogs.message,
          commandType: proqCommands.commandType,
        })
        .from(proqJobLogs)
        .leftJoin(proqCommands, eq(proqCommands.id, proqJobLogs.commandId))
        .where(and(eq(proqJobLogs.jobId, jobId), sql`${proqJobLogs.id} > ${afterId}`))
        .orderBy(asc(proqJobLogs.id))
        .limit(limit);
    },

    /* ------------------------------- supplier results ------------------------------- */

    /**
     * Replaces a job's supplier results with the rows of a CSV file (columns as named). The rows
     * go into a new table of their own — COPY, then each index built in one sorted pass, then
     * statistics — which is swapped in as the job's partition in one short transaction, so
     * readers see the old results or the new, never a mix, and are held up only for the swap.
     */
    async replaceResults(jobId: string, load: { csvPath: string; columns: string[] }) {
      const prefix = resultsPrefix(jobId);
      const table = `${prefix}${Date.now().toString(36)}`;
      const jobValue = `'${z.uuid().parse(jobId)}'`;
      await inBulkTransaction(db, async (tx) => {
        await tx.query(`CREATE TABLE "${table}" (LIKE ${RESULTS_TABLE} INCLUDING DEFAULTS)`);
        await tx.copyCsv(table, load.columns, load.csvPath);
        // What the parent's partitioned indexes need, so that attaching reuses these.
        const [pk] = await tx.query<{ def: string }>(
          `SELECT pg_get_constraintdef(oid) AS def FROM pg_constraint
           WHERE conrelid = '${RESULTS_TABLE}'::regclass AND contype = 'p'`,
        );
        await tx.query(`ALTER TABLE "${table}" ADD ${pk!.def}`);
        const indexes = await tx.query<{ def: string }>(
          `SELECT pg_get_indexdef(indexrelid) AS def FROM pg_index
           WHERE indrelid = '${RESULTS_TABLE}'::regclass AND NOT indisprimary`,
        );
        for (const { def } of indexes)
          await tx.query(def.replace(/INDEX \S+ ON ONLY \S+/, `INDEX ON "${table}"`));
        // Proves every row belongs to the job, so attaching need not scan the table.
        await tx.query(
          `ALTER TABLE "${table}" ADD CHECK (job_id IS NOT NULL AND job_id = ${jobValue})`,
        );
        // Statistics for what supplier pages filter and sort on (all 51 columns would take
        // seconds); the index builds above already set the row count.
        await tx.query(`ANALYZE "${table}" (${ANALYZED_COLUMNS})`);
      });
      await inBulkTransaction(db, async (tx) => {
        // The strongest lock first, so two jobs swapping at once queue instead of deadlocking.
        await tx.query(`LOCK TABLE ${RESULTS_TABLE} IN ACCESS EXCLUSIVE MODE`);
        const previous = await tx.query<{ name: string; attached: boolean }>(
          `SELECT c.relname AS name, c.relispartition AS attached FROM pg_class c
           WHERE c.relkind = 'r' AND starts_with(c.relname, $1) AND c.relname <> $2`,
          [prefix, table],
        );
        for (const p of previous) {
          if (p.attached)
            await tx.query(`ALTER TABLE ${RESULTS_TABLE} DETACH PARTITION "${p.name}"`);
          await tx.query(`DROP TABLE "${p.name}"`);
        }
        // Rows loaded before results were partitioned live in the default partition.
        await tx.query(`DELETE FROM ${RESULTS_TABLE}_default WHERE job_id = ${jobValue}`);
        await tx.query(
          `ALTER TABLE ${RESULTS_TABLE} ATTACH PARTITION "${table}" FOR VALUES IN (${jobValue})`,
        );
      });
    },
    async listSuppliers(jobId: string, request: PagedListRequest) {
      const parts = pagedQueryParts(request, SUPPLIER_COLUMNS, {
        fields: plainFilterFields,
        defaultOrder: [sql`${S.annualSpend} desc nulls last`],
        tieBreaker: asc(S.supplierKey),
      });
      const where = and(eq(S.jobId, jobId), parts.where);
      const rows = await db
        .select()
        .from(S)
        .where(where)
        .orderBy(...parts.orderBy)
        .limit(parts.limit)
        .offset(parts.offset);
      const [total] = await db.select({ n: count() }).from(S).where(where);
      return { rows, total: total?.n ?? 0 };
    },
    async supplier(jobId: string, supplierKey: string): Promise<SupplierResultRow | undefined> {
      const [row] = await db
        .select()
        .from(S)
        .where(and(eq(S.jobId, jobId), eq(S.supplierKey, supplierKey)));
      return row;
    },
    async updateSupplier(
      jobId: string,
      supplierKey: string,
      values: Partial<SupplierResultInsert>,
    ): Promise<SupplierResultRow | undefined> {
      const [row] = await db
        .update(S)
        .set(values)
        .where(and(eq(S.jobId, jobId), eq(S.supplierKey, supplierKey)))
        .returning();
      return row;
    },

    /* ------------------------------- match overrides ------------------------------- */

    async overrides(jobId: string): Promise<MatchOverrideRow[]> {
      return db.select().from(jobMatchOverrides).where(eq(jobMatchOverrides.jobId, jobId));
    },
    async override(jobId: string, supplierKey: string): Promise<MatchOverrideRow | undefined> {
      const [row] = await db
        .select()
        .from(jobMatchOverrides)
        .where(
          and(eq(jobMatchOverrides.jobId, jobId), eq(jobMatchOverrides.supplierKey, supplierKey)),
        );
      return row;
    },
    async saveOverride(values: typeof jobMatchOverrides.$inferInsert) {
      await db
        .insert(jobMatchOverrides)
        .values(values)
        .onConflictDoUpdate({
          target: [jobMatchOverrides.jobId, jobMatchOverrides.supplierKey],
          set: {
            decision: values.decision,
            merchantId: values.merchantId ?? null,
            userId: values.userId ?? null,
            username: values.username,
            createdAt: new Date(),
          },
        });
    },
    async deleteOverride(jobId: string, supplierKey: string) {
      await db
        .delete(jobMatchOverrides)
        .where(
          and(eq(jobMatchOverrides.jobId, jobId), eq(jobMatchOverrides.supplierKey, supplierKey)),
        );
    },
  };
}

export type JobsRepo = ReturnType<typeof createJobsRepo>;
