import type { GlobalFilterOptions, JobDetails, PagedResponse } from '@b2b/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness.js';
import { JOBS_BASE, jobPipeline } from '../../../test/job-pipeline.js';
import { jobInsightBars, jobInsights } from '../insights/insight.schema.js';
import { issuerUsers, issuers } from '../issuers/issuer.schema.js';
import { users } from '../users/user.schema.js';
import { jobSupplierResults, jobUserAssignments, jobs } from './job.schema.js';
import {
  type JobViewer,
  canSeeJob,
  jobViewerKind,
  preparedVisibleJobsWhere,
  visibilityValues,
  visibleJobsWhere,
} from './jobs.policy.js';

/**
 * SPEC §3: a job's authorized end users are its Owner, its issuer's Managers (IssuerManager) and
 * the users assigned to it (DirectAssignment, MagicLinkUser); a plain Member of its issuer sees
 * it once it is published; AllBuyers_VIEW sees every job. One rule, in every read.
 */
const t = useTestApp();
const pipeline = jobPipeline(t);
const MERCHANT = 'M-VISIBILITY';

type Viewer = 'owner' | 'manager' | 'direct' | 'magicLink' | 'member' | 'otherIssuer' | 'allBuyers';
type Job = 'owned' | 'managed' | 'assigned' | 'magicLinked' | 'forMembers';

const USERNAMES: Record<Viewer, string> = {
  owner: 'selfservejobcreator@example.com',
  manager: 'accountmanager@example.com',
  direct: 'campaignmanager@example.com',
  magicLink: 'issuerplus@example.com',
  member: 'client@example.com',
  otherIssuer: 'issuer@example.com',
  allBuyers: 'ptcojobmanager@example.com',
};

/**
 * Which viewer sees which job. PayTech Bank holds `owned`, `managed` and `forMembers`; Mastercard
 * holds `assigned` and `magicLinked`. Every demo user but `otherIssuer` (moved to Mastercard as a
 * plain Member) belongs to PayTech, `manager` as its Manager, the others as Members; nothing is
 * published until the last test publishes `forMembers`.
 */
const SEES: Record<Viewer, Job[]> = {
  owner: ['owned'],
  manager: ['owned', 'managed', 'forMembers'],
  direct: ['assigned'],
  magicLink: ['magicLinked'],
  member: [],
  otherIssuer: [],
  allBuyers: ['owned', 'managed', 'assigned', 'magicLinked', 'forMembers'],
};
const VIEWERS = Object.keys(USERNAMES) as Viewer[];
const JOBS: Job[] = ['owned', 'managed', 'assigned', 'magicLinked', 'forMembers'];

const cookies = {} as Record<Viewer, string>;
const ids = {} as Record<Job, string>;
let admin: string;

const userId = async (username: string) =>
  (await t.database.db.select().from(users).where(eq(users.username, username)))[0]!.id;

/** What the pipeline would have left: Completed, its insights stored, a supplier matched. */
async function completeWithResults(jobId: string) {
  const { db } = t.database;
  await db
    .update(jobs)
    .set({ status: 'Completed', completedAt: new Date() })
    .where(eq(jobs.id, jobId));
  await db.insert(jobInsights).values({ jobId, barCount: 1, unavailable: {} });
  const bar = {
    jobId,
    slicer: 'Overall',
    slicerValue: 'All',
    product: 'All',
    sortKey: null,
    suppliers: 1,
    spend: 100,
    pos: 0,
    invoices: 0,
    payments: 0,
    avgTermsDays: null,
    avgDaysToPay: null,
  };
  // The Aggregate step stores the totals and the match status apart (the summary needs both).
  await db.insert(jobInsightBars).values([
    { ...bar, grouping: 'Totals', bucket: 'All', label: 'All' },
    { ...bar, grouping: 'MatchStatus', bucket: 'MATCHED', label: 'MATCHED' },
  ]);
  await db.insert(jobSupplierResults).values({
    jobId,
    supplierKey: 'k1',
    supplierName: 'Visible Supplier',
    matchStatus: 'MATCHED',
    confidence: 'High',
    matchSource: 'computed',
    merchantId: MERCHANT,
  });
}

