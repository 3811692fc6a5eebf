import type {
  DashboardActiveUsers,
  DashboardAnalysis,
  DashboardCampaigns,
  DashboardJobActivity,
  DashboardJobsNow,
  DashboardProq,
  JobDetails,
} from '@b2b/contract';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { globalInsightsJobs } from '../../../test/global-insights-jobs.js';
import { useTestApp } from '../../../test/harness.js';
import { PROQ_TEST_ENV, registerOnce } from '../../../test/proq-kit.js';
import { campaignSuppliers, campaigns } from '../campaigns/campaign.schema.js';
import { jobs } from '../jobs/job.schema.js';
import { defineCommandHandler } from '../proq/command-registry.js';
import { users } from '../users/user.schema.js';

// No worker runs here: the fixture worker's heartbeat must stay fresh on a slow machine.
const t = useTestApp({ ...PROQ_TEST_ENV, PROQ_HEARTBEAT_SECONDS: '60' });
const base = '/api/v1/dashboard';
/**
 * Jobs A and C (Mastercard, EUR) and B (PayTech, GBP) completed with stored insights, and a
 * PayTech draft (test/global-insights-jobs.ts); B is published, so PayTech's plain members see it.
 */
const fixture = globalInsightsJobs(t);

let admin: string;
let issuerMember: string;
let running: JobDetails;
let failed: JobDetails;

