import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  ACCOUNTING_MESSAGES,
  MESSAGES,
  type CompletedAccountingLink,
  type CreatedMagicLink,
  type JobAccountingConnection,
  type JobDetails,
  type LinkedAccount,
  type LinkedAccountList,
  type StartedAccountingLink,
} from '@b2b/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness.js';
import { JOBS_BASE, jobPipeline } from '../../../test/job-pipeline.js';
import { type MergeApiServer, startMergeApiServer } from '../../../test/merge-api-server.js';
import { PROQ_TEST_ENV, rows, waitFor, workerPool } from '../../../test/proq-kit.js';
import { issuers } from '../issuers/issuer.schema.js';
import { jobs } from '../jobs/job.schema.js';
import { systemLogs } from '../system-logs/system-log.schema.js';
import { users } from '../users/user.schema.js';
import { mergeLinkedAccounts } from './merge-linked-account.schema.js';

const API_KEY = 'test-merge-key';
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'b2b-merge-links-test-'));
let api: MergeApiServer;
// The API's address is known once its server listens, before the app is built (hooks run in order).
// Two retries of a rate-limited call (the default is three): the 429 tests wait less.
const env: Record<string, string> = {
  ...PROQ_TEST_ENV,
  DATA_DIR: dataDir,
  MERGE_API_KEY: API_KEY,
  MERGE_RATE_LIMIT_RETRIES: '2',
};
beforeAll(async () => {
  api = await startMergeApiServer(API_KEY);
  env.MERGE_API_URL = api.baseUrl;
});
const t = useTestApp(env);
const pipeline = jobPipeline(t);
const workers = workerPool(t);
const ADMIN_URL = '/api/v1/merge-linked-accounts';

let admin = '';
let member = '';
let tokenCount = 0;

const setIssuer = (name: string, values: Partial<typeof issuers.$inferInsert>) =>
  t.database.db.update(issuers).set(values).where(eq(issuers.name, name));

