import { ISO_3166_ALPHA3, type JobDetails } from '@b2b/contract';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useJobsTestApp } from '../../../test/jobs-test-app.js';
import { type ReferenceMerchant } from '../../../test/job-pipeline.js';
import { campaigns } from '../campaigns/campaign.schema.js';
import { systemLogs } from '../system-logs/system-log.schema.js';
import { users } from '../users/user.schema.js';

const { t, pipeline, base, signedIn } = useJobsTestApp('jobs');

let admin: string;
let merchants: ReferenceMerchant[] = [];

beforeAll(() => {
  ({ admin, merchants } = signedIn());
});

let issuerUser: string;
beforeAll(async () => {
  issuerUser = await t.signIn('issuer@example.com');
});

const publish = (jobId: string, isPublished: boolean, cookie = admin) =>
  t.request({ method: 'PUT', url: `${base}/${jobId}/publish`, cookie, payload: { isPublished } });

describe('a job', () => {
  it('creates a Draft job with its workflow steps', async () => {
    const job = await pipeline.createJob({ cookie: admin, issuerName: 'PayTech Bank' });
    expect(job.status).toBe('Draft');
    expect(job.currency).toBe('GBP');
    expect(job.steps.map((s) => [s.step, s.status])).toEqual([
      ['Ingest', 'Blocked'],
      ['Match', 'Blocked'],
      ['Score', 'Blocked'],
      ['Aggregate', 'Blocked'],
    ]);
    expect(job.can.editWizard).toBe(true);
  });

  it('creates a Matched Data Only job only with the matched-data-only workflow', async () => {
    // The upload tab alone: no role, so no issuer base and no matched-data-only workflow.
    const grant = (explicitPermissions: string[]) =>
      t.database.db
        .update(users)
        .set({
          standardRoles: [],
          tabbedViewRoles: ['JobMatchedDataOnlyUploadAccessor'],
          explicitPermissions: ['JobCreate', 'JobRead', 'BuyerRead', ...explicitPermissions],
        })
        .where(eq(users.username, 'selfservejobcreator@example.com'));
    const issuers = await pipeline.issuersFor(admin);
    const payTech = issuers.find((i) => i.name.startsWith('PayTech'))!;
    const create = async () =>
      t.request({
        method: 'POST',
        url: `${base}?type=matched-data-only&issuerId=${payTech.id}&buyerId=${payTech.buyers[0]!.id}&name=MDO&currency=gbp`,
        cookie: await t.signIn('selfservejobcreator@example.com'),
      });
    await grant([]);
    expect((await create()).statusCode).toBe(403);
    await grant(['MatchedDataOnlyWorkflow_VIEW']);
    const created = await create();
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json<JobDetails>().type).toBe('matched-data-only');
  });

  it('publishes and unpublishes only with the analysis publish permission', async () => {
    const { job } = await pipeline.jobAt('completed', { cookie: admin, merchants });
    const refused = await publish(job.id, true, issuerUser);
    expect(refused.statusCode).toBe(403);
    const on = await publish(job.id, true);
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json<JobDetails>().isPublished).toBe(true);
    const list = await t.request({
      method: 'POST',
      url: `${base}/get`,
      cookie: issuerUser,
      payload: {
        filters: [{ propertyName: 'isPublished', comparisonOperator: 'Equal', value: 'true' }],
      },
    });
    expect(list.json<{ collection: { id: string }[] }>().collection.map((j) => j.id)).toContain(
      job.id,
    );
    const off = await publish(job.id, false);
    expect(off.json<JobDetails>().isPublished).toBe(false);
  });

  it('shows the job to its issuer’s users once published, with the admin view of who may see it', async () => {
    const { job } = await pipeline.jobAt('completed', { cookie: admin, merchants });
    // Unpublished, it is the job team's: a plain Member of the issuer does not see it (SPEC §3).
    const before = await t.request({ url: `${base}/${job.id}/admin`, cookie: issuerUser });
    expect(before.statusCode).toBe(404);
    expect((await publish(job.id, true)).statusCode).toBe(200);
    const res = await t.request({ url: `${base}/${job.id}/admin`, cookie: issuerUser });
    expect(res.statusCode).toBe(200);
    const adminView = res.json<{
      owner: { username: string };
      authorizedEndUsers: { username: string; connection: string }[];
    }>();
    expect(adminView.owner.username).toBe('sysadmin@example.com');
    expect(adminView.authorizedEndUsers).toContainEqual({
      username: 'sysadmin@example.com',
      connection: 'Owner',
    });
    expect(adminView.authorizedEndUsers).toContainEqual({
      username: 'accountmanager@example.com',
      connection: 'IssuerManager',
    });
    const logs = await t.request({ url: `${base}/${job.id}/logs`, cookie: issuerUser });
    expect(logs.statusCode).toBe(403);
  });
});