beforeAll(async () => {
  const { db } = t.database;
  // `otherIssuer` becomes a plain Member of Mastercard only.
  const [mastercard] = await db
    .select()
    .from(issuers)
    .where(eq(issuers.issuerKey, 'mastercard-issuing'));
  const other = await userId(USERNAMES.otherIssuer);
  await db.delete(issuerUsers).where(eq(issuerUsers.userId, other));
  await db
    .insert(issuerUsers)
    .values({ issuerId: mastercard!.id, userId: other, userRole: 'Member' });

  admin = await t.signIn('sysadmin@example.com');
  for (const viewer of VIEWERS) cookies[viewer] = await t.signIn(USERNAMES[viewer]);

  const create = async (cookie: string, issuerName: string, name: string) =>
    (await pipeline.createJob({ cookie, issuerName, name })).id;
  ids.owned = await create(cookies.owner, 'PayTech Bank', 'Visibility owned');
  ids.managed = await create(admin, 'PayTech Bank', 'Visibility managed');
  ids.assigned = await create(admin, 'Mastercard Issuing', 'Visibility assigned');
  ids.magicLinked = await create(admin, 'Mastercard Issuing', 'Visibility magic link');
  ids.forMembers = await create(admin, 'PayTech Bank', 'Visibility for members');
  for (const job of JOBS) await completeWithResults(ids[job]);

  const assign = await t.request({
    method: 'PUT',
    url: `${JOBS_BASE}/update-job-artifact-user-assignment`,
    cookie: admin,
    payload: {
      jobArtifactId: ids.assigned,
      userId: await userId(USERNAMES.direct),
      isAssigned: true,
    },
  });
  expect(assign.statusCode, assign.body).toBe(200);
  // A magic link's user is connected by a row of their own (SPEC §3 MagicLinkUser).
  await db.insert(jobUserAssignments).values({
    jobId: ids.magicLinked,
    userId: await userId(USERNAMES.magicLink),
    connection: 'MagicLinkUser',
  });
});

/** Which of the test's jobs each read shows the viewer. */
async function seenBy(viewer: Viewer) {
  const cookie = cookies[viewer];
  const status = async (url: string, method: 'GET' | 'POST' = 'GET') =>
    (await t.request({ method, url, cookie, ...(method === 'POST' ? { payload: {} } : {}) }))
      .statusCode;
  const detail: Job[] = [];
  const suppliers: Job[] = [];
  const insights: Job[] = [];
  for (const job of JOBS) {
    const code = await status(`${JOBS_BASE}/${ids[job]}`);
    expect([200, 404], `${viewer} reads ${job}`).toContain(code);
    if (code === 200) detail.push(job);
    if ((await status(`${JOBS_BASE}/${ids[job]}/suppliers`, 'POST')) === 200) suppliers.push(job);
    if ((await status(`${JOBS_BASE}/${ids[job]}/insights/summary`)) === 200) insights.push(job);
  }
  const ofIds = (found: Iterable<string>) => {
    const set = new Set(found);
    return JOBS.filter((job) => set.has(ids[job]));
  };
  const list = await t.request({
    method: 'POST',
    url: `${JOBS_BASE}/get`,
    cookie,
    payload: { pageSize: 100 },
  });
  const options = await t.request({ url: '/api/v1/global-insights/filter-options', cookie });
  expect(options.statusCode, options.body).toBe(200);
  const vendors = await t.request({
    method: 'POST',
    url: `/api/v1/vendors/${MERCHANT}/matched-suppliers`,
    cookie,
    payload: { pageNumber: 1, pageSize: 25, filters: [] },
  });
  expect(vendors.statusCode, vendors.body).toBe(200);
  return {
    detail,
    list: ofIds(list.json<PagedResponse<JobDetails>>().collection.map((j) => j.id)),
    suppliers,
    insights,
    globalInsights: ofIds(options.json<GlobalFilterOptions>().jobs.map((j) => j.id)),
    vendors: ofIds(vendors.json<PagedResponse<{ jobId: string }>>().collection.map((s) => s.jobId)),
  };
}

const everywhere = (jobList: Job[]) => ({
  detail: jobList,
  list: jobList,
  suppliers: jobList,
  insights: jobList,
  globalInsights: jobList,
  vendors: jobList,
});

/**
 * The viewer as the session would build it: the user's issuers and the ones they manage, read
 * from issuer_users; every issuer's jobs for the AllBuyers_VIEW holder.
 */
