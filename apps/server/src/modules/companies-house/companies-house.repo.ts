import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import {
  companiesHouseEnrichments as E,
  jobSupplierCompanies as C,
} from './companies-house.schema.js';

export type EnrichmentRow = typeof E.$inferSelect;
export type SupplierCompanyRow = typeof C.$inferInsert;

/** Suppliers listed with an enrichment: matched first, then ambiguous, then not found. */
const SUPPLIER_LIST_LIMIT = 200;

export function createCompaniesHouseRepo(db: Database) {
  async function enrichment(jobId: string): Promise<EnrichmentRow | null> {
    const [row] = await db.select().from(E).where(eq(E.jobId, jobId));
    return row ?? null;
  }
  return {
    enrichment,

    /**
     * A new run of the job's enrichment, unless one is queued or running: answers the row and
     * whether this call started it (two clicks start one run).
     */
    async startRun(jobId: string, runId: string, username: string) {
      const [row] = await db
        .insert(E)
        .values({ jobId, runId, state: 'Queued', requestedByUsername: username })
        .onConflictDoUpdate({
          target: E.jobId,
          set: {
            runId,
            state: 'Queued',
            ukSuppliers: 0,
            message: null,
            requestedByUsername: username,
            requestedAt: sql`now()`,
            finishedAt: null,
          },
          // A run queued or running answers a second click; one whose command died long ago
          // (past its 4-hour stuck time-out) may be started again.
          setWhere: sql`${E.state} not in ('Queued', 'Running') or ${E.requestedAt} < now() - interval '5 hours'`,
        })
        .returning();
      return row ? { row, started: true } : { row: (await enrichment(jobId))!, started: false };
    },

    /** Changes the run's row; a superseded run (another run id) changes nothing. */
    async update(
      jobId: string,
      runId: string,
      patch: Partial<Pick<EnrichmentRow, 'state' | 'ukSuppliers' | 'message' | 'finishedAt'>>,
    ) {
      await db
        .update(E)
        .set(patch)
        .where(and(eq(E.jobId, jobId), eq(E.runId, runId)));
    },

    /** Supplier keys this run has already checked: a second delivery goes on after them. */
    async checkedKeys(jobId: string, runId: string): Promise<Set<string>> {
      const rows = await db
        .select({ key: C.supplierKey })
        .from(C)
        .where(and(eq(C.jobId, jobId), eq(C.runId, runId)));
      return new Set(rows.map((r) => r.key));
    },

    async saveSupplier(row: SupplierCompanyRow) {
      const { jobId: _job, supplierKey: _key, ...rest } = row;
      await db
        .insert(C)
        .values(row)
        .onConflictDoUpdate({
          target: [C.jobId, C.supplierKey],
          set: { ...rest, checkedAt: sql`now()` },
        });
    },

    async counts(jobId: string, runId: string) {
      const rows = await db
        .select({ outcome: C.outcome, n: sql<number>`count(*)::int` })
        .from(C)
        .where(and(eq(C.jobId, jobId), eq(C.runId, runId)))
        .groupBy(C.outcome);
      const of = (outcome: string) => rows.find((r) => r.outcome === outcome)?.n ?? 0;
      return { matched: of('matched'), ambiguous: of('ambiguous'), notFound: of('not-found') };
    },

    suppliers(jobId: string, runId: string) {
      return db
        .select()
        .from(C)
        .where(and(eq(C.jobId, jobId), eq(C.runId, runId)))
        .orderBy(
          sql`case ${C.outcome} when 'matched' then 0 when 'ambiguous' then 1 else 2 end`,
          asc(C.supplierName),
          asc(C.supplierKey),
        )
        .limit(SUPPLIER_LIST_LIMIT);
    },

    /** Each matched supplier's first SIC code, for the industry charts. */
    async firstSicCodes(jobId: string) {
      const rows = await db
        .select({ supplierKey: C.supplierKey, sic: sql<string>`${C.sicCodes}[1]` })
        .from(C)
        .where(
          and(eq(C.jobId, jobId), eq(C.outcome, 'matched'), sql`cardinality(${C.sicCodes}) > 0`),
        );
      return rows;
    },
  };
}