describe('the wizard’s new buyer', () => {
  it('is created as buyer administration creates one: the country checked, the creation audited', async () => {
    const issuers = await pipeline.issuersFor(issuerUser);
    const paytech = issuers.find((i) => i.name === 'PayTech Bank')!;
    const create = (payload: object, cookie = issuerUser) =>
      t.request({ method: 'POST', url: `${base}/wizard/buyers`, cookie, payload });
    expect(ISO_3166_ALPHA3.has('QQQ')).toBe(false);
    const bad = await create({ issuerId: paytech.id, name: 'Nowhere Ltd', countryIso3: 'QQQ' });
    expect(bad.statusCode, bad.body).toBe(400);
    expect(bad.json<{ message: string; field?: string }>()).toMatchObject({
      message: expect.stringContaining('countryIso3'),
    });
    expect(bad.body).toContain('countryIso3');

    const good = await create({
      issuerId: paytech.id,
      name: 'Wizard Buyer Ltd',
      countryIso3: 'fra',
    });
    expect(good.statusCode, good.body).toBe(201);
    const buyer = good.json<{ id: string; issuerId: string; name: string; countryIso3: string }>();
    expect(buyer).toMatchObject({
      issuerId: paytech.id,
      name: 'Wizard Buyer Ltd',
      countryIso3: 'FRA',
    });
    const audit = await t.database.db
      .select()
      .from(systemLogs)
      .where(and(eq(systemLogs.action, 'BuyerCreated'), eq(systemLogs.entityId, buyer.id)));
    expect(audit).toHaveLength(1);

    // The wizard's own check stays: an issuer the user does not belong to is not found.
    const others = await pipeline.issuersFor(admin);
    const foreign = others.find((i) => !issuers.some((o) => o.id === i.id))!;
    const refused = await create({ issuerId: foreign.id, name: 'Elsewhere Ltd' });
    expect(refused.statusCode).toBe(404);
  });
});

