import {
  ANALYTICS_DATASETS,
  type AnalyticsColumnType,
  type AnalyticsDatasetKey,
  type AnalyticsFilter,
  type AnalyticsQueryDefinition,
  type AnalyticsResultColumn,
} from '@b2b/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { escapeLike } from '../../db/paged-query.js';
import { queryRows } from '../../db/transaction.js';
import { AppError } from '../../lib/app-error.js';
import { campaigns } from '../campaigns/campaign.schema.js';
import { jobInsightBars } from '../insights/insight.schema.js';
import { issuers } from '../issuers/issuer.schema.js';
import { jobSupplierResults as S, jobs } from '../jobs/job.schema.js';
import { type JobViewer, visibleJobsWhere } from '../jobs/jobs.policy.js';
import { proqCommands as P } from '../proq/proq-command.schema.js';
import { users as U } from '../users/user.schema.js';

/**
 * Read model of the analytics query builder (SPEC §2 /admin/analytics-query): turns a query
 * definition into ONE parameterised statement over an allow-list. Reads jobs,
 * job_supplier_results (jobs module), job_insight_bars (insights), campaigns (campaigns),
 * issuers (issuers), proq_commands (proq) and users (users).
 *
 * Nothing of the definition reaches the SQL text but through this file's maps: dataset and
 * column names select fragments written here, operators select fixed SQL, and every value is a
 * bound parameter. Each dataset's WHERE carries the viewer's visibility rule (the ids jobs.policy's
 * SQL form selects, in the same read-only transaction), so a row of a job the viewer may not see
 * is never read, whatever the definition asks.
 */

/** Who runs the query, as the datasets' rules need them. */
export type AnalyticsViewer = JobViewer & {
  /** ProQ_VIEW: every command; otherwise only the commands of jobs the viewer sees. */
  seesAllCommands: boolean;
};

/**
 * The condition "this job id is of a job the viewer sees". The ids come first, from the jobs
 * policy's own SQL rule (visibleJobIds), and are bound as one array: the rule's EXISTS subplan
 * keeps PostgreSQL from scanning 5,000,000 rows in parallel, an array of ids does not.
 */
type Visible = (jobId: SQL) => SQL;

/** The tables a dataset joins only when a column of the query needs them. */
type Join = 'jobs' | 'issuers';

type Dataset = {
  /** FROM and the visibility WHERE, joining `joins` (the rest is left out: 5M rows cost it). */
  from: (viewer: AnalyticsViewer, joins: ReadonlySet<Join>, visible: Visible) => SQL;
  columns: Record<string, SQL>;
  /** The columns that need a joined table. */
  needs?: Record<string, Join[]>;
};

/**
 * A row table of a job's (results, bars), limited to the visible jobs by its job id; joined to
 * jobs (and issuers) only when a column needs them: the joins are a third of a 5,000,000-row
 * scan's time.
 */
function ofVisibleJobs(
  table: SQL,
  jobId: SQL,
  viewer: AnalyticsViewer,
  joins: ReadonlySet<Join>,
  visible: Visible,
): SQL {
  const where = viewer.seesAllJobs ? sql`true` : visible(jobId);
  if (joins.size === 0) return sql`${table} where ${where}`;
  const issuerJoin = joins.has('issuers')
    ? sql` join ${issuers} on ${issuers.id} = ${jobs.issuerId}`
    : sql``;
  return sql`${table} join ${jobs} on ${jobs.id} = ${jobId}${issuerJoin} where ${where}`;
}

const utcTime = (e: SQL) => sql`to_char(${e} at time zone 'UTC', 'YYYY-MM-DD HH24:MI:SS')`;

