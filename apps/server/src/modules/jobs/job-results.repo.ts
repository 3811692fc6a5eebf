import {
  type FilterItem,
  LevelSchema,
  type PagedListRequest,
  type SupplierListQuery,
} from '@b2b/contract';
import {
  type SQL,
  and,
  asc,
  count,
  eq,
  getTableColumns,
  gt,
  inArray,
  isNotNull,
  sql,
} from 'drizzle-orm';
import { z } from 'zod';
import { inBulkTransaction } from '../../db/bulk-load.js';
import { type Database, plannedDatabases } from '../../db/client.js';
import { preparedQueriesOf, runPrepared } from '../../db/prepared-queries.js';
import {
  type FilterFieldNames,
  type ListColumn,
  pageLimit,
  pageOffset,
  pagedQueryParts,
  plainFilterFields,
} from '../../db/paged-query.js';
import { supplierNameKeySql } from '../../db/supplier-name-key.js';
import { inTransaction, queryRows } from '../../db/transaction.js';
import { jobMatchOverrides, jobSupplierResults, jobs } from './job.schema.js';
import {
  type JobViewer,
  jobViewerKind,
  preparedVisibleJobsWhere,
  visibilityValues,
} from './jobs.policy.js';

export type SupplierResultRow = typeof jobSupplierResults.$inferSelect;
export type SupplierResultInsert = typeof jobSupplierResults.$inferInsert;
export type MatchOverrideRow = typeof jobMatchOverrides.$inferSelect;
/** A row of a suppliers page: the result with its match decision's fields (supplierOverride). */
export type SupplierPageRow = SupplierResultRow & {
  /** The job's currency when the page was asked for a viewer (listSuppliers), else null. */
  jobCurrency: string | null;
  overrideDecision: string | null;
  overrideMerchantId: string | null;
  overrideUserId: string | null;
  overrideUsername: string | null;
  overrideCreatedAt: Date | null;
};

/** The match decision a suppliers page row carries, if a person made one. */
export function supplierOverride(row: SupplierPageRow): MatchOverrideRow | undefined {
  if (row.overrideDecision === null) return undefined;
  return {
    jobId: row.jobId,
    supplierKey: row.supplierKey,
    decision: row.overrideDecision,
    merchantId: row.overrideMerchantId,
    userId: row.overrideUserId,
    username: row.overrideUsername!,
    createdAt: row.overrideCreatedAt!,
  };
}

