import {
  BandChartSchema,
  ChartKindSchema,
  InsightChartDataSchema,
  InsightSlicersSchema,
  JobDetailsSchema,
  JobSummarySchema,
  SupplierResultSchema,
  UserDetailSchema,
  UserListItemSchema,
  insightsEndpoints,
  jobsEndpoints,
  pagedResponseSchema,
  usersEndpoints,
  type ComparisonDifference,
  type ComparisonResult,
  type ComparisonSection,
  type ComparisonSettings,
  type Endpoint,
  type InsightChart,
  type JobComparison,
  type UpdateComparisonSettings,
} from '@b2b/contract';
import type { z } from 'zod';
import type { Database } from '../../db/client.js';
import type { Actor } from '../../lib/actor.js';
import { AppError } from '../../lib/app-error.js';
import { createSecretBox } from '../../lib/secret-box.js';
import type { InsightsService } from '../insights/insights.service.js';
import type { JobsService } from '../jobs/jobs.service.js';
import type { createUserAdminService } from '../users/user-admin.service.js';
import type { UsersService } from '../users/users.service.js';
import { createEndpointComparisonRepo } from './endpoint-comparison.repo.js';
import { diffAnswers, type DiffRules } from './field-diff.js';
import { createRemoteClient, type Answer, type RemoteCall } from './remote-client.js';

type UserAdminService = ReturnType<typeof createUserAdminService>;

export const NOT_CONFIGURED_MESSAGE =
  "Endpoint comparison is not configured: set the other environment's base URL and service token first.";

export const ORIGINS_NOT_CONFIGURED_MESSAGE =
  "Endpoint comparison is off on this server: set COMPARISON_ALLOWED_ORIGINS to the other environments' origins first.";

/** The most suppliers (and users) compared on each side, read in pages of the largest size. */
export const COMPARISON_ROW_LIMIT = 1000;
const PAGE_SIZE = 500;
/** The most differences one answer lists (their count per section stays exact). */
const MAX_LISTED_DIFFERENCES = 5000;
/** Calls in flight at once on each side (insights charts, user details). */
const PARALLEL_CALLS = 4;

const CHARTS: InsightChart[] = [...ChartKindSchema.options, ...BandChartSchema.options];
const OVERALL = { slicer: 'Overall', slicerValue: 'All', product: 'All' } as const;
const USER_STATUSES = ['active', 'unapproved', 'pending', 'deactivated'] as const;
const USER_LISTS = {
  active: usersEndpoints.listActiveUsers,
  unapproved: usersEndpoints.listUnapprovedUsers,
  pending: usersEndpoints.listPendingUsers,
  deactivated: usersEndpoints.listDeactivatedUsers,
} as const;

/**
 * Fields that always differ between two environments: ids each database generates, the times
 * things happened there, and row versions. Shown on the screens as "ignored".
 */
const JOB_IGNORED = [
  'id',
  'jobId',
  'issuerId',
  'buyerId',
  'ownerId',
  'commandId',
  'referenceVersionId',
  'createdOn',
  'updatedOn',
  'uploadedAt',
  'submittedAt',
  'startedAt',
  'completedAt',
  'computedAt',
  'suppliers[].override.at',
  // A step's message reports its durations and the reference version's id.
  'details.steps[].message',
  // Bars are matched by key; the "Jobs" chart's key is the job's id.
  'insights.charts[].bars[].key',
];
/** `authenticated`: whether the user has signed in to that environment. */
const USER_IGNORED = ['id', 'issuerId', 'createdAt', 'lastActivityAt', 'authenticated', 'version'];

/** How the items of a job's arrays are matched; the "Jobs" chart's bar is the job itself. */
const jobKeys = (jobIds: string[]): DiffRules['keys'] => ({
  'details.steps': (s) => String(s.step),
  'details.files': (f) => `${String(f.role)}: ${String(f.fileName)}`,
  'summary.spendByProduct': (p) => String(p.product),
  'summary.matchOutcome': (m) => String(m.status),
  'summary.confidence': (c) => String(c.level),
  'summary.cardAcceptance.matched': (m) => String(m.acceptsCard),
  'summary.unavailableCharts': (c) => String(c.chart),
  suppliers: (s) => String(s.supplierKey),
  'insights.slicers': (s) => String(s.slicer),
  'insights.slicers[].values': (v) => String(v.value),
  'insights.charts': (c) => String(c.chart),
  'insights.charts[].bars': (b) => (jobIds.includes(String(b.key)) ? 'this job' : String(b.key)),
});
const USER_KEYS: DiffRules['keys'] = {
  users: (u) => String(u.username),
  'users[].issuers': (i) => String(i.issuerName),
  'users[].roles.standard': (r) => String(r.role),
  'users[].roles.tabbedView': (r) => String(r.role),
};