const DATASETS: Record<AnalyticsDatasetKey, Dataset> = {
  jobs: {
    from: (v, joins, visible) =>
      sql`${jobs}${joins.has('issuers') ? sql` join ${issuers} on ${issuers.id} = ${jobs.issuerId}` : sql``} where ${v.seesAllJobs ? sql`true` : visible(sql`${jobs.id}`)}`,
    needs: { issuerName: ['issuers'] },
    columns: {
      jobId: sql`${jobs.id}::text`,
      jobName: sql`${jobs.name}`,
      type: sql`${jobs.type}`,
      status: sql`${jobs.status}`,
      issuerName: sql`${issuers.name}`,
      currency: sql`${jobs.currency}`,
      isPublished: sql`${jobs.isPublished}`,
      supplierCount: sql`${jobs.supplierCount}`,
      analysisDate: sql`(${jobs.analysisDate}::timestamp at time zone 'UTC')`,
      createdAt: sql`${jobs.createdAt}`,
      completedAt: sql`${jobs.completedAt}`,
    },
  },
  suppliers: {
    from: (v, joins, visible) => ofVisibleJobs(sql`${S}`, sql`${S.jobId}`, v, joins, visible),
    needs: { jobName: ['jobs'], currency: ['jobs'], issuerName: ['jobs', 'issuers'] },
    columns: {
      jobId: sql`${S.jobId}::text`,
      jobName: sql`${jobs.name}`,
      issuerName: sql`${issuers.name}`,
      currency: sql`${jobs.currency}`,
      supplierName: sql`${S.supplierName}`,
      country: sql`${S.country}`,
      city: sql`${S.city}`,
      spend: sql`${S.spend}`,
      annualSpend: sql`${S.annualSpend}`,
      invoiceCount: sql`${S.invoiceCount}`,
      paymentCount: sql`${S.paymentCount}`,
      mainPaymentMethod: sql`${S.mainPaymentMethod}`,
      matchStatus: sql`${S.matchStatus}`,
      confidence: sql`${S.confidence}`,
      merchantName: sql`${S.merchantName}`,
      mcc: sql`${S.mcc}`,
      acceptsCard: sql`${S.acceptsCard}`,
      cardAccepting: sql`${S.cardAccepting}`,
      optimaScore: sql`${S.optimaScore}`,
      optimaLevel: sql`${S.optimaLevel}`,
    },
  },
  insightBars: {
    from: (v, joins, visible) =>
      ofVisibleJobs(sql`${jobInsightBars}`, sql`${jobInsightBars.jobId}`, v, joins, visible),
    needs: { jobName: ['jobs'], currency: ['jobs'] },
    columns: {
      jobId: sql`${jobInsightBars.jobId}::text`,
      jobName: sql`${jobs.name}`,
      currency: sql`${jobs.currency}`,
      grouping: sql`${jobInsightBars.grouping}`,
      slicer: sql`${jobInsightBars.slicer}`,
      slicerValue: sql`${jobInsightBars.slicerValue}`,
      product: sql`${jobInsightBars.product}`,
      bucket: sql`${jobInsightBars.bucket}`,
      label: sql`${jobInsightBars.label}`,
      suppliers: sql`${jobInsightBars.suppliers}`,
      spend: sql`${jobInsightBars.spend}`,
      invoices: sql`${jobInsightBars.invoices}`,
      payments: sql`${jobInsightBars.payments}`,
    },
  },
  campaigns: {
    from: (v, _joins, visible) =>
      sql`${campaigns} join ${jobs} on ${jobs.id} = ${campaigns.jobId}
        join ${issuers} on ${issuers.id} = ${campaigns.issuerId}
        where ${v.seesAllJobs ? sql`true` : visible(sql`${campaigns.jobId}`)}`,
    columns: {
      campaignId: sql`${campaigns.id}::text`,
      campaignName: sql`${campaigns.name}`,
      jobName: sql`${jobs.name}`,
      issuerName: sql`${issuers.name}`,
      route: sql`${campaigns.route}`,
      cardProduct: sql`${campaigns.cardProduct}`,
      status: sql`${campaigns.status}`,
      createdAt: sql`${campaigns.createdAt}`,
      startedAt: sql`${campaigns.startedAt}`,
      completedAt: sql`${campaigns.completedAt}`,
    },
  },
  proqCommands: {
    // A command without a job is the system's: only ProQ_VIEW shows it.
    from: (v, _joins, visible) =>
      v.seesAllCommands
        ? sql`${P} where true`
        : sql`${P} where ${v.seesAllJobs ? sql`${P.jobId} is not null` : visible(sql`${P.jobId}`)}`,
    columns: {
      commandId: sql`${P.id}::text`,
      commandType: sql`${P.commandType}`,
      state: sql`${P.state}`,
      jobId: sql`${P.jobId}::text`,
      attempts: sql`${P.attempts}`,
      message: sql`${P.message}`,
      queuedDate: sql`${P.queuedDate}`,
      startedDate: sql`${P.startedDate}`,
      completedDate: sql`${P.completedDate}`,
    },
  },
  users: {
    // Only UsersRead reaches this dataset (the service checks); never a password hash.
    from: () => sql`${U} where true`,
    columns: {
      userId: sql`${U.id}::text`,
      username: sql`${U.username}`,
      displayName: sql`${U.displayName}`,
      email: sql`${U.email}`,
      status: sql`${U.status}`,
      lastActivityAt: sql`${U.lastActivityAt}`,
      createdAt: sql`${U.createdAt}`,
    },
  },
};