describe('visibility and permissions', () => {
  /** A job of an issuer the issuer user does not belong to. */
  async function foreignJob() {
    const foreign = await pipeline.createJob({ cookie: admin, issuerName: 'Mastercard Issuing' });
    expect(foreign.issuerName).not.toBe('PayTech Bank');
    return foreign;
  }

  it('answers 404 for another issuer’s job, in every call', async () => {
    const foreign = await foreignJob();
    for (const url of [`${base}/${foreign.id}`, `${base}/${foreign.id}/admin`]) {
      const res = await t.request({ url, cookie: issuerUser });
      expect(res.statusCode, url).toBe(404);
    }
    const suppliers = await t.request({
      method: 'POST',
      url: `${base}/${foreign.id}/suppliers`,
      cookie: issuerUser,
      payload: { pageSize: 100, filters: [] },
    });
    expect(suppliers.statusCode).toBe(404);
    const list = await t.request({
      method: 'POST',
      url: `${base}/get`,
      cookie: issuerUser,
      payload: {},
    });
    expect(list.json<{ collection: { id: string }[] }>().collection.map((j) => j.id)).not.toContain(
      foreign.id,
    );
  });

  it('a direct assignment makes the job visible to that user', async () => {
    const foreign = await foreignJob();
    const me = await t.request({ url: '/api/auth/session', cookie: issuerUser });
    const userId = me.json<{ id: string }>().id;
    const assign = await t.request({
      method: 'PUT',
      url: `${base}/update-job-artifact-user-assignment`,
      cookie: admin,
      payload: { jobArtifactId: foreign.id, userId, isAssigned: true },
    });
    expect(assign.statusCode, assign.body).toBe(200);
    expect(
      assign.json<{ authorizedEndUsers: { connection: string }[] }>().authorizedEndUsers,
    ).toContainEqual({
      username: 'issuer@example.com',
      connection: 'DirectAssignment',
    });
    expect((await t.request({ url: `${base}/${foreign.id}`, cookie: issuerUser })).statusCode).toBe(
      200,
    );
    await t.request({
      method: 'PUT',
      url: `${base}/update-job-artifact-user-assignment`,
      cookie: admin,
      payload: { jobArtifactId: foreign.id, userId, isAssigned: false },
    });
    expect((await t.request({ url: `${base}/${foreign.id}`, cookie: issuerUser })).statusCode).toBe(
      404,
    );
  });

  it('refuses roles without the permission (403)', async () => {
    const foreign = await foreignJob();
    const calls = [
      { method: 'DELETE' as const, url: `${base}/${foreign.id}` },
      {
        method: 'PATCH' as const,
        url: `${base}/${foreign.id}/owner`,
        payload: { ownerId: foreign.ownerId },
      },
      { method: 'GET' as const, url: '/api/v1/analysis-admin/confidence-rulesets' },
      { method: 'GET' as const, url: '/api/v1/analysis-admin/scoring-rulesets/1' },
    ];
    for (const call of calls) {
      const res = await t.request({ ...call, cookie: issuerUser });
      expect(res.statusCode, call.url).toBe(403);
    }
  });

  it('shows the rulesets read-only to analysis admins', async () => {
    const list = await t.request({ url: '/api/v1/analysis-admin/scoring-rulesets', cookie: admin });
    expect(list.json<{ versionNumber: number; isActive: boolean }[]>()).toContainEqual(
      expect.objectContaining({ versionNumber: 1, isActive: true }),
    );
    const active = await t.request({
      url: '/api/v1/analysis-admin/confidence-rulesets/active',
      cookie: admin,
    });
    expect(active.json<{ ruleset: { kind: string } }>().ruleset.kind).toBe('confidence');
    const missing = await t.request({
      url: '/api/v1/analysis-admin/confidence-rulesets/7',
      cookie: admin,
    });
    expect(missing.statusCode).toBe(404);
  });

  it('deletes a job with JobDelete', async () => {
    const foreign = await foreignJob();
    const res = await t.request({ method: 'DELETE', url: `${base}/${foreign.id}`, cookie: admin });
    expect(res.statusCode, res.body).toBe(200);
    expect((await t.request({ url: `${base}/${foreign.id}`, cookie: admin })).statusCode).toBe(404);
  });

  it('renames a job at any stage with JobNameUpdate', async () => {
    const job = await pipeline.createJob({ cookie: admin, issuerName: 'PayTech Bank' });
    expect(job.can.rename).toBe(true);
    const res = await t.request({
      method: 'PATCH',
      url: `${base}/${job.id}/name`,
      cookie: admin,
      payload: { name: '  Acme — Q3 review  ' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<JobDetails>().name).toBe('Acme — Q3 review');
    const seen = await t.request({ url: `${base}/${job.id}`, cookie: admin });
    expect(seen.json<JobDetails>().name).toBe('Acme — Q3 review');
  });

  it('refuses a blank name (400 naming it) and roles without JobNameUpdate (403)', async () => {
    const job = await pipeline.createJob({ cookie: admin, issuerName: 'PayTech Bank' });
    const blank = await t.request({
      method: 'PATCH',
      url: `${base}/${job.id}/name`,
      cookie: admin,
      payload: { name: '   ' },
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json<{ message: string }>().message).toContain('name');
    const refused = await t.request({
      method: 'PATCH',
      url: `${base}/${job.id}/name`,
      cookie: issuerUser,
      payload: { name: 'Mine now' },
    });
    expect(refused.statusCode).toBe(403);
  });

  it('refuses to delete a job while one of its campaigns is Active (409)', async () => {
    const job = await pipeline.createJob({ cookie: admin, issuerName: 'PayTech Bank' });
    await t.database.db.insert(campaigns).values({
      jobId: job.id,
      issuerId: job.issuerId,
      name: 'Virtual card wave 1',
      route: 'Issuer',
      cardProduct: 'Vcard',
      language: 'en',
      status: 'Active',
      useCaseIds: [],
      followUpDays: [8, 12],
      closeDay: 14,
      declinePeriodDays: 90,
      subject: 's',
      body: 'b',
      followUpSubject: 's',
      followUpBody: 'b',
      createdByName: 'sysadmin@example.com',
    });
    const res = await t.request({ method: 'DELETE', url: `${base}/${job.id}`, cookie: admin });
    expect(res.statusCode).toBe(409);
    expect(res.json<{ message: string }>().message).toBe(
      'The job has 1 active campaign; complete it before deleting the job.',
    );
    await t.database.db
      .update(campaigns)
      .set({ status: 'Completed' })
      .where(eq(campaigns.jobId, job.id));
    const again = await t.request({ method: 'DELETE', url: `${base}/${job.id}`, cookie: admin });
    expect(again.statusCode, again.body).toBe(200);
  });
});
