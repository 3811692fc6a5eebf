import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type CampaignDetails, type CampaignSupplier, PROQ_COMMAND_TYPES } from '@b2b/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness.js';
import { JOBS_BASE, type ReferenceMerchant, jobPipeline } from '../../../test/job-pipeline.js';
import { PROQ_TEST_ENV, workerPool } from '../../../test/proq-kit.js';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'b2b-response-link-test-'));
const t = useTestApp({
  ...PROQ_TEST_ENV,
  DATA_DIR: dataDir,
  REFERENCE_DEMO_MERCHANTS: '3000',
  ENGINE_MEMORY_LIMIT: '256MB',
  PUBLIC_URL: 'https://paytech.example',
});
const workers = workerPool(t);
const pipeline = jobPipeline(t);
const base = '/api/v1/campaign-workflows';

let admin: string;
let campaign: CampaignDetails;
let supplierKey: string;
let jobId: string;
let useCaseId: string;

const issue = (key: string, cookie = admin, campaignId = campaign.id) =>
  t.request({
    method: 'POST',
    url: `${base}/${campaignId}/suppliers/${encodeURIComponent(key)}/response-link`,
    cookie,
  });

beforeAll(async () => {
  admin = await t.signIn('sysadmin@example.com');
  const merchants = await pipeline.referenceMerchants<ReferenceMerchant>(
    (source) =>
      `SELECT merchant_name, postcode, country FROM ${source} WHERE country = 'GBR' ORDER BY merchant_id LIMIT 10`,
  );
  // No outreach worker: the links under test are the ones issued by hand.
  const types = t.app.ctx.services.proq.registry
    .commandTypes()
    .filter((type) => type !== PROQ_COMMAND_TYPES.campaignOutreach);
  await workers.start({ concurrency: 1, commandTypes: types });
  ({
    job: { id: jobId },
  } = await pipeline.jobAt('completed', { cookie: admin, merchants }));
  const useCase = await t.request({
    method: 'POST',
    url: `${JOBS_BASE}/${jobId}/use-cases`,
    cookie: admin,
    payload: { name: 'Everyone', cardProduct: 'Vcard', rule: { filters: [] } },
  });
  expect(useCase.statusCode, useCase.body).toBe(201);
  useCaseId = useCase.json<{ id: string }>().id;
  const created = await t.request({
    method: 'POST',
    url: `${JOBS_BASE}/${jobId}/campaign-workflows`,
    cookie: admin,
    payload: {
      name: 'Links by phone',
      route: 'Issuer',
      cardProduct: 'Vcard',
      useCaseIds: [useCaseId],
    },
  });
  expect(created.statusCode, created.body).toBe(201);
  campaign = created.json<CampaignDetails>();
  const tracker = await t.request({
    method: 'POST',
    url: `${base}/${campaign.id}/suppliers`,
    cookie: admin,
    payload: { pageSize: 1, orderBy: 'supplierKey' },
  });
  supplierKey = tracker.json<{ collection: CampaignSupplier[] }>().collection[0]!.supplierKey;
  // An address makes the supplier one the campaign contacts once started.
  const contact = await t.request({
    method: 'PUT',
    url: `${base}/${campaign.id}/contacts`,
    cookie: admin,
    payload: { contacts: [{ supplierKey, contactEmail: 'ap@supplier.example' }] },
  });
  expect(contact.json<{ updated: number }>().updated, contact.body).toBe(1);
}, 240_000);

afterAll(async () => {
  await workers.stopAll();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('a fresh response link', () => {
  it('is refused while the campaign is Pending', async () => {
    const res = await issue(supplierKey);
    expect(res.statusCode).toBe(409);
    expect(res.json<{ message: string }>().message).toBe(
      'The campaign is Pending; start it before handing out links.',
    );
  });

  it('is refused once the campaign is Completed', async () => {
    const created = await t.request({
      method: 'POST',
      url: `${JOBS_BASE}/${jobId}/campaign-workflows`,
      cookie: admin,
      payload: {
        name: 'Closed early',
        route: 'Other',
        cardProduct: 'Pcard',
        useCaseIds: [useCaseId],
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const closed = created.json<CampaignDetails>();
    for (const action of ['start', 'complete']) {
      const res = await t.request({
        method: 'POST',
        url: `${base}/${closed.id}/${action}`,
        cookie: admin,
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const res = await issue(supplierKey, admin, closed.id);
    expect(res.statusCode).toBe(409);
    expect(res.json<{ message: string }>().message).toBe(
      'The campaign is Completed; it can no longer change.',
    );
  });

  it('opens the public page, takes one answer, and counts the supplier Succeeded', async () => {
    const started = await t.request({
      method: 'POST',
      url: `${base}/${campaign.id}/start`,
      cookie: admin,
    });
    expect(started.statusCode, started.body).toBe(200);

    const res = await issue(supplierKey);
    expect(res.statusCode, res.body).toBe(200);
    const { link, expiresAt } = res.json<{ link: string; expiresAt: string }>();
    const token = /^https:\/\/paytech\.example\/campaign-response\/([A-Za-z0-9_-]{43})$/.exec(
      link,
    )?.[1];
    expect(token).toBeDefined();
    const days = (Date.parse(expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);

    const page = await t.request({ url: `/api/v1/campaign-response/${token}` });
    expect(page.statusCode, page.body).toBe(200);
    const answer = await t.request({
      method: 'POST',
      url: `/api/v1/campaign-response/${token}`,
      payload: { answer: 'Accept' },
    });
    expect(answer.statusCode, answer.body).toBe(200);

    const detail = await t.request({ url: `${base}/${campaign.id}`, cookie: admin });
    expect(detail.json<CampaignDetails>().counters.succeeded).toBe(1);
    // The supplier has its outcome: no further link.
    const again = await issue(supplierKey);
    expect(again.statusCode).toBe(409);
    expect(again.json<{ message: string }>().message).toBe(
      'The supplier already has an outcome (Succeeded); no new link.',
    );
  });

  it('names an unknown supplier, and refuses users without CampaignUpdate', async () => {
    const tracker = await t.request({
      method: 'POST',
      url: `${base}/${campaign.id}/suppliers`,
      cookie: admin,
      payload: {
        pageSize: 1,
        filters: [{ propertyName: 'sendable', comparisonOperator: 'Equal', value: 'false' }],
      },
    });
    const noContact = tracker.json<{ collection: CampaignSupplier[] }>().collection[0];
    if (noContact) {
      const res = await issue(noContact.supplierKey);
      expect(res.statusCode).toBe(409);
      expect(res.json<{ message: string }>().message).toBe(
        'The supplier is not being contacted (no contact address); add one first.',
      );
    }
    const unknown = await issue('NO-SUCH-SUPPLIER');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json<{ message: string }>().message).toBe(
      'The supplier is not in this campaign.',
    );
    const issuer = await t.signIn('issuer@example.com');
    expect((await issue(supplierKey, issuer)).statusCode).toBe(403);
    const missing = await issue(supplierKey, admin, '00000000-0000-4000-8000-000000000000');
    expect(missing.statusCode).toBe(404);
  });
});