const COMPARE = {
  Equal: sql`=`,
  GreaterThan: sql`>`,
  GreaterThanOrEqual: sql`>=`,
  LessThan: sql`<`,
  LessThanOrEqual: sql`<=`,
} as const;
const PATTERN = {
  Contains: (v: string) => `%${escapeLike(v)}%`,
  StartsWith: (v: string) => `${escapeLike(v)}%`,
  EndsWith: (v: string) => `%${escapeLike(v)}`,
} as const;

export function isDatasetKey(key: string): key is AnalyticsDatasetKey {
  return Object.hasOwn(DATASETS, key);
}

function columnType(dataset: AnalyticsDatasetKey, column: string): AnalyticsColumnType {
  const columns = ANALYTICS_DATASETS[dataset].columns as Record<
    string,
    { type: AnalyticsColumnType }
  >;
  return columns[column]!.type;
}

/** A column of the allow-list, or 400 naming it and where it was named. */
function column(dataset: AnalyticsDatasetKey, name: string, field: string): SQL {
  const columns = DATASETS[dataset].columns;
  if (!Object.hasOwn(columns, name))
    throw AppError.badRequest(
      `${field}: "${name}" is not a column of the ${dataset} dataset`,
      field,
    );
  return columns[name]!;
}

/** A filter's value bound as the column's type, or 400 naming the filter. */
function bindValue(type: AnalyticsColumnType, value: string | number | boolean, field: string) {
  if (type === 'number') {
    const n = typeof value === 'number' ? value : Number(value);
    if (typeof value === 'boolean' || !Number.isFinite(n) || value === '')
      throw AppError.badRequest(`${field}: give a number`, field);
    return sql`${n}::float8`;
  }
  if (type === 'boolean') {
    if (typeof value !== 'boolean' && value !== 'true' && value !== 'false')
      throw AppError.badRequest(`${field}: give true or false`, field);
    return sql`${value === true || value === 'true'}::boolean`;
  }
  if (type === 'date') {
    if (typeof value !== 'string' || Number.isNaN(Date.parse(value)))
      throw AppError.badRequest(`${field}: give a date (YYYY-MM-DD)`, field);
    return sql`${new Date(value).toISOString()}::timestamptz`;
  }
  return sql`${String(value)}::text`;
}