async function viewerOf(viewer: Viewer): Promise<JobViewer> {
  const id = await userId(USERNAMES[viewer]);
  const memberships = await t.database.db
    .select()
    .from(issuerUsers)
    .where(eq(issuerUsers.userId, id));
  return {
    userId: id,
    issuerIds: memberships.map((m) => m.issuerId),
    managedIssuerIds: memberships.filter((m) => m.userRole === 'Manager').map((m) => m.issuerId),
    seesAllJobs: viewer === 'allBuyers',
  };
}

describe('the rule in its three forms', () => {
  it('canSeeJob, visibleJobsWhere and its prepared form agree on every viewer and job, published or not', async () => {
    const { db } = t.database;
    const jobIds = JOBS.map((job) => ids[job]);
    const published = async (value: boolean) =>
      db.update(jobs).set({ isPublished: value }).where(inArray(jobs.id, jobIds));
    const before = await db.select().from(jobs).where(inArray(jobs.id, jobIds));
    try {
      for (const isPublished of [false, true]) {
        await published(isPublished);
        const rows = await db.select().from(jobs).where(inArray(jobs.id, jobIds));
        const assignments = await db
          .select()
          .from(jobUserAssignments)
          .where(inArray(jobUserAssignments.jobId, jobIds));
        // A results link's holder (SPEC §3 MagicLinkUser) besides the users.
        const resultsLink: JobViewer = {
          ...(await viewerOf('member')),
          resultsJobId: ids.forMembers,
        };
        const viewers: (readonly [string, JobViewer])[] = [
          ...(await Promise.all(VIEWERS.map(async (v) => [v, await viewerOf(v)] as const))),
          ['resultsLink', resultsLink],
        ];
        for (const [viewer, v] of viewers) {
          const bySql = await db
            .select({ id: jobs.id })
            .from(jobs)
            .where(and(inArray(jobs.id, jobIds), visibleJobsWhere(v)));
          const byPredicate = rows.filter((job) =>
            canSeeJob(
              v,
              job,
              assignments.filter((a) => a.jobId === job.id).map((a) => a.userId),
            ),
          );
          const byPrepared = await db
            .select({ id: jobs.id })
            .from(jobs)
            .where(and(inArray(jobs.id, jobIds), preparedVisibleJobsWhere(jobViewerKind(v))))
            .execute(visibilityValues(v));
          expect(bySql.map((r) => r.id).sort(), `${viewer}, published ${isPublished}`).toEqual(
            byPredicate.map((r) => r.id).sort(),
          );
          expect(byPrepared.map((r) => r.id).sort(), `${viewer} (prepared)`).toEqual(
            byPredicate.map((r) => r.id).sort(),
          );
        }
      }
    } finally {
      for (const job of before) {
        await db.update(jobs).set({ isPublished: job.isPublished }).where(eq(jobs.id, job.id));
      }
    }
  });
});

describe('job visibility, for every connection', () => {
  for (const viewer of VIEWERS) {
    it(`${viewer} (${USERNAMES[viewer]}) sees ${SEES[viewer].join(', ') || 'none'} of the unpublished jobs, in every read`, async () => {
      expect(await seenBy(viewer)).toEqual(everywhere(SEES[viewer]));
    });
  }

  it('shows a published job to the plain Members of its issuer, and to nobody else new', async () => {
    const published = await t.request({
      method: 'PUT',
      url: `${JOBS_BASE}/${ids.forMembers}/publish`,
      cookie: admin,
      payload: { isPublished: true },
    });
    expect(published.statusCode, published.body).toBe(200);
    // Every PayTech Member now sees it; Mastercard's Member still does not.
    const after: Record<Viewer, Job[]> = {
      ...SEES,
      owner: ['owned', 'forMembers'],
      direct: ['assigned', 'forMembers'],
      magicLink: ['magicLinked', 'forMembers'],
      member: ['forMembers'],
    };
    for (const viewer of VIEWERS) {
      expect(await seenBy(viewer), viewer).toEqual(everywhere(after[viewer]));
    }
    const row = await t.database.db
      .select({ isPublished: jobs.isPublished })
      .from(jobs)
      .where(and(eq(jobs.id, ids.forMembers), eq(jobs.isPublished, true)));
    expect(row).toHaveLength(1);
  });
});