const S = jobSupplierResults;
const LEVEL_VALUES = LevelSchema.options;
const SUPPLIER_COLUMNS: Record<string, ListColumn> = {
  supplierKey: { column: S.supplierKey, kind: 'text' },
  supplierId: { column: S.supplierId, kind: 'text' },
  supplierName: { column: S.supplierName, kind: 'text' },
  country: { column: S.country, kind: 'text' },
  spend: { column: S.spend, kind: 'number' },
  annualSpend: { column: S.annualSpend, kind: 'number' },
  paymentCount: { column: S.paymentCount, kind: 'number' },
  mainPaymentMethod: { column: S.mainPaymentMethod, kind: 'text' },
  // Invoice terms (SPEC §3 datapoints): agreed terms and the median actual days to pay.
  paymentTermsDays: { column: S.paymentTermsDays, kind: 'number' },
  actualDaysToPay: { column: S.actualDaysToPay, kind: 'number' },
  matchStatus: { column: S.matchStatus, kind: 'text', values: ['MATCHED', 'UNMATCHED'] },
  confidence: { column: S.confidence, kind: 'text', values: ['High', 'Medium', 'Low', 'None'] },
  matchSource: {
    column: S.matchSource,
    kind: 'text',
    values: ['computed', 'override', 'rejected'],
  },
  merchantName: { column: S.merchantName, kind: 'text' },
  candidateMerchantName: { column: S.candidateMerchantName, kind: 'text' },
  matchScore: { column: S.matchScore, kind: 'number' },
  matchWeight: { column: S.matchWeight, kind: 'number' },
  matchProbability: { column: S.matchProbability, kind: 'number' },
  mcc: { column: S.mcc, kind: 'text' },
  predictedCardAcceptance: { column: S.predictedCardAcceptance, kind: 'number' },
  optimaScore: { column: S.optimaScore, kind: 'number' },
  stpScore: { column: S.stpScore, kind: 'number' },
  vcardScore: { column: S.vcardScore, kind: 'number' },
  pcardScore: { column: S.pcardScore, kind: 'number' },
  tandEcardScore: { column: S.tandEcardScore, kind: 'number' },
  scfScore: { column: S.scfScore, kind: 'number' },
  instantPayScore: { column: S.instantPayScore, kind: 'number' },
  boostScore: { column: S.boostScore, kind: 'number' },
  optimaLevel: { column: S.optimaLevel, kind: 'text', values: LEVEL_VALUES },
  stpLevel: { column: S.stpLevel, kind: 'text', values: LEVEL_VALUES },
  vcardLevel: { column: S.vcardLevel, kind: 'text', values: LEVEL_VALUES },
  pcardLevel: { column: S.pcardLevel, kind: 'text', values: LEVEL_VALUES },
  tandEcardLevel: { column: S.tandEcardLevel, kind: 'text', values: LEVEL_VALUES },
  scfLevel: { column: S.scfLevel, kind: 'text', values: LEVEL_VALUES },
  instantPayLevel: { column: S.instantPayLevel, kind: 'text', values: LEVEL_VALUES },
  boostLevel: { column: S.boostLevel, kind: 'text', values: LEVEL_VALUES },
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

/**
 * The review queue (SPEC §3 supplier matching): nobody has decided, there is a candidate, and
 * its confidence is in the uncertain band — Low is rejected and Medium accepted by default
 * rules, and either may be wrong.
 */
const reviewCandidates = and(
  isNotNull(S.candidateMerchantId),
  inArray(S.confidence, ['Low', 'Medium']),
  sql`not exists (select 1 from ${jobMatchOverrides} o where o.job_id = ${S.jobId} and o.supplier_key = ${S.supplierKey})`,
);

/**
 * A supplier rule (the supplier list's filter items, AND-ed) as one SQL condition over the
 * results, with the list's own validation: an unknown property or an operator that does not fit
 * the column is a 400 naming `fields(i, part)`. Undefined for no filters (every supplier).
 */
export function supplierRuleCondition(
  filters: FilterItem[],
  fields: FilterFieldNames,
): SQL | undefined {
  return pagedQueryParts({ filters, pageNumber: 1, pageSize: 1 }, SUPPLIER_COLUMNS, {
    fields,
    defaultOrder: [],
    tieBreaker: asc(S.supplierKey),
  }).where;
}

/** A job's suppliers that an issuer's supplier lists name, by supplier key (suppliersNamedByLists). */
export type SuppliersNamedByLists = {
  /** Named by the include list; null when the include list is empty (every supplier is in). */
  included: readonly string[] | null;
  /** Named by the exclude list. */
  excluded: readonly string[];
};

/**
 * The suppliers an issuer's supplier lists let into use cases (SPEC §3 hasSupplierIncludeList /
 * hasSupplierExcludeList), as a condition on supplier keys: a hash lookup a row, where the name
 * key costs a few microseconds. Undefined when the lists leave every supplier in.
 */
export function listedSuppliersScope(named: SuppliersNamedByLists): SQL | undefined {
  const keys = (values: readonly string[]) =>
    sql`(select unnest(${sql.param([...values])}::text[]))`;
  return and(
    named.included ? sql`${S.supplierKey} in ${keys(named.included)}` : undefined,
    named.excluded.length > 0 ? sql`${S.supplierKey} not in ${keys(named.excluded)}` : undefined,
  );
}

/** The supplier list's property a filter names (matched case-insensitively), or undefined. */
export function supplierPropertyKey(name: string): string | undefined {
  return Object.keys(SUPPLIER_COLUMNS).find((k) => k.toLowerCase() === name.toLowerCase());
}

/** A supplier's yearly spend for value estimates: annual spend, or spend where none is given. */
const yearlySpend = sql`coalesce(${S.annualSpend}, ${S.spend})`;

/** Payment methods a segment's payments are counted for (engine b2b_payment_method names). */
export const SEGMENT_PAYMENT_METHODS = ['Cheque', 'ACH', 'Wire'] as const;

/** Counts and sums of one segment of a job's suppliers (segmentFigures). */
export type SupplierSegmentFigures = {
  suppliers: number;
  spend: number;
  largestSpend: number;
  lowConfidence: number;
  unmatched: number;
  /** Suppliers without a contact e-mail in the results: an e-mail campaign cannot reach them. */
  noContact: number;
  payments: Record<(typeof SEGMENT_PAYMENT_METHODS)[number], number>;
};

/** Supplier results: partitioned by job, one table per job named `<this>_<job id hex>_<load>`. */
const RESULTS_TABLE = 'job_supplier_results';
const ANALYZED_COLUMNS = [
  ...new Set([
    'job_id',
    ...Object.values(SUPPLIER_COLUMNS).flatMap((c) => ('name' in c.column ? [c.column.name] : [])),
  ]),
].join(', ');
/** Each analysed column's sample is 300 rows per point of this target. */
const RESULTS_STATISTICS_TARGET = 10;
const resultsPrefix = (jobId: string) => `${RESULTS_TABLE}_${jobId.replace(/-/g, '')}_`;

/** One query of `segmentFigures`: at most 62 segments. */
async function segmentFiguresOf(
  db: Database,
  jobId: string,
  segments: readonly (SQL | undefined)[],
  scope: SQL | undefined,
): Promise<SupplierSegmentFigures[]> {
  const mask = sql.join(
    segments.map(
      (c, i) =>
        sql`(case when ${c ?? sql`true`} then ${sql.raw(`${2n ** BigInt(i)}`)}::int8 else 0 end)`,
    ),
    sql` | `,
  );
  const groups = await queryRows<{
    mask: string;
    low: boolean;
    unmatched: boolean;
    no_contact: boolean;
    method: string | null;
    n: number;
    spend: number;
    largest: number;
    payments: number;
  }>(
    db,
    sql`select mask::text as mask, low, unmatched, no_contact, method, count(*)::int as n,
          coalesce(sum(y), 0)::float8 as spend, coalesce(max(y), 0)::float8 as largest,
          coalesce(sum(pc), 0)::float8 as payments
        from (
          select ${mask} as mask,
            ${S.matchStatus} = 'MATCHED' and ${S.confidence} in ('Low', 'None') as low,
            ${S.matchStatus} = 'UNMATCHED' as unmatched,
            coalesce(btrim(${S.contactEmail}), '') = '' as no_contact,
            case when ${S.mainPaymentMethod} in (${sql.join(
              SEGMENT_PAYMENT_METHODS.map((m) => sql`${m}`),
              sql`, `,
            )}) then ${S.mainPaymentMethod} end as method,
            ${yearlySpend} as y, ${S.paymentCount} as pc
          from ${S} where ${and(eq(S.jobId, jobId), scope)}
        ) r
        group by mask, low, unmatched, no_contact, method`,
  );
  return segments.map((_, i) => {
    const bit = 2n ** BigInt(i);
    const figures: SupplierSegmentFigures = {
      suppliers: 0,
      spend: 0,
      largestSpend: 0,
      lowConfidence: 0,
      unmatched: 0,
      noContact: 0,
      payments: { Cheque: 0, ACH: 0, Wire: 0 },
    };
    for (const g of groups) {
      if ((BigInt(g.mask) & bit) === 0n) continue;
      figures.suppliers += g.n;
      figures.spend += Number(g.spend);
      figures.largestSpend = Math.max(figures.largestSpend, Number(g.largest));
      if (g.low) figures.lowConfidence += g.n;
      if (g.unmatched) figures.unmatched += g.n;
      if (g.no_contact) figures.noContact += g.n;
      if (g.method) {
        figures.payments[g.method as keyof SupplierSegmentFigures['payments']] += Number(
          g.payments,
        );
      }
    }
    return figures;
  });
}

/** A job's supplier results (a partition per job) and the match decisions people made. */
export function createJobResultsRepo(db: Database) {
  /** Drops a job's results tables (its rows would go with the job by cascade; the table not). */
  async function dropResults(jobId: string) {
    const tables = await queryRows<{ name: string }>(
      db,
      sql`select relname as name from pg_class where relkind = 'r' and starts_with(relname, ${resultsPrefix(jobId)})`,
    );
    for (const t of tables) await db.execute(sql.raw(`DROP TABLE IF EXISTS "${t.name}"`));
    await db.update(jobs).set({ resultsCount: null }).where(eq(jobs.id, jobId));
  }

  return {
    dropResults,

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
      const rows = await inBulkTransaction(db, async (tx) => {
        await tx.query(`CREATE TABLE "${table}" (LIKE ${RESULTS_TABLE} INCLUDING DEFAULTS)`);
        await tx.copyCsv(table, load.columns, load.csvPath);
        const [counted] = await tx.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM "${table}"`,
        );
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
        // seconds); the index builds above already set the row count. A sample of 3,000 rows
        // (PostgreSQL's default reads 30,000): the pages filter on columns of a few values
        // (levels, statuses), whose shares a small sample gives as well, and sort along the
        // indexes. 100,000 suppliers: 525 → 50 ms (docs/perf/pipeline.md).
        await tx.query(`SET LOCAL default_statistics_target = ${RESULTS_STATISTICS_TARGET}`);
        await tx.query(`ANALYZE "${table}" (${ANALYZED_COLUMNS})`);
        return counted!.n;
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
        await tx.query(`UPDATE jobs SET results_count = ${rows} WHERE id = ${jobValue}`);
      });
    },
    async listSuppliers(
      jobId: string,
      request: PagedListRequest,
      review?: SupplierListQuery['review'],
      /** A condition AND-ed with the request's filters (a use case's rule). */
      extra?: SQL,
      /** Another (the issuer's supplier lists). */
      scope?: SQL,
      /**
       * Only while the job is visible to this viewer (jobs.policy), its currency on each row:
       * the suppliers tab's check of the job in the page's own round trip. No row then means an
       * empty page or a job the viewer may not see; the caller tells them apart.
       */
      viewer?: JobViewer,
    ) {
      // The suppliers tab's own pages (no use case's rule, no issuer's lists) are prepared
      // once per shape, their values bound: building the 70 columns' SQL for every page was
      // most of the call's CPU time in the process.
      const statements = extra || scope ? undefined : preparedQueriesOf(db, 'supplier-pages');
      const parts = pagedQueryParts(request, SUPPLIER_COLUMNS, {
        fields: plainFilterFields,
        defaultOrder:
          review === 'candidates'
            ? [sql`${S.matchWeight} desc nulls last`, sql`${S.matchScore} desc nulls last`]
            : [sql`${S.annualSpend} desc nulls last`],
        tieBreaker: asc(S.supplierKey),
        placeholders: Boolean(statements),
      });
      const where = and(
        eq(S.jobId, statements ? sql.placeholder('jobId') : jobId),
        review === 'candidates' ? reviewCandidates : undefined,
        extra,
        scope,
        parts.where,
      );
      // One round trip: the page with the number of matches (evaluated once, not per row).
      // Unfiltered, that is the job's stored row count: counting a job's 100,000 suppliers for
      // each page of 25 was most of the page's time in the database.
      const matching = db.select({ n: count() }).from(S).where(where);
      const unfiltered = !parts.where && review !== 'candidates' && !extra && !scope;
      const total = unfiltered
        ? db
            .select({
              n: sql<number>`coalesce(${jobs.resultsCount}, (${matching}))`.mapWith(Number),
            })
            .from(jobs)
            .where(eq(jobs.id, statements ? sql.placeholder('jobId') : jobId))
        : matching;
      const O = jobMatchOverrides;
      const kind = viewer && jobViewerKind(viewer);
      const page = () => {
        const query = db
          .select({
            ...getTableColumns(S),
            totalCount: sql<number>`(${total})`.mapWith(Number),
            jobCurrency: kind ? jobs.currency : sql<string | null>`null`,
            // The row's match decision (supplierOverride), in the same round trip.
            overrideDecision: O.decision,
            overrideMerchantId: O.merchantId,
            overrideUserId: O.userId,
            overrideUsername: O.username,
            overrideCreatedAt: O.createdAt,
          })
          .from(S)
          .leftJoin(O, and(eq(O.jobId, S.jobId), eq(O.supplierKey, S.supplierKey)))
          .$dynamic();
        return (
          kind
            ? query.innerJoin(jobs, and(eq(jobs.id, S.jobId), preparedVisibleJobsWhere(kind)))
            : query
        )
          .where(where)
          .orderBy(...parts.orderBy)
          .limit(pageLimit(parts.limit))
          .offset(pageOffset(parts.offset));
      };
      const values = {
        ...parts.values,
        ...(viewer ? visibilityValues(viewer) : {}),
        jobId,
        offset: parts.offset,
      };
      const found = await (statements
        ? statements.run(
            `${review ?? 'all'}:${kind ?? 'any'}:${parts.shape}`,
            page,
            values,
            plannedDatabases(db)[parts.patterns === 'none' ? 'auto' : 'each'],
          )
        : page().execute(values));
      // The rows keep their totalCount: the callers present the fields they show, and copying
      // 70 fields a row to drop one cost more than the rest of the mapping.
      const rows: SupplierPageRow[] = found;
      if (found.length > 0) return { rows, total: found[0]!.totalCount };
      // A page past the end still says how many there are.
      const [all] = await total.execute(values);
      return { rows, total: all?.n ?? 0 };
    },
    /**
     * Figures of each segment (a rule's condition) of a job's suppliers in one pass over the
     * job's rows: each row's memberships become one bit mask (every condition evaluated once per
     * row), the rows are hash-grouped by the mask and the few facts the figures need (a few
     * hundred groups), and the groups are summed here per segment. A list of use cases costs
     * one scan; up to 62 segments a query (the bits of a bigint).
     */
    /**
     * The job's suppliers the lists name, compared by name key (db/supplier-name-key.ts): one
     * scan, none when both lists are empty.
     */
    async suppliersNamedByLists(
      jobId: string,
      lists: { include: readonly string[]; exclude: readonly string[] },
    ): Promise<SuppliersNamedByLists> {
      if (lists.include.length === 0 && lists.exclude.length === 0) {
        return { included: null, excluded: [] };
      }
      const rows = await queryRows<{ supplier_key: string; list: 'include' | 'exclude' }>(
        db,
        sql`select r.supplier_key, l.list
            from (select ${S.supplierKey} as supplier_key,
                         ${supplierNameKeySql(S.supplierName)} as name_key
                  from ${S} where ${S.jobId} = ${jobId}) r
            join unnest(${sql.param([...lists.include, ...lists.exclude])}::text[],
                        ${sql.param([
                          ...lists.include.map(() => 'include'),
                          ...lists.exclude.map(() => 'exclude'),
                        ])}::text[]) as l(name_key, list)
              on l.name_key = r.name_key`,
      );
      return {
        included:
          lists.include.length > 0
            ? rows.filter((r) => r.list === 'include').map((r) => r.supplier_key)
            : null,
        excluded: rows.filter((r) => r.list === 'exclude').map((r) => r.supplier_key),
      };
    },
    /** Figures of each segment; `scope` narrows every one (the issuer's supplier lists). */
    async segmentFigures(
      jobId: string,
      segments: readonly (SQL | undefined)[],
      scope?: SQL,
    ): Promise<SupplierSegmentFigures[]> {
      const figures: SupplierSegmentFigures[] = [];
      for (let at = 0; at < segments.length; at += 62) {
        figures.push(...(await segmentFiguresOf(db, jobId, segments.slice(at, at + 62), scope)));
      }
      return figures;
    },
    /**
     * Key, name and yearly spend of every supplier in any of the segments (largest spend
     * first), with the first segment (in the given order) each belongs to: one scan for up to
     * 62 segments, as segmentFigures.
     */
    async segmentMembers(jobId: string, segments: readonly (SQL | undefined)[], scope?: SQL) {
      const members = new Map<
        string,
        { supplierKey: string; supplierName: string; spend: number; segment: number }
      >();
      for (let at = 0; at < segments.length; at += 62) {
        const chunk = segments.slice(at, at + 62);
        const first = sql.join(
          chunk.map((c, i) => sql`when ${c ?? sql`true`} then ${sql.raw(String(at + i))}`),
          sql` `,
        );
        const rows = await queryRows<{
          supplierKey: string;
          supplierName: string;
          spend: number;
          segment: number;
        }>(
          db,
          sql`select supplier_key as "supplierKey", supplier_name as "supplierName",
                spend, segment
              from (
                select ${S.supplierKey} as supplier_key, ${S.supplierName} as supplier_name,
                  coalesce(${yearlySpend}, 0)::float8 as spend, case ${first} end as segment
                from ${S} where ${and(eq(S.jobId, jobId), scope)}
              ) r
              where segment is not null
              order by spend desc, supplier_key`,
        );
        for (const r of rows) if (!members.has(r.supplierKey)) members.set(r.supplierKey, r);
      }
      return [...members.values()];
    },
    /** Whether one supplier meets each condition (false for a null comparison, as a filter). */
    async supplierChecks(jobId: string, supplierKey: string, conditions: readonly SQL[]) {
      if (conditions.length === 0) return [];
      const [row] = await queryRows<Record<string, boolean>>(
        db,
        sql`select ${sql.join(
          conditions.map((c, i) => sql`coalesce((${c}), false) as ${sql.raw(`"c${i}"`)}`),
          sql`, `,
        )} from ${S} where ${S.jobId} = ${jobId} and ${S.supplierKey} = ${supplierKey}`,
      );
      return row ? conditions.map((_, i) => Boolean(row[`c${i}`])) : undefined;
    },
    /** Up to `limit` suppliers after `afterKey` in key order (keyset pages over the primary key). */
    suppliersAfter(jobId: string, afterKey: string | null, limit: number) {
      return db
        .select()
        .from(S)
        .where(and(eq(S.jobId, jobId), afterKey === null ? undefined : gt(S.supplierKey, afterKey)))
        .orderBy(asc(S.supplierKey))
        .limit(limit);
    },
    /**
     * Replaces a job's card acceptance predictions (ML prediction): every earlier one is cleared,
     * then the given suppliers' are set, in batches, in one transaction so readers never see a
     * mix of two models.
     */
    async replacePredictedCardAcceptance(
      jobId: string,
      predictions: readonly { supplierKey: string; probability: number }[],
    ): Promise<void> {
      await inTransaction(db, async (tx) => {
        await tx.execute(
          sql`update ${S} set predicted_card_acceptance = null
              where ${S.jobId} = ${jobId} and ${S.predictedCardAcceptance} is not null`,
        );
        for (let i = 0; i < predictions.length; i += 10_000) {
          const batch = predictions.slice(i, i + 10_000);
          await tx.execute(
            sql`update ${S} set predicted_card_acceptance = p.probability
                from unnest(${sql.param(batch.map((p) => p.supplierKey))}::text[],
                            ${sql.param(batch.map((p) => p.probability))}::float8[])
                  as p(supplier_key, probability)
                where ${S.jobId} = ${jobId} and ${S.supplierKey} = p.supplier_key`,
          );
        }
      });
    },

    async supplier(jobId: string, supplierKey: string): Promise<SupplierResultRow | undefined> {
      const [row] = await db
        .select()
        .from(S)
        .where(and(eq(S.jobId, jobId), eq(S.supplierKey, supplierKey)));
      return row;
    },
    async suppliersByKeys(jobId: string, supplierKeys: readonly string[]) {
      if (supplierKeys.length === 0) return [];
      return db
        .select()
        .from(S)
        .where(and(eq(S.jobId, jobId), inArray(S.supplierKey, [...supplierKeys])));
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
      return runPrepared(
        db,
        'jobResults.overrides',
        () =>
          db
            .select()
            .from(jobMatchOverrides)
            .where(eq(jobMatchOverrides.jobId, sql.placeholder('jobId'))),
        { jobId },
      );
    },
    /** The decisions on these suppliers of the job (a page's). */
    async overridesOf(jobId: string, supplierKeys: readonly string[]): Promise<MatchOverrideRow[]> {
      if (supplierKeys.length === 0) return [];
      return runPrepared(
        db,
        'jobResults.overridesOf',
        () =>
          db
            .select()
            .from(jobMatchOverrides)
            .where(
              and(
                eq(jobMatchOverrides.jobId, sql.placeholder('jobId')),
                sql`${jobMatchOverrides.supplierKey} = any(${sql.placeholder('keys')}::text[])`,
              ),
            ),
        { jobId, keys: supplierKeys },
      );
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