function filterSql(dataset: AnalyticsDatasetKey, filter: AnalyticsFilter, index: number): SQL {
  const field = `filters[${index}]`;
  const expr = column(dataset, filter.column, `${field}.column`);
  const type = columnType(dataset, filter.column);
  const { operator, value } = filter;
  if (value === null) {
    if (operator === 'Equal') return sql`${expr} is null`;
    if (operator === 'NotEqual') return sql`${expr} is not null`;
    throw AppError.badRequest(`${field}.value: ${operator} needs a value`, `${field}.value`);
  }
  if (operator in PATTERN) {
    if (type !== 'text')
      throw AppError.badRequest(
        `${field}.operator: ${operator} applies to text columns only`,
        `${field}.operator`,
      );
    const pattern = PATTERN[operator as keyof typeof PATTERN](String(value));
    return sql`${expr} ilike ${pattern}`;
  }
  if (type === 'boolean' && operator !== 'Equal' && operator !== 'NotEqual')
    throw AppError.badRequest(
      `${field}.operator: ${operator} does not apply to yes/no columns`,
      `${field}.operator`,
    );
  const bound = bindValue(type, value, `${field}.value`);
  if (operator === 'NotEqual') return sql`${expr} is distinct from ${bound}`;
  return sql`${expr} ${COMPARE[operator as keyof typeof COMPARE]} ${bound}`;
}

/** A validated definition as SQL parts and the result's columns. */
export type BuiltQuery = {
  columns: AnalyticsResultColumn[];
  viewer: AnalyticsViewer;
  statement: (limit: number, offset: number, visibleJobIds: readonly string[]) => SQL;
};

/**
 * Builds the statement of a definition for a viewer; every name is checked against the
 * allow-list first (400 naming the first one outside it).
 */