type Dependencies = {
  secretsKey: string;
  /** The origins the comparison may call (COMPARISON_ALLOWED_ORIGINS); `'any'` when unset. */
  allowedOrigins: string[] | 'any';
  users: UsersService;
  userAdmin: UserAdminService;
  jobs: JobsService;
  insights: InsightsService;
};

/** What this environment's API would answer: the service's result written as the contract's shape. */
async function localAnswer(schema: z.ZodType, read: () => Promise<unknown>): Promise<Answer> {
  try {
    return { ok: true, data: schema.parse(JSON.parse(JSON.stringify(await read()))) };
  } catch (error) {
    if (error instanceof AppError && error.statusCode < 500)
      return { ok: false, status: error.statusCode, message: error.message };
    throw error;
  }
}

const answerText = (a: Answer) => (a.ok ? 'HTTP 200' : `HTTP ${a.status}: ${a.message}`);

/**
 * Compares two answers of one section: both data → field by field; an error on either side →
 * one difference at the section's root unless both sides answered the same error.
 */
function compareAnswers(
  section: string,
  here: Answer,
  there: Answer,
  rules: DiffRules,
  root = section,
): ComparisonDifference[] {
  if (here.ok && there.ok) return diffAnswers(section, root, here.data, there.data, rules);
  if (!here.ok && !there.ok && here.status === there.status && here.message === there.message)
    return [];
  return [
    {
      section,
      path: root,
      thisValue: answerText(here),
      otherValue: answerText(there),
      kind: 'changed',
    },
  ];
}

/** Runs `work` over `items`, `PARALLEL_CALLS` at a time, keeping the order. */
async function inBatches<T, R>(items: readonly T[], work: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += PARALLEL_CALLS) {
    out.push(...(await Promise.all(items.slice(i, i + PARALLEL_CALLS).map(work))));
  }
  return out;
}

/** Reads pages of a list until `limit` rows or its end: the rows and the list's total. */
async function readPages(
  page: (pageNumber: number) => Promise<Answer>,
  limit: number,
): Promise<{ answer: Answer; total: number }> {
  const rows: unknown[] = [];
  let total = 0;
  // The first page is always read, for the list's total even when no more rows are wanted.
  for (let pageNumber = 1; pageNumber === 1 || rows.length < limit; pageNumber++) {
    const answer = await page(pageNumber);
    if (!answer.ok) return { answer, total };
    const data = answer.data as { collection: unknown[]; totalCount: number; hasNextPage: boolean };
    total = data.totalCount;
    rows.push(...data.collection);
    if (!data.hasNextPage || data.collection.length === 0) break;
  }
  return { answer: { ok: true, data: rows.slice(0, limit) }, total };
}

function finish(
  sections: ComparisonSection[],
  differences: ComparisonDifference[],
  otherBaseUrl: string,
  ignoredFields: string[],
): ComparisonResult {
  return {
    otherBaseUrl,
    comparedAt: new Date().toISOString(),
    sections,
    differences: differences.slice(0, MAX_LISTED_DIFFERENCES),
    ignoredFields,
  };
}

const endpointName = (e: Endpoint) => `${e.method} ${e.path}`;
const count = (n: number) => n.toLocaleString('en-GB');

/**
 * Endpoint comparison (issue 21, SPEC §2 DevOps): reads a job (details, summary, suppliers,
 * insights) or the users from this environment through the owning modules' services, as the
 * public API would answer them, and from the other environment through its public API with a
 * service token; then lists the differences field by field.
 */
