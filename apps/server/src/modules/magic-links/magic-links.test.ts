import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  MESSAGES,
  RESULTS_LINK_ONLY_MESSAGE,
  type CreatedMagicLink,
  type JobDetails,
  type MagicLink,
  type UploadLinkPage,
  type UserNotification,
} from '@b2b/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart } from '../../../test/chat-files.js';
import { useTestApp } from '../../../test/harness.js';
import { JOBS_BASE, jobPipeline } from '../../../test/job-pipeline.js';
import { issuers } from '../issuers/issuer.schema.js';
import { jobSupplierResults, jobs } from '../jobs/job.schema.js';
import { mailOutbox } from '../mail/outbox.schema.js';
import { systemLogs } from '../system-logs/system-log.schema.js';
import { users } from '../users/user.schema.js';
import { jobMagicLinks, resultsLinkSessions } from './magic-link.schema.js';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'b2b-magic-links-test-'));
// 64 KiB upload limit, as the jobs tests: small enough to test, big enough for a CSV.
const t = useTestApp({ DATA_DIR: dataDir, JOB_UPLOAD_MAX_MB: '0.0625' });
const pipeline = jobPipeline(t);
const LINKS = '/api/v1/magic-links';
const CSV = 'Supplier Name,Postcode,Country,Annual Spend\nAcme Ltd,SW1A 1AA,GBR,1000\n';

let admin = '';

const setIssuer = (name: string, values: Partial<typeof issuers.$inferInsert>) =>
  t.database.db.update(issuers).set(values).where(eq(issuers.name, name));

beforeAll(async () => {
  await setIssuer('PayTech Bank', {
    inputDataOptions: ['CsvFileUpload', 'SendUploadLink'],
    sendMagicLinks: true,
  });
  await setIssuer('Lloyds Commercial Banking', { inputDataOptions: ['SendUploadLink'] });
  // A Member of PayTech Bank only, given the magic links screen: sees PayTech's links alone.
  await t.database.db
    .update(users)
    .set({ explicitPermissions: ['MagicLinks_CRUD'] })
    .where(eq(users.username, 'issuer@example.com'));
  admin = await t.signIn('sysadmin@example.com');
});
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const draftJob = (issuerName = 'PayTech Bank') =>
  pipeline.createJob({ cookie: admin, issuerName, name: `Link ${Math.random()}` });

async function createLink(jobId: string, extra: Record<string, unknown> = {}, cookie = admin) {
  return t.request({
    method: 'POST',
    url: LINKS,
    cookie,
    payload: { kind: 'Upload', jobId, ...extra },
  });
}

/** A fresh link of a fresh PayTech Draft job: its token and the job. */
async function freshLink(extra: Record<string, unknown> = {}) {
  const job = await draftJob();
  const res = await createLink(job.id, extra);
  expect(res.statusCode, res.body).toBe(201);
  const created = res.json<CreatedMagicLink>();
  return { job, created, token: new URL(created.url).pathname.split('/').pop()! };
}

const openPage = (token: string) => t.request({ url: `/api/v1/upload-link/${token}` });
const uploadThrough = (token: string, filename: string, content: string | Buffer) =>
  t.request({
    method: 'POST',
    url: `/api/v1/upload-link/${token}/file`,
    ...multipart([{ filename, content }], 'file'),
  });
const jobFiles = async (jobId: string) =>
  (await t.request({ url: `${JOBS_BASE}/${jobId}`, cookie: admin })).json<JobDetails>().files;

function expectGone(res: { statusCode: number; json: <T>() => T; body: string }) {
  expect(res.statusCode).toBe(410);
  expect(res.json<{ message: string }>().message).toBe(MESSAGES.magicLinkGone);
  expect(res.body).not.toMatch(/PayTech|Link 0/);
}