async function createJob(issuerName: string, name: string) {
  const issuers = (
    await t.request({ url: '/api/v1/job-artifacts/wizard/issuers', cookie: admin })
  ).json<{ id: string; name: string; buyers: { id: string }[] }[]>();
  const issuer = issuers.find((i) => i.name === issuerName)!;
  const res = await t.request({
    method: 'POST',
    url: `/api/v1/job-artifacts?type=advanced&issuerId=${issuer.id}&buyerId=${issuer.buyers[0]!.id}&name=${encodeURIComponent(name)}&currency=EUR`,
    cookie: admin,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<JobDetails>();
}

async function addCampaign(
  job: JobDetails,
  name: string,
  suppliers: [string, string | null][],
  status = 'Active',
) {
  const [campaign] = await t.database.db
    .insert(campaigns)
    .values({
      jobId: job.id,
      issuerId: job.issuerId,
      name,
      route: 'Buyer',
      cardProduct: 'Vcard',
      language: 'en',
      status,
      useCaseIds: [],
      followUpDays: [8, 12],
      closeDay: 14,
      declinePeriodDays: 90,
      subject: 's',
      body: 'b',
      followUpSubject: 's',
      followUpBody: 'b',
      createdByName: 'sysadmin@example.com',
      startedAt: new Date(),
    })
    .returning();
  await t.database.db.insert(campaignSuppliers).values(
    suppliers.map(([status, outcome], i) => ({
      campaignId: campaign!.id,
      supplierKey: `s${i}`,
      supplierName: `Supplier ${i}`,
      sendable: true,
      status,
      outcome,
    })),
  );
  return campaign!;
}

const get = async <T>(path: string, cookie = admin) => {
  const res = await t.request({ url: `${base}/${path}`, cookie });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<T>();
};

beforeAll(async () => {
  admin = fixture.admin;
  const { db } = t.database;
  await db.update(jobs).set({ isPublished: true }).where(eq(jobs.id, fixture.jobB.id));
  running = await createJob('PayTech Bank', 'Dashboard running');
  failed = await createJob('Mastercard Issuing Demo', 'Dashboard failed');
  await db
    .update(jobs)
    .set({ status: 'Processing', isPublished: true })
    .where(eq(jobs.id, running.id));
  await db.update(jobs).set({ status: 'Error' }).where(eq(jobs.id, failed.id));
  // Job C was created five weeks and two months ago: an earlier period of each chart.
  await db
    .update(jobs)
    .set({ createdAt: sql`now() - interval '35 days'` })
    .where(eq(jobs.id, fixture.jobC.id));
  // A plain PayTech member given Dashboard_VIEW explicitly: sees only PayTech's published jobs.
  await db
    .update(users)
    .set({ explicitPermissions: ['Dashboard_VIEW'] })
    .where(eq(users.username, 'issuer@example.com'));
  issuerMember = await t.signIn('issuer@example.com');
});

describe('dashboard', () => {
  it('counts visible jobs by type and status, per week, with the current week last', async () => {
    const activity = await get<DashboardJobActivity>('job-activity');
    expect(activity.interval).toBe('week');
    expect(activity.periods).toHaveLength(12);
    expect(activity.total).toBe(6);
    expect(activity.byType).toEqual({ base: 4, 'matched-data-only': 0, advanced: 2 });
    expect(activity.byStatus).toEqual({ Draft: 1, Processing: 1, Completed: 3, Error: 1 });
    const current = activity.periods[11]!;
    expect(current.jobs).toBe(5);
    expect(current.byStatus).toEqual({ Draft: 1, Processing: 1, Completed: 2, Error: 1 });
    expect(new Date(`${current.start}T00:00:00Z`).getUTCDay()).toBe(1);
    // Job C, 35 days old, is five (or, on a Monday's edge, six) weeks back.
    const earlier = activity.periods.slice(0, 11).filter((p) => p.jobs > 0);
    expect(earlier).toHaveLength(1);
    expect(earlier[0]!.byType).toEqual({ base: 1, 'matched-data-only': 0, advanced: 0 });
    expect([5, 6]).toContain(11 - activity.periods.indexOf(earlier[0]!));
    const months = await get<DashboardJobActivity>('job-activity?interval=month');
    expect(months.periods.map((p) => p.start.slice(8))).toEqual(Array(12).fill('01'));
    expect(months.periods.reduce((n, p) => n + p.jobs, 0)).toBe(6);
  });

  it('lists the jobs running and failed now', async () => {
    const now = await get<DashboardJobsNow>('jobs-now');
    expect(now.running).toBe(1);
    expect(now.failed).toBe(1);
    expect(now.runningJobs).toEqual([
      expect.objectContaining({
        id: running.id,
        name: 'Dashboard running',
        type: 'advanced',
        issuerName: 'PayTech Bank',
      }),
    ]);
    expect(now.failedJobs.map((j) => [j.name, j.issuerName])).toEqual([
      ['Dashboard failed', 'Mastercard Issuing Demo'],
    ]);
  });

  it('adds up match rate, spend and card acceptance by issuer in the default currency', async () => {
    const analysis = await get<DashboardAnalysis>('analysis');
    // EUR has the most analysed jobs (A and C); B's GBP is offered, never added.
    expect(analysis).toEqual({
      currency: 'EUR',
      currencies: [
        { currency: 'EUR', jobs: 2 },
        { currency: 'GBP', jobs: 1 },
      ],
      jobs: 2,
      suppliers: 15,
      matchedSuppliers: 7,
      matchRatePercent: 46.7,
      spend: 1500,
      matchedSpend: 800,
      matchedSpendPercent: 53.3,
      cardAcceptanceByIssuer: [
        {
          issuerId: fixture.mastercard.issuerId,
          issuerName: 'Mastercard Issuing Demo',
          jobs: 2,
          suppliers: 15,
          acceptingSuppliers: 5,
          supplierPercent: 33.3,
          spend: 1500,
          acceptingSpend: 600,
          spendPercent: 40,
        },
      ],
    });
    const gbp = await get<DashboardAnalysis>('analysis?currency=gbp');
    expect(gbp).toMatchObject({ currency: 'GBP', jobs: 1, suppliers: 3, matchRatePercent: 100 });
    expect(gbp.cardAcceptanceByIssuer.map((i) => [i.issuerName, i.spendPercent])).toEqual([
      ['PayTech Bank', 100],
    ]);
    const none = await get<DashboardAnalysis>('analysis?currency=USD');
    expect(none).toMatchObject({ currency: 'USD', jobs: 0, suppliers: 0, matchRatePercent: 0 });
    expect(none.cardAcceptanceByIssuer).toEqual([]);
  });

  it('shows an issuer member only the figures of their issuer’s published jobs', async () => {
    const activity = await get<DashboardJobActivity>('job-activity', issuerMember);
    expect(activity.total).toBe(2);
    expect(activity.byStatus).toEqual({ Draft: 0, Processing: 1, Completed: 1, Error: 0 });
    const now = await get<DashboardJobsNow>('jobs-now', issuerMember);
    expect(now).toMatchObject({ running: 1, failed: 0, failedJobs: [] });
    const analysis = await get<DashboardAnalysis>('analysis', issuerMember);
    expect(analysis).toMatchObject({
      currency: 'GBP',
      currencies: [{ currency: 'GBP', jobs: 1 }],
      jobs: 1,
      suppliers: 3,
      spend: 600,
    });
    expect(analysis.cardAcceptanceByIssuer.map((i) => i.issuerName)).toEqual(['PayTech Bank']);
    // Asking for another issuer's currency adds nothing of theirs.
    expect((await get<DashboardAnalysis>('analysis?currency=EUR', issuerMember)).jobs).toBe(0);
  });

  it('lists active campaigns with their counters, only of visible jobs', async () => {
    const paytech = await addCampaign(fixture.jobB, 'PayTech outreach', [
      ['Pending', null],
      ['Active', null],
      ['Completed', 'Succeeded'],
      ['Completed', 'Declined'],
    ]);
    await addCampaign(fixture.jobA, 'Mastercard outreach', [['Active', null]]);
    await addCampaign(fixture.jobC, 'Mastercard done', [['Completed', 'Succeeded']], 'Completed');
    const all = await get<DashboardCampaigns>('campaigns');
    expect(all).toMatchObject({ pending: 0, active: 2, completed: 1 });
    expect(all.inProgress.map((c) => c.name).sort()).toEqual([
      'Mastercard outreach',
      'PayTech outreach',
    ]);
    const mine = await get<DashboardCampaigns>('campaigns', issuerMember);
    expect(mine).toMatchObject({ pending: 0, active: 1, completed: 0 });
    expect(mine.inProgress).toEqual([
      {
        id: paytech.id,
        name: 'PayTech outreach',
        jobId: fixture.jobB.id,
        jobName: 'Global B',
        route: 'Buyer',
        startedOn: paytech.startedAt!.toISOString(),
        counters: { total: 4, pending: 1, active: 1, failed: 1, succeeded: 1 },
      },
    ]);
  });

  it('reads ProQ health from its monitoring: queue depth, errors and workers alive', async () => {
    registerOnce(t, defineCommandHandler({ commandType: 'Test.Noop', run: async () => undefined }));
    const before = await get<DashboardProq>('proq');
    const proq = t.app.ctx.services.proq;
    const made = await proq.enqueue([
      { commandType: 'Test.Noop' },
      { commandType: 'Test.Noop' },
      { commandType: 'Test.Noop' },
    ]);
    await t.database.db.execute(
      sql`update proq_commands set state = 'Error', completed_date = now() where id = ${made[0]!.id}`,
    );
    await t.database.db.execute(
      sql`insert into proq_workers (id, hostname, pid, concurrency, command_types)
          values ('dashboard-worker', 'test', 1, 2, '{Test.Noop}')`,
    );
    const after = await get<DashboardProq>('proq');
    expect(after).toEqual({
      queued: before.queued + 2,
      errors: before.errors + 1,
      completed: before.completed,
      workersAlive: before.workersAlive + 1,
      workers: before.workers + 1,
      isPaused: false,
    });
  });

  it('counts the people active now, each once, on entities the viewer may see', async () => {
    const heartbeat = (cookie: string, entityType: string, entityId: string) =>
      t.request({
        method: 'POST',
        url: '/api/v1/concurrency/try-set-entity-active-user',
        cookie,
        payload: { entityType, entityId },
      });
    const ptco = await t.signIn('ptcojobmanager@example.com');
    await heartbeat(admin, 'issuer', fixture.mastercard.issuerId);
    await heartbeat(admin, 'issuer', fixture.paytech.issuerId);
    await heartbeat(ptco, 'issuer', fixture.paytech.issuerId);
    const all = await get<DashboardActiveUsers>('active-users');
    expect(all.count).toBe(2);
    expect(all.users.map((u) => u.userName).sort()).toEqual([
      'ptcojobmanager@example.com',
      'sysadmin@example.com',
    ]);
    // The PayTech member sees who looks at PayTech, not at Mastercard.
    const mine = await get<DashboardActiveUsers>('active-users', issuerMember);
    expect(mine.count).toBe(2);
    expect(mine.users.every((u) => u.entityName === 'PayTech Bank')).toBe(true);
  });

  it('refuses a bad interval or currency with a 400 naming the field', async () => {
    const interval = await t.request({ url: `${base}/job-activity?interval=year`, cookie: admin });
    expect(interval.statusCode).toBe(400);
    expect(interval.json().message).toContain('interval');
    const currency = await t.request({ url: `${base}/analysis?currency=EURO`, cookie: admin });
    expect(currency.statusCode).toBe(400);
    expect(currency.json().message).toContain('currency');
  });

  it('refuses every tile to a role without Dashboard_VIEW', async () => {
    const client = await t.signIn('client@example.com');
    for (const path of [
      'job-activity',
      'jobs-now',
      'analysis',
      'campaigns',
      'proq',
      'active-users',
    ]) {
      const res = await t.request({ url: `${base}/${path}`, cookie: client });
      expect(res.statusCode, path).toBe(403);
    }
  });
});