beforeAll(async () => {
  await setIssuer('PayTech Bank', {
    inputDataOptions: ['CsvFileUpload', 'MergeLink', 'MergeMagicLink'],
  });
  await setIssuer('Lloyds Commercial Banking', { inputDataOptions: ['MergeLink'] });
  // A Member of PayTech Bank only, given the screen: sees PayTech's linked accounts alone.
  await t.database.db
    .update(users)
    .set({ explicitPermissions: ['MergeLinkedAccounts_VIEW'] })
    .where(eq(users.username, 'issuer@example.com'));
  admin = await t.signIn('sysadmin@example.com');
  member = await t.signIn('issuer@example.com');
});
afterAll(async () => {
  await workers.stopAll();
  await api.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const draftJob = (issuerName = 'PayTech Bank') =>
  pipeline.createJob({ cookie: admin, issuerName, type: 'advanced', name: `Acc ${Math.random()}` });

const connection = (jobId: string) => `${JOBS_BASE}/${jobId}/accounting-connection`;

/** Connects a fresh PayTech Draft job's buyer: the account, linked, with a known account token. */
async function connected(issuerName = 'PayTech Bank') {
  const job = await draftJob(issuerName);
  const started = await t.request({
    method: 'POST',
    url: `${connection(job.id)}/link-token`,
    cookie: admin,
  });
  expect(started.statusCode, started.body).toBe(201);
  const { linkedAccountId } = started.json<StartedAccountingLink>();
  const n = ++tokenCount;
  api.linkCompleted(`public-${n}`, `account-${n}`);
  const done = await t.request({
    method: 'POST',
    url: `${connection(job.id)}/complete`,
    cookie: admin,
    payload: { linkedAccountId, publicToken: `public-${n}` },
  });
  expect(done.statusCode, done.body).toBe(201);
  return {
    job,
    account: done.json<CompletedAccountingLink>().linkedAccount,
    accountToken: `account-${n}`,
  };
}

const sync = (id: string) => t.app.ctx.services.mergeLinks.runSync(id);
const stored = async (id: string) =>
  (
    await t.database.db.select().from(mergeLinkedAccounts).where(eq(mergeLinkedAccounts.id, id))
  )[0]!;
const jobsOfBuyer = async (buyerId: string) =>
  (await t.database.db.select({ id: jobs.id }).from(jobs).where(eq(jobs.buyerId, buyerId))).length;
const auditActions = async (id: string) =>
  (
    await t.database.db
      .select({ action: systemLogs.action })
      .from(systemLogs)
      .where(and(eq(systemLogs.entityType, 'merge-linked-account'), eq(systemLogs.entityId, id)))
  ).map((r) => r.action);

describe('connecting from a job (MergeLink)', () => {
  it('makes a link token for the buyer and stores the exchanged account token sealed', async () => {
    const job = await draftJob();
    const before = await t.request({ url: connection(job.id), cookie: admin });
    expect(before.json<JobAccountingConnection>()).toMatchObject({
      configured: true,
      configureHint: null,
      offered: true,
      takesFileUploads: true,
    });
    const started = await t.request({
      method: 'POST',
      url: `${connection(job.id)}/link-token`,
      cookie: admin,
    });
    expect(started.statusCode, started.body).toBe(201);
    const link = started.json<StartedAccountingLink>();
    expect(link).toEqual({
      linkedAccountId: expect.any(String),
      linkToken: `link-${link.linkedAccountId}`,
      linkScriptUrl: 'https://cdn.merge.dev/initialize.js',
    });
    expect(api.linkTokenRequests.at(-1)).toEqual({
      end_user_origin_id: link.linkedAccountId,
      end_user_organization_name: job.buyerName,
      end_user_email_address: 'sysadmin@example.com',
      categories: ['accounting'],
    });

    // A public token the API does not know: 502 with its message, nothing stored.
    const refused = await t.request({
      method: 'POST',
      url: `${connection(job.id)}/complete`,
      cookie: admin,
      payload: { linkedAccountId: link.linkedAccountId, publicToken: 'never-issued' },
    });
    expect(refused.statusCode).toBe(502);
    expect(refused.json<{ message: string }>().message).toBe(
      'Exchanging the public token: the accounting API answered 404: Not found.',
    );
    expect((await stored(link.linkedAccountId)).status).toBe('Pending');

    api.linkCompleted('public-first', 'account-first');
    const done = await t.request({
      method: 'POST',
      url: `${connection(job.id)}/complete`,
      cookie: admin,
      payload: { linkedAccountId: link.linkedAccountId, publicToken: 'public-first' },
    });
    expect(done.statusCode, done.body).toBe(201);
    expect(done.json<CompletedAccountingLink>().linkedAccount).toMatchObject({
      status: 'Linked',
      integrationName: 'QuickBooks Online',
      connectedVia: 'MergeLink',
      buyerName: job.buyerName,
      lastError: null,
    });
    const row = await stored(link.linkedAccountId);
    expect(row.sealedAccountToken).toMatch(/^v1\./);
    expect(row.sealedAccountToken).not.toContain('account-first');
    expect(done.body).not.toContain('account-first');
    // The same public token again: the connection is already made.
    const again = await t.request({
      method: 'POST',
      url: `${connection(job.id)}/complete`,
      cookie: admin,
      payload: { linkedAccountId: link.linkedAccountId, publicToken: 'public-first' },
    });
    expect(again.statusCode).toBe(409);
    expect(await auditActions(link.linkedAccountId)).toEqual(
      expect.arrayContaining([
        'LinkedAccountLinkStarted',
        'LinkedAccountConnectFailed',
        'LinkedAccountConnected',
      ]),
    );
  });

  it('lets the pages load Merge Link and reach the API (Merge’s documented CSP)', async () => {
    const csp = (await t.request({ url: '/api/v1/system-mode' })).headers[
      'content-security-policy'
    ] as string;
    expect(csp).toContain("script-src 'self' https://cdn.merge.dev;");
    expect(csp).toContain("frame-src 'self' https://cdn.merge.dev;");
    expect(csp).toContain(`connect-src 'self' ${new URL(api.baseUrl).origin}`);
  });

  it('stores nothing when the API refuses a link token', async () => {
    const job = await draftJob();
    api.fail('/api/integrations/create-link-token', 500, { detail: 'Link service unavailable.' });
    try {
      const res = await t.request({
        method: 'POST',
        url: `${connection(job.id)}/link-token`,
        cookie: admin,
      });
      expect(res.statusCode).toBe(502);
      expect(res.json<{ message: string }>().message).toBe(
        'Creating a link token: the accounting API answered 500: Link service unavailable.',
      );
      const stored = await t.database.db
        .select({ id: mergeLinkedAccounts.id })
        .from(mergeLinkedAccounts)
        .where(eq(mergeLinkedAccounts.jobId, job.id));
      expect(stored).toEqual([]);
    } finally {
      api.heal();
    }
  });

  it('answers bad input with a 4xx naming what was wrong', async () => {
    const job = await draftJob();
    const empty = await t.request({
      method: 'POST',
      url: `${connection(job.id)}/complete`,
      cookie: admin,
      payload: { linkedAccountId: job.id, publicToken: '  ' },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.body).toMatch(/publicToken/);
    const foreign = await t.request({
      method: 'POST',
      url: `${connection(job.id)}/complete`,
      cookie: admin,
      payload: { linkedAccountId: job.id, publicToken: 'x' },
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json<{ message: string }>().message).toBe(
      'linkedAccountId is not an accounting connection started for this job.',
    );
    const notOffered = await draftJob('Mastercard Issuing');
    const refused = await t.request({
      method: 'POST',
      url: `${connection(notOffered.id)}/link-token`,
      cookie: admin,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ message: string }>().message).toBe(
      'Mastercard Issuing Demo does not connect accounting systems: its input data options are CsvFileUpload.',
    );
  });
});

describe('the sync', () => {
  it('pulls every page into a new submitted Consultant Upload job through the pipeline', async () => {
    const { job, account } = await connected();
    const outcome = await sync(account.id);
    expect(outcome).toMatchObject({
      ok: true,
      message: 'Synced 2 vendor(s), 2 invoice(s), 1 payment(s)',
    });
    // Page two of each list was asked for with the first page's cursor.
    expect(api.calls).toEqual(
      expect.arrayContaining([
        'GET /api/accounting/v1/contacts?is_supplier=true&page_size=100&cursor=page-1',
        'GET /api/accounting/v1/invoices?type=ACCOUNTS_PAYABLE&page_size=100&cursor=page-1',
      ]),
    );
    const made = (
      await t.request({ url: `${JOBS_BASE}/${outcome.jobId}`, cookie: admin })
    ).json<JobDetails>();
    expect(made).toMatchObject({ type: 'advanced', buyerName: job.buyerName });
    expect(made.name).toMatch(/QuickBooks Online \d{4}-\d{2}-\d{2}$/);
    expect(made.submittedAt).not.toBeNull();
    const invoices = made.files.find((f) => f.role === 'Invoice')!;
    expect(invoices.sniff.sampleRows).toEqual([
      [
        'V-101',
        'Acme Office Supplies Ltd',
        'INV-1001',
        '2026-09-01',
        '1200.5',
        'GBP',
        '2026-10-01',
        '2026-09-20',
        '1 High Street',
        'London',
        'SW1A 1AA',
        'GB',
        'GB123456789',
      ],
      [
        'V-102',
        'Northwind Logistics',
        'NW-77',
        '2026-09-15',
        '300',
        'GBP',
        '2026-10-15',
        '',
        '22 Dock Road',
        'Manchester',
        'M1 1AE',
        'GB',
        '',
      ],
    ]);
    expect(made.files.find((f) => f.role === 'Payment')!.sniff.sampleRows).toHaveLength(1);
    expect(await stored(account.id)).toMatchObject({
      status: 'Linked',
      lastSyncJobId: outcome.jobId,
      plannedJobId: null,
      lastError: null,
    });

    // The job's Ingest step reads the files as it reads an uploaded CSV.
    await workers.start({ commandTypes: ['JobIngest'] });
    const ingested = await waitFor(
      async () =>
        (
          await t.request({ url: `${JOBS_BASE}/${outcome.jobId}`, cookie: admin })
        ).json<JobDetails>(),
      (j) => ['Completed', 'Error'].includes(j.steps.find((s) => s.step === 'Ingest')!.status),
      60_000,
      'the Ingest step',
    );
    expect(ingested.steps.find((s) => s.step === 'Ingest')).toMatchObject({ status: 'Completed' });
  });

  it.each([
    [401, { detail: 'Invalid account token.' }, 'Invalid account token.'],
    [
      500,
      { errors: [{ title: 'Server error', detail: 'Upstream QuickBooks timed out.' }] },
      'Upstream QuickBooks timed out.',
    ],
  ])('records an API %i on the account and creates nothing', async (status, body, said) => {
    const { account } = await connected();
    const before = await jobsOfBuyer(account.buyerId);
    api.fail('/api/accounting/v1/payments', status, body);
    try {
      const outcome = await sync(account.id);
      const message = `Fetching payments (page 1): the accounting API answered ${status}: ${said}`;
      expect(outcome).toEqual({ ok: false, jobId: null, message });
      expect(await stored(account.id)).toMatchObject({ status: 'Failing', lastError: message });
      expect(await jobsOfBuyer(account.buyerId)).toBe(before);
    } finally {
      api.heal();
    }
  });

  it('retries a 429 after its Retry-After and goes on with the sync', async () => {
    const { account } = await connected();
    const before = await jobsOfBuyer(account.buyerId);
    const page1 = 'GET /api/accounting/v1/contacts?is_supplier=true&page_size=100';
    const asked = api.calls.filter((c) => c === page1).length;
    api.rateLimit('/api/accounting/v1/contacts', 2, '0');
    try {
      const outcome = await sync(account.id);
      expect(outcome).toMatchObject({
        ok: true,
        message: 'Synced 2 vendor(s), 2 invoice(s), 1 payment(s)',
      });
      // Two 429s, then the page: three asks of it.
      expect(api.calls.filter((c) => c === page1).length - asked).toBe(3);
      expect(await stored(account.id)).toMatchObject({ status: 'Linked', lastError: null });
      expect(await jobsOfBuyer(account.buyerId)).toBe(before + 1);
    } finally {
      api.heal();
    }
  });

  it('fails a sync rate limited past its retries with the time to retry after on the account', async () => {
    const { account } = await connected();
    const before = await jobsOfBuyer(account.buyerId);
    api.rateLimit('/api/accounting/v1/payments', 100, '1');
    const started = Date.now();
    try {
      const outcome = await sync(account.id);
      // Waited before each of the two retries (1 s each, the Retry-After), then gave up.
      expect(Date.now() - started).toBeGreaterThanOrEqual(2000);
      expect(outcome.ok).toBe(false);
      expect(outcome.message).toMatch(
        /^Fetching payments \(page 1\): rate limited by the accounting API; retry after \d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z \(3 tries\)$/,
      );
      const row = await stored(account.id);
      expect(row).toMatchObject({ status: 'Failing', lastError: outcome.message });
      expect(row.syncRetryAt!.getTime()).toBeGreaterThan(started);
      expect(await jobsOfBuyer(account.buyerId)).toBe(before);
      expect(await auditActions(account.id)).toContain('LinkedAccountSyncFailed');
    } finally {
      api.heal();
    }
  });

  it('does not wait for a Retry-After date beyond the longest wait, and schedules nothing before it', async () => {
    const { account } = await connected();
    const retryAt = new Date(Math.floor(Date.now() / 1000) * 1000 + 2 * 86_400_000);
    api.rateLimit('/api/accounting/v1/contacts', 100, retryAt.toUTCString());
    const started = Date.now();
    try {
      const outcome = await sync(account.id);
      expect(Date.now() - started).toBeLessThan(1500);
      expect(outcome.message).toBe(
        `Fetching vendors (page 1): rate limited by the accounting API; retry after ${retryAt.toISOString().slice(0, 19)}Z (1 try)`,
      );
      expect((await stored(account.id)).syncRetryAt).toEqual(retryAt);
    } finally {
      api.heal();
    }
    await finishQueuedSyncs(account.id);
    const daily = await setSchedule(account.id, 'Daily');
    // A day after the failed attempt comes before the Retry-After: the Retry-After wins.
    expect(daily.json<LinkedAccount>().nextSyncAt).toBe(retryAt.toISOString());
    const queued = () => t.app.ctx.services.mergeLinks.enqueueDueSyncs;
    await queued()(new Date(retryAt.getTime() - 60_000));
    expect(await syncCommandsOf(account.id)).toBe(1);
    await queued()(new Date(retryAt.getTime() + 60_000));
    expect(await syncCommandsOf(account.id)).toBe(2);
    await setSchedule(account.id, 'Off');
  });

  it('records a malformed page and creates nothing; a later sync recovers', async () => {
    const { account } = await connected();
    const before = await jobsOfBuyer(account.buyerId);
    api.fail('/api/accounting/v1/contacts', 200, { next: null, results: 'not a list' });
    const outcome = await sync(account.id);
    api.heal();
    expect(outcome.message).toBe(
      'Fetching vendors (page 1): the accounting API answered an unexpected shape (results: must be a list)',
    );
    expect(await jobsOfBuyer(account.buyerId)).toBe(before);
    expect(await auditActions(account.id)).toContain('LinkedAccountSyncFailed');

    const list = (await t.request({ url: ADMIN_URL, cookie: admin })).json<LinkedAccountList>();
    expect(list.items.find((a) => a.id === account.id)).toMatchObject({
      status: 'Failing',
      lastError: outcome.message,
    });
    const resync = await t.request({
      method: 'POST',
      url: `${ADMIN_URL}/${account.id}/sync`,
      cookie: admin,
    });
    expect(resync.statusCode, resync.body).toBe(201);
    expect((await sync(account.id)).ok).toBe(true);
    expect(await stored(account.id)).toMatchObject({ status: 'Linked', lastError: null });
    expect(await jobsOfBuyer(account.buyerId)).toBe(before + 1);
  });
});

/** The account's SyncLinkedAccount commands, whatever their state. */
async function syncCommandsOf(accountId: string) {
  const [row] = await rows<{ n: number }>(
    t.database,
    sql`select count(*)::int as n from proq_commands
        where command_type = 'SyncLinkedAccount' and target_entity_id = ${accountId}`,
  );
  return row!.n;
}
/** The account's queued syncs finished, as a worker would have (no worker runs them here). */
async function finishQueuedSyncs(accountId: string) {
  await t.database.db.execute(
    sql`update proq_commands set state = 'Completed', completed_date = now()
        where target_entity_id = ${accountId} and state in ('Pending', 'Blocked')`,
  );
}
const setSchedule = (id: string, syncSchedule: string, cookie = admin) =>
  t.request({
    method: 'PUT',
    url: `${ADMIN_URL}/${id}/sync-schedule`,
    cookie,
    payload: { syncSchedule },
  });

describe('scheduled syncs', () => {
  it('queues a sync when a Daily or Weekly schedule is due, never a second while one is queued', async () => {
    const { account } = await connected();
    expect(account).toMatchObject({ syncSchedule: 'Off', nextSyncAt: null });
    const enqueueDue = (at: Date) => t.app.ctx.services.mergeLinks.enqueueDueSyncs(at);

    const daily = await setSchedule(account.id, 'Daily');
    expect(daily.statusCode, daily.body).toBe(200);
    // Never attempted yet: due at once; but the sync queued on connecting has not run.
    expect(daily.json<LinkedAccount>()).toMatchObject({
      syncSchedule: 'Daily',
      nextSyncAt: account.createdAt,
    });
    expect(await syncCommandsOf(account.id)).toBe(1);
    await enqueueDue(new Date());
    expect(await syncCommandsOf(account.id)).toBe(1);

    // The first sync ran: the next is a day after it.
    expect((await sync(account.id)).ok).toBe(true);
    await finishQueuedSyncs(account.id);
    const lastSyncAt = (await stored(account.id)).lastSyncAt!;
    const listed = (await t.request({ url: ADMIN_URL, cookie: admin })).json<LinkedAccountList>();
    expect(listed.items.find((a) => a.id === account.id)).toMatchObject({
      syncSchedule: 'Daily',
      nextSyncAt: new Date(lastSyncAt.getTime() + 86_400_000).toISOString(),
    });
    await enqueueDue(new Date(lastSyncAt.getTime() + 23 * 3600_000));
    expect(await syncCommandsOf(account.id)).toBe(1);
    const dueAt = new Date(lastSyncAt.getTime() + 86_400_000 + 60_000);
    await enqueueDue(dueAt);
    expect(await syncCommandsOf(account.id)).toBe(2);
    // A second scheduler run (another node, the next quarter hour) adds none while it waits.
    await enqueueDue(dueAt);
    await enqueueDue(new Date(dueAt.getTime() + 900_000));
    expect(await syncCommandsOf(account.id)).toBe(2);
    await finishQueuedSyncs(account.id);

    const weekly = await setSchedule(account.id, 'Weekly');
    expect(weekly.json<LinkedAccount>().nextSyncAt).toBe(
      new Date(lastSyncAt.getTime() + 7 * 86_400_000).toISOString(),
    );
    await enqueueDue(dueAt);
    expect(await syncCommandsOf(account.id)).toBe(2);

    const off = await setSchedule(account.id, 'Off');
    expect(off.json<LinkedAccount>()).toMatchObject({ syncSchedule: 'Off', nextSyncAt: null });
    await enqueueDue(new Date(lastSyncAt.getTime() + 30 * 86_400_000));
    expect(await syncCommandsOf(account.id)).toBe(2);
    const audited = await t.database.db
      .select({ after: systemLogs.after })
      .from(systemLogs)
      .where(
        and(
          eq(systemLogs.entityId, account.id),
          eq(systemLogs.action, 'LinkedAccountSyncScheduleChanged'),
        ),
      )
      // PostgreSQL returns rows in no set order without one.
      .orderBy(systemLogs.at);
    expect(audited.map((r) => r.after)).toEqual([
      { before: 'Off', syncSchedule: 'Daily' },
      { before: 'Daily', syncSchedule: 'Weekly' },
      { before: 'Weekly', syncSchedule: 'Off' },
    ]);
  });

  it('refuses a bad schedule, others’ accounts, unlinked ones and users without the screen', async () => {
    const own = await connected();
    const other = await connected('Lloyds Commercial Banking');
    const bad = await setSchedule(own.account.id, 'Hourly');
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('syncSchedule');
    expect((await setSchedule('not-an-id', 'Daily')).statusCode).toBe(400);
    expect((await setSchedule('00000000-0000-4000-8000-000000000000', 'Daily')).statusCode).toBe(
      404,
    );
    expect((await setSchedule(other.account.id, 'Daily', member)).statusCode).toBe(404);
    const client = await t.signIn('client@example.com');
    expect((await setSchedule(own.account.id, 'Daily', client)).statusCode).toBe(403);
    await t.request({
      method: 'POST',
      url: `${ADMIN_URL}/${own.account.id}/unlink`,
      cookie: admin,
    });
    const unlinked = await setSchedule(own.account.id, 'Daily');
    expect(unlinked.statusCode).toBe(409);
    expect(unlinked.json<{ message: string }>().message).toBe(
      'A Unlinked linked account cannot be synced.',
    );
    expect((await stored(own.account.id)).syncSchedule).toBe('Off');
  });
});

describe('the linked accounts screen', () => {
  it('lists only the caller’s issuers’ accounts', async () => {
    const own = await connected('PayTech Bank');
    const other = await connected('Lloyds Commercial Banking');
    const all = (await t.request({ url: ADMIN_URL, cookie: admin })).json<LinkedAccountList>();
    expect(all.configured).toBe(true);
    expect(all.items.map((a) => a.id)).toEqual(
      expect.arrayContaining([own.account.id, other.account.id]),
    );
    const mine = (await t.request({ url: ADMIN_URL, cookie: member })).json<LinkedAccountList>();
    expect(mine.items.map((a) => a.id)).toContain(own.account.id);
    expect(mine.items.every((a) => a.issuerName === 'PayTech Bank')).toBe(true);
    const hidden = await t.request({
      method: 'POST',
      url: `${ADMIN_URL}/${other.account.id}/unlink`,
      cookie: member,
    });
    expect(hidden.statusCode).toBe(404);
  });

  it('unlinks by revoking the account token on the API', async () => {
    const { account, accountToken } = await connected();
    const res = await t.request({
      method: 'POST',
      url: `${ADMIN_URL}/${account.id}/unlink`,
      cookie: admin,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<LinkedAccount>().status).toBe('Unlinked');
    expect(api.revoked).toContain(accountToken);
    expect((await stored(account.id)).sealedAccountToken).toBeNull();
    const again = await t.request({
      method: 'POST',
      url: `${ADMIN_URL}/${account.id}/unlink`,
      cookie: admin,
    });
    expect(again.statusCode).toBe(409);
    const resync = await t.request({
      method: 'POST',
      url: `${ADMIN_URL}/${account.id}/sync`,
      cookie: admin,
    });
    expect(resync.statusCode).toBe(409);
    expect(await auditActions(account.id)).toContain('LinkedAccountUnlinked');
  });

  it('merges two accounts of the same buyer, refusing what cannot be merged', async () => {
    const kept = await connected();
    const folded = await connected();
    const other = await connected('Lloyds Commercial Banking');
    const merge = (id: string, intoId: string) =>
      t.request({
        method: 'POST',
        url: `${ADMIN_URL}/${id}/merge`,
        cookie: admin,
        payload: { intoId },
      });
    const self = await merge(kept.account.id, kept.account.id);
    expect(self.statusCode).toBe(400);
    expect(self.json<{ message: string }>().message).toBe(
      'A linked account cannot be merged into itself.',
    );
    expect((await merge(folded.account.id, other.account.id)).statusCode).toBe(400);
    const bad = await t.request({
      method: 'POST',
      url: `${ADMIN_URL}/${kept.account.id}/merge`,
      cookie: admin,
      payload: { intoId: 'x' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toMatch(/intoId/);

    const res = await merge(folded.account.id, kept.account.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<LinkedAccount>()).toMatchObject({
      status: 'Merged',
      mergedIntoId: kept.account.id,
    });
    expect(api.revoked).toContain(folded.accountToken);
    expect((await stored(kept.account.id)).status).toBe('Linked');
    expect(await auditActions(folded.account.id)).toContain('LinkedAccountsMerged');
  });
});

describe('an accounting magic link (MergeMagicLink)', () => {
  it('lets a person without an account connect the buyer once', async () => {
    const job = await draftJob();
    const created = await t.request({
      method: 'POST',
      url: '/api/v1/magic-links',
      cookie: admin,
      payload: { kind: 'Accounting', jobId: job.id },
    });
    expect(created.statusCode, created.body).toBe(201);
    const { url, magicLink } = created.json<CreatedMagicLink>();
    expect(magicLink.kind).toBe('Accounting');
    expect(url).toMatch(/\/accounting-link\/[\w-]{43}$/);
    const token = url.split('/').pop()!;
    const base = `/api/v1/accounting-link/${token}`;

    const page = await t.request({ url: base });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json()).toMatchObject({
      issuerName: 'PayTech Bank',
      buyerName: job.buyerName,
      jobName: job.name,
      configured: true,
    });
    // An Upload link's page does not open an Accounting link.
    expect((await t.request({ url: `/api/v1/upload-link/${token}` })).statusCode).toBe(410);

    const started = await t.request({ method: 'POST', url: `${base}/link-token` });
    expect(started.statusCode, started.body).toBe(201);
    expect(started.json<{ linkToken: string }>().linkToken).toMatch(/^link-/);

    const refused = await t.request({
      method: 'POST',
      url: `${base}/complete`,
      payload: { publicToken: 'unknown' },
    });
    expect(refused.statusCode).toBe(502);
    // The refusal gave the link back: the person may try again.
    api.linkCompleted('public-magic', 'account-magic');
    const done = await t.request({
      method: 'POST',
      url: `${base}/complete`,
      payload: { publicToken: 'public-magic' },
    });
    expect(done.statusCode, done.body).toBe(201);
    expect(done.json()).toEqual({ message: ACCOUNTING_MESSAGES.linkDone });

    const gone = await t.request({ url: base });
    expect(gone.statusCode).toBe(410);
    expect(gone.json<{ message: string }>().message).toBe(MESSAGES.magicLinkGone);
    const [account] = await rows<{
      status: string;
      connected_via: string;
      created_by_username: string;
    }>(
      t.database,
      sql`select status, connected_via, created_by_username from merge_linked_accounts where job_id = ${job.id}::uuid`,
    );
    expect(account).toEqual({
      status: 'Linked',
      connected_via: 'MergeMagicLink',
      created_by_username: 'sysadmin@example.com',
    });
  });
});