export function buildAnalyticsQuery(
  definition: AnalyticsQueryDefinition,
  viewer: AnalyticsViewer,
): BuiltQuery {
  const dataset = definition.dataset;
  if (!isDatasetKey(dataset))
    throw AppError.badRequest(
      `dataset: "${dataset}" is not a dataset of the allow-list`,
      'dataset',
    );
  const info = ANALYTICS_DATASETS[dataset].columns as Record<
    string,
    { label: string; type: AnalyticsColumnType }
  >;
  const grouped = definition.groupBy.length > 0 || definition.aggregates.length > 0;
  if (grouped && definition.columns.length > 0)
    throw AppError.badRequest(
      'columns: a grouped query shows its group-by columns and aggregates; leave columns empty',
      'columns',
    );
  if (!grouped && definition.columns.length === 0)
    throw AppError.badRequest('columns: choose at least one column, or group the rows', 'columns');

  type Out = AnalyticsResultColumn & { expr: SQL };
  const plain = (names: string[], field: string): Out[] =>
    names.map((name, i) => {
      const expr = column(dataset, name, `${field}[${i}]`);
      const { label, type } = info[name]!;
      return { key: name, label, type, expr: type === 'date' ? utcTime(expr) : expr };
    });
  const out: Out[] = grouped
    ? plain(definition.groupBy, 'groupBy')
    : plain(definition.columns, 'columns');
  definition.aggregates.forEach((agg, i) => {
    const field = `aggregates[${i}]`;
    if (agg.fn === 'count') {
      if (agg.column !== undefined) column(dataset, agg.column, `${field}.column`); // named: must still be allowed
      out.push({ key: 'count', label: 'Count', type: 'number', expr: sql`count(*)::float8` });
      return;
    }
    if (agg.column === undefined)
      throw AppError.badRequest(`${field}.column: ${agg.fn} needs a column`, `${field}.column`);
    const expr = column(dataset, agg.column, `${field}.column`);
    const { label, type } = info[agg.column]!;
    if ((agg.fn === 'sum' || agg.fn === 'avg') && type !== 'number')
      throw AppError.badRequest(
        `${field}.column: ${agg.fn} needs a number column, not "${agg.column}"`,
        `${field}.column`,
      );
    const fnSql = { sum: sql`sum`, avg: sql`avg`, min: sql`min`, max: sql`max` }[agg.fn];
    const value = sql`${fnSql}(${expr})`;
    out.push({
      key: `${agg.fn}_${agg.column}`,
      label: `${agg.fn} of ${label}`,
      type,
      expr: type === 'number' ? sql`${value}::float8` : type === 'date' ? utcTime(value) : value,
    });
  });
  const keys = out.map((o) => o.key);
  const duplicate = keys.find((k, i) => keys.indexOf(k) !== i);
  if (duplicate) throw AppError.badRequest(`columns: "${duplicate}" is chosen twice`, 'columns');

  const where = definition.filters.map((f, i) => filterSql(dataset, f, i));
  const order: SQL[] = definition.sort.map((s, i) => {
    const position = keys.indexOf(s.key);
    if (position < 0)
      throw AppError.badRequest(
        `sort[${i}].key: "${s.key}" is not a column of the result`,
        `sort[${i}].key`,
      );
    return sql.raw(`${position + 1} ${s.direction === 'desc' ? 'desc' : 'asc'} nulls last`);
  });
  // The rest of the result's columns break ties, so pages do not overlap.
  keys.forEach((_, i) => order.push(sql.raw(`${i + 1}`)));
  const select = sql.join(
    out.map((o, i) => sql`${o.expr} as ${sql.identifier(`c${i}`)}`),
    sql`, `,
  );
  // Every column the statement names, in any clause: the joins it needs.
  const named = [
    ...definition.columns,
    ...definition.groupBy,
    ...definition.filters.map((f) => f.column),
    ...definition.aggregates.flatMap((a) => (a.column ? [a.column] : [])),
  ];
  const joins = new Set(named.flatMap((n) => DATASETS[dataset].needs?.[n] ?? []));
  const from = (ids: readonly string[]) =>
    DATASETS[dataset].from(viewer, joins, (jobId) =>
      // One bound parameter, an array literal of the uuids the database itself returned.
      ids.length ? sql`${jobId} = any(${`{${ids.join(',')}}`}::uuid[])` : sql`false`,
    );
  const filters = where.length > 0 ? sql` and ${sql.join(where, sql` and `)}` : sql``;
  const groupBy = definition.groupBy.length
    ? sql` group by ${sql.join(
        definition.groupBy.map((_, i) => sql.raw(String(i + 1))),
        sql`, `,
      )}`
    : sql``;
  return {
    columns: out.map(({ key, label, type }) => ({ key, label, type })),
    viewer,
    statement: (limit, offset, ids) =>
      sql`select ${select} from ${from(ids)}${filters}${groupBy}
        order by ${sql.join(order, sql`, `)} limit ${limit} offset ${offset}`,
  };
}

/**
 * Runs a built statement in a read-only transaction whose statements stop after `timeoutMs`
 * (SET LOCAL statement_timeout, through set_config so the value is bound).
 */
export function runReadOnly(
  db: Database,
  built: BuiltQuery,
  limit: number,
  offset: number,
  timeoutMs: number,
) {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set transaction read only`);
    await tx.execute(sql`select set_config('statement_timeout', ${String(timeoutMs)}, true)`);
    const ids = built.viewer.seesAllJobs
      ? []
      : (
          await queryRows<{ id: string }>(
            tx as unknown as Database,
            sql`select ${jobs.id}::text as id from ${jobs} where ${visibleJobsWhere(built.viewer)}`,
          )
        ).map((r) => r.id);
    return rowsOf(tx as unknown as Database, built, limit, offset, ids);
  });
}

/** A statement's rows as arrays of cells, in the result's column order. */
async function rowsOf(
  db: Database,
  built: BuiltQuery,
  limit: number,
  offset: number,
  visibleJobIds: readonly string[],
): Promise<(string | number | boolean | null)[][]> {
  const rows = await queryRows<Record<string, unknown>>(
    db,
    built.statement(limit, offset, visibleJobIds),
  );
  return rows.map((row) =>
    built.columns.map((_, i) => {
      const v = row[`c${i}`];
      return v === undefined || v === null ? null : (v as string | number | boolean);
    }),
  );
}