export function createEndpointComparisonService(db: Database, deps: Dependencies) {
  const repo = createEndpointComparisonRepo(db);
  const box = createSecretBox(deps.secretsKey, 'endpoint-comparison-token');

  const allowedOrigins = deps.allowedOrigins === 'any' ? null : deps.allowedOrigins;

  async function presentSettings(): Promise<ComparisonSettings> {
    const row = await repo.settings();
    if (!row)
      return {
        baseUrl: null,
        tokenSet: false,
        tokenLabel: null,
        updatedAt: null,
        updatedBy: null,
        allowedOrigins,
      };
    const by = row.updatedBy ? await deps.users.findById(row.updatedBy) : undefined;
    return {
      baseUrl: row.baseUrl,
      tokenSet: row.sealedToken !== null,
      tokenLabel: row.tokenLabel,
      updatedAt: row.updatedAt.toISOString(),
      updatedBy: by?.username ?? null,
      allowedOrigins,
    };
  }

  /**
   * Why the server may not call `baseUrl`, or undefined when it may: the address is typed on a
   * screen, and the server calls it with a token, so only configured environments are reachable.
   */
  function refusal(baseUrl: string): string | undefined {
    if (!allowedOrigins) return undefined;
    if (allowedOrigins.length === 0) return ORIGINS_NOT_CONFIGURED_MESSAGE;
    const origin = new URL(baseUrl).origin;
    return allowedOrigins.includes(origin)
      ? undefined
      : `${origin} is not one of the environments this server may call (COMPARISON_ALLOWED_ORIGINS): ${allowedOrigins.join(', ')}.`;
  }

  /** The other environment's client; 409 until its base URL and token are set and allowed. */
  async function remote(): Promise<{ call: RemoteCall; baseUrl: string }> {
    const row = await repo.settings();
    if (!row?.sealedToken) throw AppError.conflict(NOT_CONFIGURED_MESSAGE);
    const refused = refusal(row.baseUrl);
    if (refused) throw AppError.conflict(refused);
    return {
      call: createRemoteClient(row.baseUrl, box.open(row.sealedToken)),
      baseUrl: row.baseUrl,
    };
  }

  return {
    settings: presentSettings,

    async updateSettings(actor: Actor, input: UpdateComparisonSettings) {
      const refused = refusal(input.baseUrl);
      if (refused) throw AppError.badRequest(refused, 'body.baseUrl');
      const existing = await repo.settings();
      await repo.saveSettings({
        baseUrl: input.baseUrl.replace(/\/+$/, ''),
        sealedToken: input.token ? box.seal(input.token) : (existing?.sealedToken ?? null),
        tokenLabel:
          input.tokenLabel === undefined
            ? (existing?.tokenLabel ?? null)
            : input.tokenLabel || null,
        updatedAt: new Date(),
        updatedBy: actor.userId,
      });
      return presentSettings();
    },

    async compareJob(actor: Actor, jobId: string, remoteJobId: string): Promise<JobComparison> {
      const { call, baseUrl } = await remote();
      // The job must be one the actor sees here (404 otherwise, as its own endpoint answers).
      const detailsHere = await localAnswer(JobDetailsSchema, () => deps.jobs.get(actor, jobId));
      if (!detailsHere.ok) throw new AppError(detailsHere.status, detailsHere.message);
      const rules: DiffRules = { keys: jobKeys([jobId, remoteJobId]), ignored: JOB_IGNORED };
      const params = { id: remoteJobId };
      const sections: ComparisonSection[] = [];
      const differences: ComparisonDifference[] = [];
      const record = (section: ComparisonSection, found: ComparisonDifference[]) => {
        sections.push({ ...section, differences: found.length });
        differences.push(...found);
      };

      const detailsThere = await call(jobsEndpoints.getJob, { params });
      record(
        {
          section: 'details',
          endpoints: [endpointName(jobsEndpoints.getJob)],
          differences: 0,
          note: 'The job as its details tab reads it',
        },
        compareAnswers('details', detailsHere, detailsThere, rules),
      );

      const [summaryHere, summaryThere] = await Promise.all([
        localAnswer(JobSummarySchema, () => deps.insights.summary(actor, jobId, OVERALL)),
        call(insightsEndpoints.getJobSummary, { params, query: OVERALL }),
      ]);
      record(
        {
          section: 'summary',
          endpoints: [endpointName(insightsEndpoints.getJobSummary)],
          differences: 0,
          note: 'Overall slice, all products',
        },
        compareAnswers('summary', summaryHere, summaryThere, rules),
      );

      const page = (pageNumber: number) => ({
        orderBy: 'supplierKey',
        pageNumber,
        pageSize: PAGE_SIZE,
        filters: [],
      });
      const [suppliersHere, suppliersThere] = await Promise.all([
        readPages(
          (n) =>
            localAnswer(SupplierResultListSchema, () =>
              deps.jobs.results.suppliers(actor, jobId, page(n)),
            ),
          COMPARISON_ROW_LIMIT,
        ),
        readPages(
          (n) => call(jobsEndpoints.listJobSuppliers, { params, body: page(n) }),
          COMPARISON_ROW_LIMIT,
        ),
      ]);
      const bounded = Math.max(suppliersHere.total, suppliersThere.total) > COMPARISON_ROW_LIMIT;
      record(
        {
          section: 'suppliers',
          endpoints: [endpointName(jobsEndpoints.listJobSuppliers)],
          differences: 0,
          note: `${count(suppliersHere.total)} suppliers here, ${count(suppliersThere.total)} there; ${
            bounded
              ? `the first ${count(COMPARISON_ROW_LIMIT)} by supplier key compared`
              : 'all compared'
          }, matched by supplier key`,
        },
        compareAnswers('suppliers', suppliersHere.answer, suppliersThere.answer, rules),
      );

      const slicersHere = await localAnswer(InsightSlicersSchema, () =>
        deps.insights.slicers(actor, jobId),
      );
      const slicersThere = await call(insightsEndpoints.getJobInsightSlicers, { params });
      const chartsHere = await inBatches(CHARTS, (chart) =>
        localAnswer(InsightChartDataSchema, () =>
          deps.insights.chart(actor, jobId, { ...OVERALL, chart }),
        ),
      );
      const chartsThere = await inBatches(CHARTS, (chart) =>
        call(insightsEndpoints.getJobInsightChart, { params, query: { ...OVERALL, chart } }),
      );
      const insightDifferences = [
        ...compareAnswers('insights', slicersHere, slicersThere, rules, 'insights.slicers'),
        ...compareAnswers(
          'insights',
          allOrFirstError(chartsHere),
          allOrFirstError(chartsThere),
          rules,
          'insights.charts',
        ),
      ];
      record(
        {
          section: 'insights',
          endpoints: [
            endpointName(insightsEndpoints.getJobInsightSlicers),
            endpointName(insightsEndpoints.getJobInsightChart),
          ],
          differences: 0,
          note: `The slicers and the ${CHARTS.length} charts, overall slice, all products`,
        },
        insightDifferences,
      );

      return { ...finish(sections, differences, baseUrl, JOB_IGNORED), jobId, remoteJobId };
    },

    async compareUsers(): Promise<ComparisonResult> {
      const { call, baseUrl } = await remote();
      const page = (pageNumber: number) => ({
        orderBy: 'username',
        pageNumber,
        pageSize: PAGE_SIZE,
        filters: [],
      });
      const here = await usersOf(
        (status, n) =>
          localAnswer(UserListPageSchema, () => deps.userAdmin.listByStatus(status, page(n))),
        (id) => localAnswer(UserDetailSchema, () => deps.userAdmin.getDetail(id)),
      );
      const there = await usersOf(
        (status, n) =>
          call(USER_LISTS[status], { body: { ...page(n), filters: { filterItems: [] } } }),
        (id) => call(usersEndpoints.getUser, { params: { id } }),
      );
      const rules: DiffRules = { keys: USER_KEYS, ignored: USER_IGNORED };
      const found = compareAnswers('users', here.answer, there.answer, rules);
      const bounded = Math.max(here.total, there.total) > COMPARISON_ROW_LIMIT;
      const section: ComparisonSection = {
        section: 'users',
        endpoints: [
          ...USER_STATUSES.map((s) => endpointName(USER_LISTS[s])),
          endpointName(usersEndpoints.getUser),
        ],
        differences: found.length,
        note: `${count(here.total)} users here, ${count(there.total)} there; ${
          bounded ? `the first ${count(COMPARISON_ROW_LIMIT)} compared` : 'all compared'
        }, matched by username, with their roles and issuers`,
      };
      return finish([section], found, baseUrl, USER_IGNORED);
    },
  };
}

