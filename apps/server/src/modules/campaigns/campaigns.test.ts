import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import {
  type CampaignDetails,
  type CampaignSelectionPreview,
  type CampaignSupplier,
  PROQ_COMMAND_TYPES,
  type UseCase,
} from '@b2b/contract';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import hoodiecrow from 'hoodiecrow-imap';
import { ImapFlow } from 'imapflow';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness.js';
import { JOBS_BASE, type ReferenceMerchant, jobPipeline } from '../../../test/job-pipeline.js';
import { PROQ_TEST_ENV, statesOf, waitFor, workerPool } from '../../../test/proq-kit.js';
import { createOutreachRepo } from './outreach.repo.js';

/* --------------------------- a real SMTP peer on loopback --------------------------- */

type Received = { to: string[]; raw: string };
const received: Received[] = [];
const refusedOnce = new Set<string>();
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onRcptTo(address, _session, callback) {
    const to = address.address;
    const fail = (code: number, message: string) =>
      callback(Object.assign(new Error(message), { responseCode: code }));
    if (to.startsWith('reject')) return fail(550, '5.1.1 Mailbox does not exist');
    if (to.startsWith('tempfail') && !refusedOnce.has(to)) {
      refusedOnce.add(to);
      return fail(451, '4.3.0 Try again later');
    }
    return callback();
  },
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (c: Buffer) => chunks.push(c));
    stream.on('end', () => {
      received.push({
        to: session.envelope.rcptTo.map((r) => r.address),
        raw: Buffer.concat(chunks).toString('utf8'),
      });
      callback();
    });
  },
});
const mailsTo = (address: string) => received.filter((m) => m.to.includes(address));
/** The message text with quoted-printable soft breaks and escapes undone. */
const decoded = (raw: string) =>
  raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
const linkToken = (raw: string) =>
  /\/campaign-response\/([A-Za-z0-9_-]{43})/.exec(decoded(raw))![1]!;

/* ----------------- a real IMAP server on loopback: the bounce mailbox ----------------- */

// hoodiecrow-imap: an in-memory IMAP4rev1 server whose users' passwords a test may change.
const imap = hoodiecrow({
  users: { bounces: { password: 'mailbox-secret' } },
  storage: { INBOX: { messages: [] }, '': {} },
});
/** The test's own view of the mailbox, as the bounce mailbox's owner. */
async function mailbox<T>(work: (client: ImapFlow) => Promise<T>): Promise<T> {
  const client = new ImapFlow({
    host: '127.0.0.1',
    port: (imap.server.address() as AddressInfo).port,
    secure: false,
    auth: { user: 'bounces', pass: 'mailbox-secret' },
    logger: false,
  });
  await client.connect();
  const lock = await client.getMailboxLock('INBOX');
  try {
    return await work(client);
  } finally {
    lock.release();
    await client.logout();
  }
}
/** Every message in the bounce mailbox with its flags, oldest first. */
const mailboxMessages = () =>
  mailbox(async (client) => {
    const list: { subject: string; seen: boolean }[] = [];
    for await (const m of client.fetch('1:*', { envelope: true, flags: true })) {
      list.push({ subject: m.envelope?.subject ?? '', seen: m.flags?.has('\\Seen') ?? false });
    }
    return list;
  });

/* ------------------------------------ the app ------------------------------------ */

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'b2b-campaigns-test-'));
const env: Record<string, string> = {
  ...PROQ_TEST_ENV,
  DATA_DIR: dataDir,
  REFERENCE_DEMO_MERCHANTS: '3000',
  ENGINE_MEMORY_LIMIT: '256MB',
  PUBLIC_URL: 'https://paytech.example',
};
beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  env.SMTP_URL = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;
  await new Promise<void>((resolve) => imap.listen(0, '127.0.0.1', resolve));
  env.CAMPAIGN_BOUNCE_MAILBOX_URL = `imap://bounces:mailbox-secret@127.0.0.1:${(imap.server.address() as AddressInfo).port}/INBOX`;
});
const t = useTestApp(env);
const workers = workerPool(t);
const pipeline = jobPipeline(t);
const base = '/api/v1/campaign-workflows';

let admin: string;
let jobId: string;
let useCaseId: string;
let keys: string[];

beforeAll(async () => {
  admin = await t.signIn('sysadmin@example.com');
  const merchants = await pipeline.referenceMerchants<ReferenceMerchant>(
    (source) =>
      `SELECT merchant_name, postcode, country FROM ${source} WHERE country = 'GBR' ORDER BY merchant_id LIMIT 20`,
  );
  // The pipeline's commands only: the outreach and the bounce mailbox are run by the tests that
  // say so.
  const types = t.app.ctx.services.proq.registry
    .commandTypes()
    .filter(
      (type) =>
        type !== PROQ_COMMAND_TYPES.campaignOutreach &&
        type !== PROQ_COMMAND_TYPES.readCampaignBounces,
    );
  await workers.start({ concurrency: 1, commandTypes: types });
  ({
    job: { id: jobId },
  } = await pipeline.jobAt('completed', {
    cookie: admin,
    merchants,
    issuerName: 'Mastercard Issuing',
  }));
  const useCase = await t.request({
    method: 'POST',
    url: `${JOBS_BASE}/${jobId}/use-cases`,
    cookie: admin,
    payload: { name: 'Everyone', cardProduct: 'Vcard', rule: { filters: [] } },
  });
  expect(useCase.statusCode, useCase.body).toBe(201);
  useCaseId = useCase.json<UseCase>().id;
  const suppliers = await t.request({
    method: 'POST',
    url: `${JOBS_BASE}/${jobId}/suppliers`,
    cookie: admin,
    payload: { pageSize: 500, orderBy: 'supplierKey' },
  });
  keys = suppliers
    .json<{ collection: { supplierKey: string }[] }>()
    .collection.map((s) => s.supplierKey);
}, 240_000);