describe('making an upload link', () => {
  it('refuses an issuer without SendUploadLink (409), naming its options', async () => {
    const job = await draftJob('Mastercard Issuing');
    const res = await createLink(job.id);
    expect(res.statusCode).toBe(409);
    expect(res.json<{ message: string }>().message).toBe(
      'Mastercard Issuing Demo does not take upload links: its input data options are CsvFileUpload.',
    );
  });

  it('refuses a job that is no longer Draft (409)', async () => {
    const job = await draftJob();
    await t.database.db.update(jobs).set({ status: 'Error' }).where(eq(jobs.id, job.id));
    const res = await createLink(job.id);
    expect(res.statusCode).toBe(409);
    expect(res.json<{ message: string }>().message).toMatch(/Error.*Draft/);
  });

  it('refuses an expiry over 30 days naming the field, and a role without MagicLinks_CRUD', async () => {
    const job = await draftJob();
    const long = await createLink(job.id, { expiresInDays: 31 });
    expect(long.statusCode).toBe(400);
    expect(long.body).toMatch(/expiresInDays/);
    const client = await t.signIn('client@example.com');
    expect((await t.request({ url: LINKS, cookie: client })).statusCode).toBe(403);
    expect((await createLink(job.id, {}, client)).statusCode).toBe(403);
  });

  it('e-mails the link to the recipient when the issuer sends magic links; lists it without its token', async () => {
    const { job, created, token } = await freshLink({ recipientEmail: 'ap@supplier.example' });
    expect(created.emailed).toBe(true);
    expect(created.magicLink).toMatchObject({
      kind: 'Upload',
      jobId: job.id,
      jobName: job.name,
      issuerName: 'PayTech Bank',
      recipientEmail: 'ap@supplier.example',
      createdByUsername: 'sysadmin@example.com',
      status: 'Active',
    });
    const days = (Date.parse(created.magicLink.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);
    const [mail] = await t.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, 'ap@supplier.example'));
    expect(mail!.subject).toBe(`PayTech Bank: please upload your file for ${job.name}`);
    expect(mail!.textBody).toContain(created.url);

    const list = await t.request({ url: `${LINKS}?status=Active`, cookie: admin });
    expect(list.statusCode).toBe(200);
    expect(list.json<MagicLink[]>().map((l) => l.id)).toContain(created.magicLink.id);
    expect(list.body).not.toContain(token);
    const [row] = await t.database.db
      .select()
      .from(jobMagicLinks)
      .where(eq(jobMagicLinks.id, created.magicLink.id));
    expect(row!.tokenHash).not.toContain(token);
    expect(list.body).not.toContain(row!.tokenHash);
  });

  it('does not e-mail without a recipient', async () => {
    const { created } = await freshLink();
    expect(created.emailed).toBe(false);
  });
});

describe('the public upload link', () => {
  it('shows the page, takes the file into the job once, then answers 410; the owner is told', async () => {
    const { job, created, token } = await freshLink();
    const page = await openPage(token);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json<UploadLinkPage>()).toMatchObject({
      issuerName: 'PayTech Bank',
      jobName: job.name,
      jobType: 'base',
      roles: ['Suppliers'],
      acceptedFormats: ['.csv', '.txt', '.xlsx'],
      maxUploadBytes: 65536,
    });

    const up = await uploadThrough(token, 'ap-export.csv', CSV);
    expect(up.statusCode, up.body).toBe(201);
    expect(up.json()).toEqual({ fileName: 'ap-export.csv', message: MESSAGES.uploadLinkDone });
    expect((await jobFiles(job.id)).map((f) => f.fileName)).toEqual(['ap-export.csv']);

    expectGone(await openPage(token));
    expectGone(await uploadThrough(token, 'again.csv', CSV));
    expect(await jobFiles(job.id)).toHaveLength(1);

    const list = await t.request({ url: `${LINKS}?status=Used`, cookie: admin });
    expect(list.json<MagicLink[]>().find((l) => l.id === created.magicLink.id)?.status).toBe(
      'Used',
    );
    const notes = await t.request({ url: '/api/v1/notifications', cookie: admin });
    expect(notes.json<UserNotification[]>()).toContainEqual(
      expect.objectContaining({
        id: `UploadLinkUsed:${created.magicLink.id}`,
        message: `ap-export.csv was uploaded to ${job.name} through its upload link.`,
        link: `/jobs/loading/${job.id}`,
      }),
    );
    const audit = await t.database.db
      .select({ action: systemLogs.action })
      .from(systemLogs)
      .where(
        and(eq(systemLogs.entityType, 'magic-link'), eq(systemLogs.entityId, created.magicLink.id)),
      );
    expect(audit.map((a) => a.action).sort()).toEqual([
      'MagicLinkCreated',
      'MagicLinkRefused',
      'MagicLinkRefused',
      'MagicLinkUsed',
    ]);
  });

  it('refuses a bad file with a 400 naming it, and the link stays usable', async () => {
    const { job, token } = await freshLink();
    const bad = await uploadThrough(token, 'export.csv', Buffer.from([0x50, 0x4b, 3, 4, 0, 0]));
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toMatch(/export\.csv/);
    const big = await uploadThrough(token, 'big.csv', `${CSV}${'x'.repeat(70_000)}\n`);
    expect(big.statusCode).toBe(400);
    expect(big.json<{ message: string }>().message).toMatch(/upload limit/);
    expect(await jobFiles(job.id)).toEqual([]);
    expect((await openPage(token)).statusCode).toBe(200);
    expect((await uploadThrough(token, 'good.csv', CSV)).statusCode).toBe(201);
  });

  it("takes the resource guard's upload limit, not only the configured one", async () => {
    const { job, token } = await freshLink();
    const limit = (value: number | null) =>
      t.request({
        method: value === null ? 'DELETE' : 'PUT',
        url: '/api/v1/devops/resource-guard/limits/uploadMaxBytes',
        cookie: admin,
        ...(value === null ? {} : { payload: { value } }),
      });
    // 128 KiB, above the configured 64 KiB: a 70 KB file now fits.
    expect((await limit(131_072)).statusCode).toBe(200);
    try {
      const page = await openPage(token);
      expect(page.json<UploadLinkPage>().maxUploadBytes).toBe(131_072);
      const up = await uploadThrough(token, 'bigger.csv', `${CSV}${'x'.repeat(70_000)}\n`);
      expect(up.statusCode, up.body).toBe(201);
      expect((await jobFiles(job.id)).map((f) => f.fileName)).toEqual(['bigger.csv']);
    } finally {
      await limit(null);
    }
  });

  it('answers 410 for an expired, a revoked and an unknown link alike', async () => {
    const expired = await freshLink();
    await t.database.db
      .update(jobMagicLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(jobMagicLinks.id, expired.created.magicLink.id));
    expectGone(await openPage(expired.token));
    expectGone(await uploadThrough(expired.token, 'a.csv', CSV));

    const revoked = await freshLink();
    const res = await t.request({
      method: 'POST',
      url: `${LINKS}/${revoked.created.magicLink.id}/revoke`,
      cookie: admin,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<MagicLink>().status).toBe('Revoked');
    expectGone(await openPage(revoked.token));

    expectGone(await openPage('A'.repeat(43)));
    expectGone(await openPage('cut-off'));
  });
});