const SupplierResultListSchema = pagedResponseSchema(SupplierResultSchema);
const UserListPageSchema = pagedResponseSchema(UserListItemSchema);

/** The charts as one answer: all of them, or the first error (insights not computed, …). */
function allOrFirstError(answers: Answer[]): Answer {
  const failed = answers.find((a) => !a.ok);
  return failed ?? { ok: true, data: answers.map((a) => (a as { data: unknown }).data) };
}

/**
 * Every user of the four status lists (up to the limit), each with their details (roles,
 * issuers), as one answer: an array the diff matches by username.
 */
async function usersOf(
  list: (status: (typeof USER_STATUSES)[number], pageNumber: number) => Promise<Answer>,
  detail: (id: string) => Promise<Answer>,
): Promise<{ answer: Answer; total: number }> {
  const rows: { status: string; id: string }[] = [];
  let total = 0;
  for (const status of USER_STATUSES) {
    const read = await readPages((n) => list(status, n), COMPARISON_ROW_LIMIT - rows.length);
    if (!read.answer.ok) return read;
    total += read.total;
    for (const row of read.answer.data as { id: string }[]) rows.push({ status, id: row.id });
  }
  const details = await inBatches(rows, (row) => detail(row.id));
  const failed = details.find((d) => !d.ok);
  if (failed) return { answer: failed, total };
  return {
    answer: {
      ok: true,
      data: details.map((d, i) => ({ status: rows[i]!.status, ...(d as { data: object }).data })),
    },
    total,
  };
}