afterAll(async () => {
  await workers.stopAll();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  await new Promise<void>((resolve) => imap.close(() => resolve()));
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function createCampaign(payload: object, cookie = admin, job = jobId) {
  return t.request({
    method: 'POST',
    url: `${JOBS_BASE}/${job}/campaign-workflows`,
    cookie,
    payload: {
      name: 'Virtual card drive',
      route: 'Buyer',
      cardProduct: 'Vcard',
      useCaseIds: [useCaseId],
      ...payload,
    },
  });
}
async function created(payload: object) {
  const res = await createCampaign(payload);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<CampaignDetails>();
}
async function get(id: string, cookie = admin) {
  const res = await t.request({ url: `${base}/${id}`, cookie });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<CampaignDetails>();
}
async function supplier(id: string, key: string) {
  const res = await t.request({
    url: `${base}/${id}/suppliers/${encodeURIComponent(key)}`,
    cookie: admin,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<CampaignSupplier & { timeline: { type: string; detail: string | null }[] }>();
}
async function setContacts(id: string, contacts: object[]) {
  return t.request({
    method: 'PUT',
    url: `${base}/${id}/contacts`,
    cookie: admin,
    payload: { contacts },
  });
}
const sendDue = (at = new Date()) => t.app.ctx.services.campaigns.outreach.sendDue(() => at);

describe('creating a campaign', () => {
  it('is refused with 409 on a job that is not Completed', async () => {
    const { job } = await pipeline.jobAt('draft', {
      cookie: admin,
      merchants: [],
      issuerName: 'Mastercard Issuing',
    });
    const res = await createCampaign({}, admin, job.id);
    expect(res.statusCode).toBe(409);
    expect(res.json<{ message: string }>().message).toContain('Completed');
  });

  it('tracks every selected supplier and lists each exclusion with its reason', async () => {
    const strategic = keys[0]!;
    const marked = await t.request({
      method: 'PUT',
      url: `${JOBS_BASE}/${jobId}/campaign-exclusions/${encodeURIComponent(strategic)}`,
      cookie: admin,
      payload: { reason: 'Strategic', note: 'Key account' },
    });
    expect(marked.statusCode, marked.body).toBe(200);
    const campaign = await created({ name: 'Scheme', cardProduct: 'Pcard' });
    expect(campaign.status).toBe('Pending');
    expect(campaign.cadence).toEqual({ followUpDays: [8, 12], closeDay: 14 });
    // The upload has no e-mail column: every tracked supplier is listed as No contact.
    expect(campaign.counters).toEqual({
      total: keys.length - 1,
      pending: keys.length - 1,
      active: 0,
      failed: 0,
      succeeded: 0,
    });
    expect(campaign.exclusionsByReason).toEqual({ Strategic: 1, NoContact: keys.length - 1 });
    // This file's app reads a bounce mailbox (CAMPAIGN_BOUNCE_MAILBOX_URL above).
    expect(campaign.bouncesReadAutomatically).toBe(true);
    const list = await t.request({
      method: 'POST',
      url: `${base}/${campaign.id}/exclusions`,
      cookie: admin,
      payload: {
        filters: [{ propertyName: 'reason', comparisonOperator: 'Equal', value: 'Strategic' }],
      },
    });
    expect(list.json<{ collection: unknown[] }>().collection).toEqual([
      expect.objectContaining({
        supplierKey: strategic,
        reason: 'Strategic',
        detail: 'Key account',
      }),
    ]);
    // The same card product again: every supplier is already in an active campaign.
    const again = await created({ name: 'Scheme again', cardProduct: 'Pcard' });
    expect(again.counters.total).toBe(0);
    expect(again.exclusionsByReason).toEqual({ Strategic: 1, ActiveCampaign: keys.length - 1 });
    await t.request({
      method: 'DELETE',
      url: `${JOBS_BASE}/${jobId}/campaign-exclusions/${encodeURIComponent(strategic)}`,
      cookie: admin,
    });
  });

  it('previews the selection as create makes it, writing nothing', async () => {
    const preview = (cookie = admin, payload: object = {}) =>
      t.request({
        method: 'POST',
        url: `${JOBS_BASE}/${jobId}/campaign-workflows/selection-preview`,
        cookie,
        payload: { route: 'Buyer', cardProduct: 'Scf', useCaseIds: [useCaseId], ...payload },
      });
    const campaignRows = async () =>
      (
        (await t.database.db.execute(
          sql`select (select count(*) from campaigns)::int as c, (select count(*) from campaign_suppliers)::int as s`,
        )) as unknown as { rows: { c: number; s: number }[] }
      ).rows[0];
    const before = await campaignRows();
    const res = await preview();
    expect(res.statusCode, res.body).toBe(200);
    const dry = res.json<CampaignSelectionPreview>();
    expect(await campaignRows()).toEqual(before);
    expect(dry.selected).toBe(keys.length);
    // The upload has no e-mail column: every tracked supplier is listed as No contact.
    expect(dry).toMatchObject({ tracked: keys.length, sendable: 0 });
    expect(dry.exclusionsByReason).toMatchObject({ NoContact: keys.length, Strategic: 0 });

    const campaign = await created({ name: 'Previewed', route: 'Buyer', cardProduct: 'Scf' });
    expect(campaign.counters.total).toBe(dry.tracked);
    expect(campaign.exclusionsByReason).toEqual(
      Object.fromEntries(Object.entries(dry.exclusionsByReason).filter(([, n]) => n > 0)),
    );
    // Now each of them is in an active campaign for the product: the preview says so.
    const again = (await preview()).json<CampaignSelectionPreview>();
    expect(again).toMatchObject({ selected: keys.length, tracked: 0, sendable: 0 });
    expect(again.exclusionsByReason.ActiveCampaign).toBe(keys.length);

    const empty = await preview(admin, { useCaseIds: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json<{ message: string }>().message).toContain('useCaseIds');
    expect((await preview(await t.signIn('issuer@example.com'))).statusCode).toBe(403);
  });

  it('refuses an unknown merge field with a 400 naming it', async () => {
    const campaign = await created({ name: 'Texts', cardProduct: 'TandEcard' });
    const res = await t.request({
      method: 'PUT',
      url: `${base}/${campaign.id}/template`,
      cookie: admin,
      payload: { ...campaign.template, body: 'Hello {{supplierName}}, see {{discountCode}}' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toBe(
      'body.body uses unknown merge field {{discountCode}}',
    );
    const preview = await t.request({
      method: 'POST',
      url: `${base}/${campaign.id}/preview`,
      cookie: admin,
      payload: {
        subject: '{{buyerName}} and {{cardProduct}}',
        body: 'For {{supplierName}} from {{issuerName}}',
        supplierKey: keys[1],
      },
    });
    expect(preview.statusCode, preview.body).toBe(200);
    const rendered = preview.json<{ subject: string; body: string }>();
    expect(rendered.subject).toMatch(/ and T&E Card$/);
    expect(rendered.body).toMatch(/^For .+ from Mastercard Issuing Demo$/);
  });

  it('refuses roles without the permission, and hides another issuer’s campaign', async () => {
    const campaign = await created({ name: 'Private', cardProduct: 'Scf' });
    const issuer = await t.signIn('issuer@example.com');
    expect((await createCampaign({}, issuer)).statusCode).toBe(403);
    // PayTech's campaign manager may manage campaigns, but not see Mastercard's job.
    const otherIssuer = await t.signIn('campaignmanager@example.com');
    const res = await t.request({ url: `${base}/${campaign.id}`, cookie: otherIssuer });
    expect(res.statusCode).toBe(404);
    expect((await createCampaign({}, otherIssuer)).statusCode).toBe(404);
    const all = await t.request({
      method: 'POST',
      url: `${base}/list`,
      cookie: otherIssuer,
      payload: {},
    });
    expect(all.json<{ totalCount: number }>().totalCount).toBe(0);
  });
});

describe('outreach and the response link', () => {
  let campaign: CampaignDetails;
  let ok: string;
  let temp: string;
  let reject: string;

  beforeAll(async () => {
    campaign = await created({ name: 'Virtual card drive', cardProduct: 'Vcard' });
    [ok, temp, reject] = [keys[1]!, keys[2]!, keys[3]!];
    const res = await setContacts(campaign.id, [
      { supplierKey: ok, contactEmail: 'ap@supplier-one.example', contactName: 'Ann Price' },
      { supplierKey: temp, contactEmail: 'tempfail@supplier-two.example' },
      { supplierKey: reject, contactEmail: 'reject@supplier-three.example' },
      { supplierKey: keys[4], contactEmail: 'not an address' },
      { supplierKey: 'no-such-supplier', contactEmail: 'x@y.example' },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      updated: 3,
      rejects: [
        {
          row: 4,
          supplierKey: keys[4],
          field: 'body.contacts[3].contactEmail',
          message: 'Not an e-mail address: not an address',
        },
        {
          row: 5,
          supplierKey: 'no-such-supplier',
          field: 'body.contacts[4].supplierKey',
          message: 'No such supplier in this campaign',
        },
      ],
    });
    const started = await t.request({
      method: 'POST',
      url: `${base}/${campaign.id}/start`,
      cookie: admin,
    });
    expect(started.statusCode, started.body).toBe(200);
    await sendDue();
  });

  it('delivers day 0 to the SMTP server once per supplier with an address', async () => {
    expect(mailsTo('ap@supplier-one.example')).toHaveLength(1);
    const mail = decoded(mailsTo('ap@supplier-one.example')[0]!.raw);
    expect(mail).toContain('Dear Ann Price');
    expect(mail).toContain('https://paytech.example/campaign-response/');
    // A second run finds nothing due: nothing is sent twice.
    expect(await sendDue()).toEqual({ sent: 0, refused: 0 });
    expect(mailsTo('ap@supplier-one.example')).toHaveLength(1);
  });

  it('retries a temporary (4xx) refusal and fails a permanent (5xx) one with its message', async () => {
    expect(mailsTo('tempfail@supplier-two.example')).toHaveLength(0);
    const deferred = await supplier(campaign.id, temp);
    expect(deferred.timeline.map((e) => e.type)).toEqual(['ContactUpdated', 'Deferred']);
    expect(deferred.timeline[1]!.detail).toContain('451 4.3.0 Try again later');
    await sendDue(new Date(Date.now() + 10 * 60_000));
    expect(mailsTo('tempfail@supplier-two.example')).toHaveLength(1);
    expect((await supplier(campaign.id, temp)).timeline.map((e) => e.type)).toEqual([
      'ContactUpdated',
      'Deferred',
      'Sent',
    ]);

    const failed = await supplier(campaign.id, reject);
    expect(failed).toMatchObject({ status: 'Completed', outcome: 'Failed' });
    expect(failed.outcomeReason).toContain('550 5.1.1 Mailbox does not exist');
    expect(mailsTo('reject@supplier-three.example')).toHaveLength(0);
  });

  it('shows only branding, buyer and product, records the answer at once, and is single-use', async () => {
    const token = linkToken(mailsTo('ap@supplier-one.example')[0]!.raw);
    const page = await t.request({ url: `/api/v1/campaign-response/${token}` });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json()).toEqual({
      issuerName: 'Mastercard Issuing Demo',
      branding: expect.objectContaining({ brandingKey: expect.any(String) }),
      buyerName: expect.any(String),
      cardProduct: 'Vcard',
      cardProductName: 'Virtual Card',
    });
    const answer = await t.request({
      method: 'POST',
      url: `/api/v1/campaign-response/${token}`,
      payload: { answer: 'Accept' },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const after = await get(campaign.id);
    expect(after.counters.succeeded).toBe(1);
    expect(after.counters.failed).toBe(1);
    const timeline = (await supplier(campaign.id, ok)).timeline.map((e) => e.type);
    expect(timeline).toEqual(['ContactUpdated', 'Sent', 'LinkOpened', 'Responded', 'Enrolled']);

    const reused = await t.request({
      method: 'POST',
      url: `/api/v1/campaign-response/${token}`,
      payload: { answer: 'Decline', reason: 'No' },
    });
    expect(reused.statusCode).toBe(410);
    expect(reused.json<{ message: string }>().message).toContain(
      'expired or has already been used',
    );
    expect((await t.request({ url: `/api/v1/campaign-response/${token}` })).statusCode).toBe(410);
  });

  it('refuses an expired link with the same answer and no data', async () => {
    const token = linkToken(mailsTo('tempfail@supplier-two.example')[0]!.raw);
    await t.database.db.execute(
      sql`update campaign_response_tokens set expires_at = now() - interval '1 minute' where campaign_id = ${campaign.id} and supplier_key = ${temp}`,
    );
    const res = await t.request({ url: `/api/v1/campaign-response/${token}` });
    expect(res.statusCode).toBe(410);
    expect(res.body).not.toContain('Mastercard');
  });

  it('sends the follow-up on its day through the ProQ command', async () => {
    // The cadence's day 8, as if eight days had passed.
    await t.database.db.execute(
      sql`update campaign_suppliers set next_due_at = now() - interval '1 second' where campaign_id = ${campaign.id} and supplier_key = ${temp}`,
    );
    const worker = await workers.start({
      concurrency: 1,
      commandTypes: [PROQ_COMMAND_TYPES.campaignOutreach],
    });
    await t.app.ctx.services.proq.enqueue([{ commandType: PROQ_COMMAND_TYPES.campaignOutreach }]);
    await waitFor(
      async () => mailsTo('tempfail@supplier-two.example').length,
      (n) => n === 2,
      20_000,
      'the follow-up',
    );
    await worker.stop(1000);
    expect(decoded(mailsTo('tempfail@supplier-two.example')[1]!.raw)).toContain('Reminder');
    expect((await supplier(campaign.id, temp)).timeline.at(-1)!.type).toBe('FollowUp');

    // The follow-up's own link: the supplier asks to be called; no more reminders.
    const token = linkToken(mailsTo('tempfail@supplier-two.example')[1]!.raw);
    const called = await t.request({
      method: 'POST',
      url: `/api/v1/campaign-response/${token}`,
      payload: { answer: 'CallMe', phone: '+44 1632 960002' },
    });
    expect(called.statusCode, called.body).toBe(200);
    const after = await supplier(campaign.id, temp);
    expect(after).toMatchObject({ status: 'Active', contactPhone: '+44 1632 960002' });
    expect(after.timeline.slice(-2).map((e) => e.type)).toEqual(['Responded', 'CallRequested']);
    const [row] = (
      (await t.database.db.execute(
        sql`select next_due_at from campaign_suppliers where campaign_id = ${campaign.id} and supplier_key = ${temp}`,
      )) as unknown as { rows: { next_due_at: unknown }[] }
    ).rows;
    expect(row!.next_due_at).toBeNull();
  });
});

/** A delivery status notification (RFC 3464) as a remote server sends one back. */
function dsn(original: string, to: string, action: string, status: string, diagnostic: string) {
  const messageId = /^Message-ID:\s*(<[^>]+>)/im.exec(original)![1]!;
  return [
    'From: MAILER-DAEMON@mx.supplier.example',
    'Subject: Undelivered Mail Returned to Sender',
    'Message-ID: <20261128.dsn.1@mx.supplier.example>',
    'Content-Type: multipart/report; report-type=delivery-status; boundary="b1"',
    '',
    '--b1',
    'Content-Type: text/plain',
    '',
    'Your message could not be delivered to one or more recipients.',
    '--b1',
    'Content-Type: message/delivery-status',
    '',
    'Reporting-MTA: dns; mx.supplier.example',
    '',
    `Final-Recipient: rfc822; ${to}`,
    `Action: ${action}`,
    `Status: ${status}`,
    `Diagnostic-Code: smtp; ${diagnostic.replace(': ', ':\r\n    ')}`,
    '',
    '--b1',
    'Content-Type: text/rfc822-headers',
    '',
    `To: ${to}`,
    `Message-ID: ${messageId}`,
    'Subject: An easier way to be paid',
    '--b1--',
    '',
  ].join('\r\n');
}

describe('a bounce received after the server accepted the mail', () => {
  let campaign: CampaignDetails;
  let gone: string;
  let slow: string;
  let answered: string;
  let lost: string;
  let late: string;
  const bounce = (message: string, cookie = admin, id = campaign.id) =>
    t.request({ method: 'POST', url: `${base}/${id}/bounces`, cookie, payload: { message } });

  beforeAll(async () => {
    campaign = await created({ name: 'Bounces', cardProduct: 'Optima' });
    [gone, slow, answered, lost, late] = [keys[5]!, keys[6]!, keys[7]!, keys[8]!, keys[9]!];
    const res = await setContacts(campaign.id, [
      { supplierKey: gone, contactEmail: 'left@bounce-one.example' },
      { supplierKey: slow, contactEmail: 'ap@bounce-two.example' },
      { supplierKey: answered, contactEmail: 'ap@bounce-three.example' },
      { supplierKey: lost, contactEmail: 'gone@bounce-four.example' },
      { supplierKey: late, contactEmail: 'ap@bounce-five.example' },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const started = await t.request({
      method: 'POST',
      url: `${base}/${campaign.id}/start`,
      cookie: admin,
    });
    expect(started.statusCode, started.body).toBe(200);
    await sendDue();
    expect(mailsTo('left@bounce-one.example')).toHaveLength(1);
  });

  it('ends the supplier as Failed with the remote server’s diagnostic, and its link dies', async () => {
    const original = mailsTo('left@bounce-one.example')[0]!.raw;
    const res = await bounce(
      dsn(
        original,
        'left@bounce-one.example',
        'failed',
        '5.1.1',
        '550 5.1.1 <left@bounce-one.example>: Recipient address rejected: User unknown',
      ),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      supplierKey: gone,
      supplierName: expect.any(String),
      effect: 'Failed',
      status: '5.1.1',
      diagnostic: '550 5.1.1 <left@bounce-one.example>: Recipient address rejected: User unknown',
    });
    const after = await supplier(campaign.id, gone);
    expect(after).toMatchObject({ status: 'Completed', outcome: 'Failed' });
    expect(after.outcomeReason).toBe(
      'Bounced: 5.1.1 550 5.1.1 <left@bounce-one.example>: Recipient address rejected: User unknown',
    );
    expect(after.timeline.map((e) => e.type)).toEqual(['ContactUpdated', 'Sent', 'Bounced']);
    expect((await get(campaign.id)).counters.failed).toBe(1);
    const link = await t.request({ url: `/api/v1/campaign-response/${linkToken(original)}` });
    expect(link.statusCode).toBe(410);
    // No follow-up goes to an address that bounced.
    await sendDue(new Date(Date.now() + 9 * 86_400_000));
    expect(mailsTo('left@bounce-one.example')).toHaveLength(1);
  });

  it('notes a delay on the timeline and keeps the supplier in the campaign', async () => {
    const original = mailsTo('ap@bounce-two.example')[0]!.raw;
    const res = await bounce(
      dsn(original, 'ap@bounce-two.example', 'delayed', '4.4.1', '421 4.4.1 Connection timed out'),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ effect: 'Deferred', status: '4.4.1' });
    const after = await supplier(campaign.id, slow);
    expect(after.status).toBe('Active');
    expect(after.outcome).toBeNull();
    expect(after.timeline.at(-1)).toMatchObject({
      type: 'Deferred',
      detail: 'Delayed after the server accepted it: 4.4.1 421 4.4.1 Connection timed out',
    });
  });

  it('keeps the answer of a supplier who already accepted, noting the bounce', async () => {
    const original = mailsTo('ap@bounce-three.example')[0]!.raw;
    const accepted = await t.request({
      method: 'POST',
      url: `/api/v1/campaign-response/${linkToken(original)}`,
      payload: { answer: 'Accept' },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const res = await bounce(
      dsn(original, 'ap@bounce-three.example', 'failed', '5.2.2', '552 5.2.2 Mailbox full'),
    );
    expect(res.json()).toMatchObject({ effect: 'Unchanged' });
    const after = await supplier(campaign.id, answered);
    expect(after.outcome).toBe('Succeeded');
    expect(after.timeline.at(-1)!.type).toBe('Bounced');
  });

  it('refuses a message naming no e-mail of this campaign, or no delivery status, saying which', async () => {
    const original = mailsTo('ap@bounce-two.example')[0]!.raw;
    const unrelated = await bounce('Subject: Out of office\r\n\r\nI am away until Monday.');
    expect(unrelated.statusCode).toBe(400);
    expect(unrelated.json<{ message: string }>().message).toMatch(
      /^body\.message: names no e-mail of this campaign/,
    );
    const noStatus = await bounce(
      dsn(original, 'ap@bounce-two.example', 'x', '', '').replace(/^(Action|Status): .*$/gm, ''),
    );
    expect(noStatus.statusCode).toBe(400);
    expect(noStatus.json<{ message: string }>().message).toContain('no delivery status found');
    const delivered = await bounce(
      dsn(original, 'ap@bounce-two.example', 'delivered', '2.0.0', '250 2.0.0 OK'),
    );
    expect(delivered.statusCode).toBe(400);
    expect(delivered.json<{ message: string }>().message).toContain('reports a delivery');
    // Another campaign's Message-ID is not this campaign's.
    const other = await created({ name: 'Other', cardProduct: 'Optima' });
    expect((await bounce(original, admin, other.id)).statusCode).toBe(400);
  });

  it('refuses roles without CampaignUpdate and hides another issuer’s campaign', async () => {
    const original = mailsTo('ap@bounce-two.example')[0]!.raw;
    const message = dsn(original, 'ap@bounce-two.example', 'failed', '5.1.1', '550 Unknown');
    expect((await bounce(message, await t.signIn('issuer@example.com'))).statusCode).toBe(403);
    const otherIssuer = await t.signIn('campaignmanager@example.com');
    expect((await bounce(message, otherIssuer)).statusCode).toBe(404);
    expect((await supplier(campaign.id, slow)).status).toBe('Active');
  });

  describe('read from the bounce mailbox by ReadCampaignBounces', () => {
    const type = PROQ_COMMAND_TYPES.readCampaignBounces;
    /** One run through the queue; a scheduled run still waiting is canceled so it takes none. */
    async function readBounces() {
      await t.database.db.execute(
        sql`update proq_commands set state = 'Canceled', completed_date = now() where command_type = ${type} and state in ('Pending', 'Blocked')`,
      );
      const [command] = await t.app.ctx.services.proq.enqueue([{ commandType: type }]);
      const worker = await workers.start({ concurrency: 1, commandTypes: [type] });
      const done = await waitFor(
        async () => (await statesOf(t.database, [command!.id])).get(command!.id)!,
        (c) => c.state === 'Completed' || c.state === 'Error',
        20_000,
        'ReadCampaignBounces',
      );
      await worker.stop(1000);
      return done;
    }
    const deliver = (raw: string) => mailbox((client) => client.append('INBOX', raw));
    const original = (to: string) => mailsTo(to)[0]!.raw;

    it('records a permanent failure, ignores what is not our bounce, and flags all \\Seen', async () => {
      const ours = original('gone@bounce-four.example');
      await deliver(
        dsn(ours, 'gone@bounce-four.example', 'failed', '5.1.1', '550 5.1.1 User unknown'),
      );
      // A supplier's reply quotes our Message-ID but is no delivery status notification.
      const messageId = /^Message-ID:\s*(<[^>]+>)/im.exec(ours)![1]!;
      await deliver(
        `Subject: Re: An easier way to be paid\r\nIn-Reply-To: ${messageId}\r\n\r\nAction: failed? No, we are interested.\r\n`,
      );
      // A bounce of somebody else's e-mail.
      await deliver(
        dsn(
          'Message-ID: <newsletter-7@elsewhere.example>',
          'x@elsewhere.example',
          'failed',
          '5.1.1',
          '550 Unknown',
        ),
      );
      const run = await readBounces();
      expect(run).toMatchObject({
        state: 'Completed',
        message: 'Read 3 message(s): 1 bounce(s) recorded, 2 ignored',
      });
      const after = await supplier(campaign.id, lost);
      expect(after).toMatchObject({
        status: 'Completed',
        outcome: 'Failed',
        outcomeReason: 'Bounced: 5.1.1 550 5.1.1 User unknown',
      });
      expect(after.timeline.at(-1)).toMatchObject({
        type: 'Bounced',
        detail: 'Bounced after the server accepted it: 5.1.1 550 5.1.1 User unknown',
      });
      // Nothing is deleted; everything read is \\Seen.
      expect(await mailboxMessages()).toEqual([
        { subject: 'Undelivered Mail Returned to Sender', seen: true },
        { subject: 'Re: An easier way to be paid', seen: true },
        { subject: 'Undelivered Mail Returned to Sender', seen: true },
      ]);
    });

    it('notes a delay only, leaving the supplier in the campaign', async () => {
      await deliver(
        dsn(
          original('ap@bounce-five.example'),
          'ap@bounce-five.example',
          'delayed',
          '4.4.1',
          '421 4.4.1 Connection timed out',
        ),
      );
      const run = await readBounces();
      expect(run.message).toBe('Read 1 message(s): 1 bounce(s) recorded, 0 ignored');
      const after = await supplier(campaign.id, late);
      expect(after).toMatchObject({ status: 'Active', outcome: null });
      expect(after.timeline.at(-1)).toMatchObject({
        type: 'Deferred',
        detail: 'Delayed after the server accepted it: 4.4.1 421 4.4.1 Connection timed out',
      });
      expect((await mailboxMessages()).at(-1)!.seen).toBe(true);
    });

    it('records each bounce once, however often it is read', async () => {
      expect((await readBounces()).message).toBe(
        'Read 0 message(s): 0 bounce(s) recorded, 0 ignored',
      );
      // A run that recorded but died before flagging: every message is unseen again.
      await mailbox((client) => client.messageFlagsRemove('1:*', ['\\Seen']));
      expect((await readBounces()).message).toBe(
        'Read 4 message(s): 2 bounce(s) recorded, 2 ignored',
      );
      const types = async (key: string) =>
        (await supplier(campaign.id, key)).timeline.map((e) => e.type);
      expect((await types(lost)).filter((e) => e === 'Bounced')).toHaveLength(1);
      expect((await types(late)).filter((e) => e === 'Deferred')).toHaveLength(1);
      expect((await mailboxMessages()).every((m) => m.seen)).toBe(true);
    });

    it('ends in Error with the server’s answer when the mailbox refuses the login', async () => {
      imap.users.bounces!.password = 'changed-by-the-mail-admin';
      try {
        const run = await readBounces();
        expect(run.state).toBe('Error');
        expect(run.message).toMatch(/^Bounce mailbox 127\.0\.0\.1:\d+: .*authentication failure/i);
      } finally {
        imap.users.bounces!.password = 'mailbox-secret';
      }
    });
  });
});

describe('a Virtual LB campaign', () => {
  it('needs the issuer’s lockbox provider, and its start enrols every supplier through it', async () => {
    await t.database.db.execute(
      sql`update issuers set virtual_lockboxes = '{}' where name = 'Mastercard Issuing Demo'`,
    );
    const refused = await createCampaign({ route: 'IsVlbAutoEnrolled', cardProduct: 'Boost' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ message: string }>().message).toContain('no virtual lockbox provider');
    await t.database.db.execute(
      sql`update issuers set virtual_lockboxes = '{BoostEu}' where name = 'Mastercard Issuing Demo'`,
    );
    const campaign = await created({ route: 'IsVlbAutoEnrolled', cardProduct: 'Boost' });
    expect(campaign.virtualLockbox).toBe('BoostEu');
    // No e-mail is sent on this route: suppliers without one are not listed as No contact.
    expect(campaign.exclusionsByReason).toEqual({});
    const started = await t.request({
      method: 'POST',
      url: `${base}/${campaign.id}/start`,
      cookie: admin,
    });
    expect(started.statusCode, started.body).toBe(200);
    const total = campaign.counters.total;
    expect(started.json<CampaignDetails>().counters).toEqual({
      total,
      pending: 0,
      active: 0,
      failed: 0,
      succeeded: total,
    });
    const one = await supplier(campaign.id, keys[5]!);
    expect(one).toMatchObject({ isVlbAutoEnrolled: true, outcome: 'Succeeded' });
    expect(one.timeline.map((e) => [e.type, e.detail])).toEqual([
      ['VlbAutoEnrolled', 'Enrolled through BoostEu'],
    ]);
  });
});

describe('contacts from the upload', () => {
  it('carries the mapped e-mail, name and phone into the results and a new campaign', async () => {
    const job = await pipeline.createJob({ cookie: admin, issuerName: 'Mastercard Issuing' });
    const csv = [
      'Supplier Name,Vendor No,Country,Annual Spend,Email,Contact Name,Phone',
      'Harbour Timber Ltd,V1,GB,12000,AP@Harbour.example,Jo Reed,01632 960001',
      'Quay Paper Ltd,V2,GB,8000,not-an-address,,',
    ].join('\r\n');
    const up = await pipeline.upload(job.id, 'Suppliers', 'contacts.csv', csv, admin);
    expect(up.statusCode, up.body).toBe(201);
    const fileId = up.json<{ id: string }>().id;
    const mapped = await t.request({
      method: 'PUT',
      url: `${JOBS_BASE}/${job.id}/files/${fileId}/mapping`,
      cookie: admin,
      payload: {
        mapping: {
          supplierName: 0,
          supplierId: 1,
          country: 2,
          annualSpend: 3,
          contactEmail: 4,
          contactName: 5,
          contactPhone: 6,
        },
        options: { dateOrder: 'DMY' },
      },
    });
    expect(mapped.statusCode, mapped.body).toBe(200);
    expect((await pipeline.submit(job.id, admin)).statusCode).toBe(200);
    expect((await pipeline.waitUntilFinished(job.id, admin)).status).toBe('Completed');
    const useCase = await t.request({
      method: 'POST',
      url: `${JOBS_BASE}/${job.id}/use-cases`,
      cookie: admin,
      payload: { name: 'All', cardProduct: 'Vcard', rule: { filters: [] } },
    });
    const campaign = await createCampaign(
      { useCaseIds: [useCase.json<UseCase>().id] },
      admin,
      job.id,
    );
    expect(campaign.statusCode, campaign.body).toBe(201);
    const { id } = campaign.json<CampaignDetails>();
    const list = await t.request({
      method: 'POST',
      url: `${base}/${id}/suppliers`,
      cookie: admin,
      payload: { orderBy: 'supplierName' },
    });
    expect(
      list
        .json<{ collection: CampaignSupplier[] }>()
        .collection.map((s) => [
          s.supplierName,
          s.contactEmail,
          s.contactName,
          s.contactPhone,
          s.sendable,
        ]),
    ).toEqual([
      ['Harbour Timber Ltd', 'ap@harbour.example', 'Jo Reed', '01632 960001', true],
      ['Quay Paper Ltd', null, null, null, false],
    ]);
  });
});

describe('external outcomes', () => {
  it('applies a file row by row and rejects unknown suppliers, statuses and dates', async () => {
    const campaign = await created({
      name: 'Elsewhere',
      route: 'ExternalCampaign',
      cardProduct: 'InstantPay',
    });
    expect(campaign.exclusionsByReason).toEqual({});
    const csv = [
      'supplierKey,status,date,reason',
      `${keys[1]},Enrolled,2026-11-20,`,
      `${keys[2]},Declined,2026-11-21,Prefers cheques`,
      '=HYPERLINK("x"),Enrolled,2026-11-20,',
      `${keys[3]},Maybe,2026-11-20,`,
      `${keys[4]},Declined,yesterday,`,
    ].join('\n');
    const form = new FormData();
    form.append('file', new Blob([csv], { type: 'text/csv' }), 'outcomes.csv');
    const req = new Request('http://x', { method: 'POST', body: form });
    const res = await t.request({
      method: 'POST',
      url: `${base}/${campaign.id}/outcomes`,
      cookie: admin,
      headers: Object.fromEntries(req.headers),
      payload: Buffer.from(await req.arrayBuffer()),
    });
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json<{
      uploadId: string;
      applied: number;
      rejected: number;
      rejects: { row: number; field: string }[];
    }>();
    expect(result).toMatchObject({ rowCount: 5, applied: 2, rejected: 3 });
    expect(result.rejects.map((r) => [r.row, r.field])).toEqual([
      [4, 'supplierKey'],
      [5, 'status'],
      [6, 'date'],
    ]);
    const after = await get(campaign.id);
    expect(after.counters).toMatchObject({ succeeded: 1, failed: 1 });
    const rejects = await t.request({
      url: `${base}/${campaign.id}/outcomes/${result.uploadId}/rejects.csv`,
      cookie: admin,
    });
    expect(rejects.statusCode).toBe(200);
    // The supplier key cell would be a formula: it is quoted so a spreadsheet shows it as text.
    expect(rejects.body.split('\r\n')[1]).toBe(
      `4,"'=HYPERLINK(""x"")",supplierKey,"Unknown supplier in this campaign: =HYPERLINK(""x"")"`,
    );
  });
});

describe('external outcomes from a workbook', () => {
  const upload = async (campaignId: string, name: string, data: Buffer) => {
    const form = new FormData();
    form.append('file', new Blob([data]), name);
    const req = new Request('http://x', { method: 'POST', body: form });
    return t.request({
      method: 'POST',
      url: `${base}/${campaignId}/outcomes`,
      cookie: admin,
      headers: Object.fromEntries(req.headers),
      payload: Buffer.from(await req.arrayBuffer()),
    });
  };

  it('reads the first sheet: date cells, rich text and formatted empty rows', async () => {
    const campaign = await created({
      name: 'Elsewhere in a workbook',
      route: 'ExternalCampaign',
      cardProduct: 'InstantPay',
    });
    // One of this campaign's own suppliers: other tests' campaigns hold others, which this
    // one then leaves out.
    const list = await t.request({
      method: 'POST',
      url: `${base}/${campaign.id}/suppliers`,
      cookie: admin,
      payload: { orderBy: 'supplierName' },
    });
    const declined = list.json<{ collection: CampaignSupplier[] }>().collection[0]?.supplierKey;
    expect(declined).toBeDefined();
    const wb = new ExcelJS.Workbook();
    const sheet = wb.addWorksheet('Outcomes');
    sheet.addRow(['Supplier Key', 'Status', 'Date', 'Reason']);
    sheet.addRow([
      declined,
      'declined',
      new Date(Date.UTC(2026, 10, 21)),
      { richText: [{ text: 'Prefers ' }, { text: 'cheques', font: { bold: true } }] },
    ]);
    // Formatted but empty rows below the data are not rows of the file.
    sheet.getRow(10).getCell(1).numFmt = '0.00';
    wb.addWorksheet('Notes').addRow(['not read']);
    const res = await upload(
      campaign.id,
      'outcomes.xlsx',
      Buffer.from(await wb.xlsx.writeBuffer()),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json(), res.body).toMatchObject({ rowCount: 1, applied: 1, rejected: 0 });
    const after = await supplier(campaign.id, declined!);
    expect(after).toMatchObject({ outcome: 'Declined', outcomeReason: 'Prefers cheques' });
  });

  it('refuses a text file named .xlsx, naming what it is', async () => {
    const campaign = await created({
      name: 'Not a workbook',
      route: 'ExternalCampaign',
      cardProduct: 'InstantPay',
    });
    const res = await upload(
      campaign.id,
      'outcomes.xlsx',
      Buffer.from(`supplierKey,status\n${keys[1]},Enrolled\n`),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toMatch(/^file: .*outcomes\.xlsx/);
  });
});

describe('a worker stopped between the claim and the server’s answer', () => {
  const messageIds = (address: string) =>
    mailsTo(address).map((m) => /^Message-ID:\s*(<[^>]+>)/im.exec(m.raw)![1]!);

  it('leaves the step `sending`; the re-run command sends it again with the same Message-ID, once per supplier', async () => {
    const campaign = await created({ name: 'Crash window', cardProduct: 'Stp' });
    const [unsent, unrecorded] = [keys[5]!, keys[6]!];
    const contacts = await setContacts(campaign.id, [
      { supplierKey: unsent, contactEmail: 'never-left@supplier-five.example' },
      { supplierKey: unrecorded, contactEmail: 'arrived@supplier-six.example' },
    ]);
    expect(contacts.statusCode, contacts.body).toBe(200);
    const started = await t.request({
      method: 'POST',
      url: `${base}/${campaign.id}/start`,
      cookie: admin,
    });
    expect(started.statusCode, started.body).toBe(200);

    // The dead worker's claim: both steps `sending`, leased for two minutes.
    const dead = createOutreachRepo(t.database.db);
    const claimed = await dead.claim('dead-worker', new Date(), 10, 120_000);
    expect(claimed.map((c) => [c.supplier_key, c.resend]).sort()).toEqual(
      [
        [unsent, false],
        [unrecorded, false],
      ].sort(),
    );
    // It died mid-DATA for one (the server discarded it) and after the other's 250 but before
    // recording it: that mail arrived with the step's Message-ID.
    const messageId = `<campaign-${campaign.id}-${encodeURIComponent(unrecorded)}-0@b2b-analytics>`;
    const first = await t.app.ctx.services.mail.deliver({
      to: 'arrived@supplier-six.example',
      subject: 'Straight-through payments',
      text: 'The first attempt',
      messageId,
    });
    expect(first.status).toBe('sent');
    const states = async () =>
      (
        (await t.database.db.execute(
          sql`select supplier_key, state, attempts from campaign_sends where campaign_id = ${campaign.id} order by supplier_key`,
        )) as unknown as { rows: { supplier_key: string; state: string; attempts: number }[] }
      ).rows
        .map((r) => [r.supplier_key, r.state, r.attempts])
        .sort();
    expect(await states()).toEqual(
      [
        [unsent, 'sending', 1],
        [unrecorded, 'sending', 1],
      ].sort(),
    );
    // Within the lease nobody takes them over.
    expect(await sendDue()).toEqual({ sent: 0, refused: 0 });

    // The lease has ended: the next run of the ProQ command sends both again.
    await t.database.db.execute(
      sql`update campaign_suppliers set next_due_at = now() - interval '1 second' where campaign_id = ${campaign.id} and supplier_key in (${unsent}, ${unrecorded})`,
    );
    const worker = await workers.start({
      concurrency: 1,
      commandTypes: [PROQ_COMMAND_TYPES.campaignOutreach],
    });
    await t.app.ctx.services.proq.enqueue([{ commandType: PROQ_COMMAND_TYPES.campaignOutreach }]);
    await waitFor(
      async () => (await states()).filter((s) => s[1] === 'sent').length,
      (n) => n === 2,
      20_000,
      'both steps sent',
    );
    await worker.stop(1000);

    // One delivery per supplier, counted by Message-ID as a receiving server dedupes.
    expect(messageIds('never-left@supplier-five.example')).toEqual([
      `<campaign-${campaign.id}-${encodeURIComponent(unsent)}-0@b2b-analytics>`,
    ]);
    expect(messageIds('arrived@supplier-six.example')).toEqual([messageId, messageId]);
    expect(await states()).toEqual(
      [
        [unsent, 'sent', 2],
        [unrecorded, 'sent', 2],
      ].sort(),
    );
    for (const key of [unsent, unrecorded]) {
      const timeline = (await supplier(campaign.id, key)).timeline;
      expect(timeline.map((e) => e.type)).toEqual(['ContactUpdated', 'Resent']);
      expect(timeline[1]!.detail).toContain('delivery is unknown');
    }
    // Nothing is due until the first follow-up: a further run sends nothing.
    expect(await sendDue()).toEqual({ sent: 0, refused: 0 });
    expect(mailsTo('never-left@supplier-five.example')).toHaveLength(1);
  });
});