describe('links of other issuers', () => {
  it('are neither listed nor revocable (404) for a user of another issuer', async () => {
    const lloyds = await draftJob('Lloyds');
    const theirs = (await createLink(lloyds.id)).json<CreatedMagicLink>().magicLink;
    const ours = (await freshLink()).created.magicLink;
    const member = await t.signIn('issuer@example.com');
    const list = await t.request({ url: LINKS, cookie: member });
    expect(list.statusCode).toBe(200);
    const ids = list.json<MagicLink[]>().map((l) => l.id);
    expect(ids).toContain(ours.id);
    expect(ids).not.toContain(theirs.id);
    const revoke = await t.request({
      method: 'POST',
      url: `${LINKS}/${theirs.id}/revoke`,
      cookie: member,
    });
    expect(revoke.statusCode).toBe(404);
    expect((await createLink(lloyds.id, {}, member)).statusCode).toBe(404);
  });
});

describe('results links (SPEC §3 MagicLinkUser)', () => {
  const READER = 'reader@partner.example';
  let published: JobDetails;
  let otherPublished: JobDetails;

  /**
   * A published job without running the pipeline (no workers in this file, for CI time): a Draft
   * job marked Completed and published. Its results screens answer, as for any job whose
   * insights are not computed, that they are not ready: reached, not refused.
   */
  async function publishedJob(): Promise<JobDetails> {
    const job = await draftJob();
    await t.database.db
      .update(jobs)
      .set({ status: 'Completed', isPublished: true })
      .where(eq(jobs.id, job.id));
    await t.database.db.insert(jobSupplierResults).values({
      jobId: job.id,
      supplierKey: 'acme',
      supplierName: 'Acme Ltd',
      matchStatus: 'MATCHED',
      confidence: 'High',
      matchSource: 'computed',
      optimaScore: 87,
      optimaLevel: 'High',
    });
    return job;
  }

  beforeAll(async () => {
    published = await publishedJob();
    otherPublished = await publishedJob();
  });

  const createResults = (jobId: string, extra: Record<string, unknown> = {}, cookie = admin) =>
    createLink(jobId, { kind: 'Results', recipientEmail: READER, ...extra }, cookie);

  async function resultsLink() {
    const res = await createResults(published.id);
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json<CreatedMagicLink>();
    return { created, token: new URL(created.url).pathname.split('/').pop()! };
  }

  /** Opens the link; the session cookie it sets. */
  async function open(token: string) {
    const res = await t.request({ method: 'POST', url: `/api/v1/results-link/${token}/session` });
    const cookie = String(res.headers['set-cookie'] ?? '').split(';')[0]!;
    return { res, cookie };
  }

  const get = (url: string, cookie: string) => t.request({ url, cookie });
  const adminView = async (jobId: string) =>
    (await get(`${JOBS_BASE}/${jobId}/admin`, admin)).json<{
      authorizedEndUsers: { username: string; connection: string }[];
    }>().authorizedEndUsers;

  it('is made only of a published job (409), for one address (400), by who may change the job (403)', async () => {
    const draft = await draftJob();
    const unpublished = await createResults(draft.id);
    expect(unpublished.statusCode).toBe(409);
    expect(unpublished.json<{ message: string }>().message).toBe(
      "The job is not published (status Draft): a results link shares a published job's results only. Publish it first.",
    );
    const noAddress = await createResults(published.id, { recipientEmail: undefined });
    expect(noAddress.statusCode).toBe(400);
    expect(noAddress.json<{ message: string }>().message).toMatch(/recipientEmail/);
    // A Member of PayTech with the magic links screen sees the published job but may not change it.
    const member = await t.signIn('issuer@example.com');
    const refused = await createResults(published.id, {}, member);
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ message: string }>().message).toMatch(/owner.*JobEdit/);
    const jobs = await get(`${LINKS}/upload-jobs?kind=Results`, admin);
    expect(jobs.json<{ id: string }[]>().map((j) => j.id)).toEqual(
      expect.arrayContaining([published.id, otherPublished.id]),
    );
    expect(jobs.json<{ id: string }[]>().map((j) => j.id)).not.toContain(draft.id);
  });

  it('is e-mailed, and the job lists its person as a MagicLinkUser while it lives', async () => {
    const { created } = await resultsLink();
    expect(created.emailed).toBe(true);
    expect(created.magicLink).toMatchObject({ kind: 'Results', status: 'Active' });
    const mails = await t.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.subject, `PayTech Bank: the results of ${published.name}`));
    expect(mails.map((m) => m.toAddress)).toContain(READER);
    expect(mails.some((m) => m.textBody.includes(created.url))).toBe(true);
    expect(await adminView(published.id)).toContainEqual({
      username: READER,
      connection: 'MagicLinkUser',
    });
    expect(await adminView(otherPublished.id)).not.toContainEqual(
      expect.objectContaining({ username: READER }),
    );
  });

  it("signs the person in for that job's results only, read-only; other jobs 404, other endpoints 403", async () => {
    const { created, token } = await resultsLink();
    const { res, cookie } = await open(token);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({
      jobId: published.id,
      jobName: published.name,
      issuerName: 'PayTech Bank',
      branding: expect.anything(),
      expiresAt: created.magicLink.expiresAt,
    });
    expect(String(res.headers['set-cookie'])).toMatch(/HttpOnly/);

    const job = await get(`${JOBS_BASE}/${published.id}`, cookie);
    expect(job.statusCode, job.body).toBe(200);
    expect(Object.values(job.json<JobDetails>().can).every((v) => v === false)).toBe(true);
    const summary = await get(`${JOBS_BASE}/${published.id}/insights/summary`, cookie);
    // Reached, not refused: this job's insights were never computed (see publishedJob).
    expect(summary.statusCode, summary.body).toBe(409);
    const suppliers = await t.request({
      method: 'POST',
      url: `${JOBS_BASE}/${published.id}/suppliers`,
      cookie,
      payload: {},
    });
    expect(suppliers.statusCode, suppliers.body).toBe(200);
    const rows = suppliers.json<{ collection: Record<string, unknown>[] }>().collection;
    expect(rows.map((r) => r.supplierName)).toEqual(['Acme Ltd']);
    // A reader's view: levels, not score numbers (no SupplierScores_VIEW).
    expect(rows[0]).toMatchObject({ optimaLevel: 'High', optimaScore: null });

    // Another job, even a published one of the same issuer: as if it did not exist.
    expect((await get(`${JOBS_BASE}/${otherPublished.id}`, cookie)).statusCode).toBe(404);
    expect(
      (await get(`${JOBS_BASE}/${otherPublished.id}/insights/summary`, cookie)).statusCode,
    ).toBe(404);
    // Everything else in the app refuses, naming why; changes too.
    for (const url of [
      `${JOBS_BASE}/${published.id}/admin`,
      `${JOBS_BASE}/${published.id}/logs`,
      '/api/auth/session',
      LINKS,
      '/api/v1/notifications',
    ]) {
      const refused = await get(url, cookie);
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json<{ message: string }>().message).toBe(RESULTS_LINK_ONLY_MESSAGE);
    }
    const publish = await t.request({
      method: 'PUT',
      url: `${JOBS_BASE}/${published.id}/publish`,
      cookie,
      payload: { isPublished: false },
    });
    expect(publish.statusCode).toBe(403);

    const audit = await t.database.db
      .select({ action: systemLogs.action, after: systemLogs.after })
      .from(systemLogs)
      .where(
        and(eq(systemLogs.entityType, 'magic-link'), eq(systemLogs.entityId, created.magicLink.id)),
      );
    expect(audit.map((a) => a.action).sort()).toEqual(['MagicLinkCreated', 'MagicLinkUsed']);
  });

  it('purges Results link sessions past their end, keeping live ones', async () => {
    const ended = await resultsLink();
    await open(ended.token);
    const live = await resultsLink();
    const kept = await open(live.token);
    await t.database.db
      .update(resultsLinkSessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(resultsLinkSessions.linkId, ended.created.magicLink.id));

    expect(await t.app.ctx.services.magicLinks.purgeExpiredSessions()).toBe(1);
    const left = await t.database.db
      .select({ linkId: resultsLinkSessions.linkId })
      .from(resultsLinkSessions)
      .where(
        inArray(resultsLinkSessions.linkId, [
          ended.created.magicLink.id,
          live.created.magicLink.id,
        ]),
      );
    expect(left).toEqual([{ linkId: live.created.magicLink.id }]);
    expect((await get(`${JOBS_BASE}/${published.id}`, kept.cookie)).statusCode).toBe(200);
  });

  it('ends the session at the link’s expiry, and when it is revoked; then the link is dead', async () => {
    const expiring = await resultsLink();
    const first = await open(expiring.token);
    expect((await get(`${JOBS_BASE}/${published.id}`, first.cookie)).statusCode).toBe(200);
    await t.database.db
      .update(jobMagicLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(jobMagicLinks.id, expiring.created.magicLink.id));
    expect((await get(`${JOBS_BASE}/${published.id}`, first.cookie)).statusCode).toBe(401);
    expectGone((await open(expiring.token)).res);

    const revoked = await resultsLink();
    const second = await open(revoked.token);
    expect((await get(`${JOBS_BASE}/${published.id}`, second.cookie)).statusCode).toBe(200);
    const revoke = await t.request({
      method: 'POST',
      url: `${LINKS}/${revoked.created.magicLink.id}/revoke`,
      cookie: admin,
    });
    expect(revoke.json<MagicLink>().status).toBe('Revoked');
    expect((await get(`${JOBS_BASE}/${published.id}`, second.cookie)).statusCode).toBe(401);
    const [revokedEntry] = await t.database.db
      .select({ after: systemLogs.after })
      .from(systemLogs)
      .where(
        and(
          eq(systemLogs.entityId, revoked.created.magicLink.id),
          eq(systemLogs.action, 'MagicLinkRevoked'),
        ),
      );
    expect(revokedEntry!.after).toMatchObject({ sessionsEnded: 1 });
    expectGone((await open(revoked.token)).res);
    expectGone((await open('B'.repeat(43))).res);
    // An upload link's token opens no results.
    expectGone((await open((await freshLink()).token)).res);
  });

  it('is dead once its job is unpublished, and an open session sees the job no more', async () => {
    const job = await publishedJob();
    const res = await createResults(job.id);
    const token = new URL(res.json<CreatedMagicLink>().url).pathname.split('/').pop()!;
    const { cookie } = await open(token);
    expect((await get(`${JOBS_BASE}/${job.id}`, cookie)).statusCode).toBe(200);
    await t.database.db.update(jobs).set({ isPublished: false }).where(eq(jobs.id, job.id));
    expect((await get(`${JOBS_BASE}/${job.id}`, cookie)).statusCode).toBe(404);
    expectGone((await open(token)).res);
  });
});
