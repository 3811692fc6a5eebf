import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { JobDetails, SupplierResult } from '@b2b/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeDocx, multipart } from '../../../test/chat-files.js';
import { useTestApp } from '../../../test/harness.js';
import { PROQ_TEST_ENV, rows, waitFor, workerPool } from '../../../test/proq-kit.js';
import { openEngineDb, sqlString } from '../../engine/duckdb.js';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'b2b-jobs-test-'));
const t = useTestApp({
  ...PROQ_TEST_ENV,
  DATA_DIR: dataDir,
  REFERENCE_DEMO_MERCHANTS: '3000',
  // 64 KiB: small enough to test the limit, big enough for the test files.
  JOB_UPLOAD_MAX_MB: '0.0625',
  JOB_XLSX_MAX_SHEETS: '5',
  ENGINE_MEMORY_LIMIT: '256MB',
});
const workers = workerPool(t);
const base = '/api/v1/job-artifacts';

let admin: string;
let issuerUser: string;
let mdoCreator: string;
let merchants: { merchant_name: string; postcode: string | null; country: string }[] = [];

beforeAll(async () => {
  admin = await t.signIn('sysadmin@example.com');
  issuerUser = await t.signIn('issuer@example.com');
  mdoCreator = await t.signIn('matcheddataonlyjobcreator@example.com');
  const { engine } = t.app.ctx.services.jobs;
  const { versionId } = await engine.ensureReferenceData(3000);
  const db = await openEngineDb({ threads: 1, memoryLimit: '256MB' });
  try {
    merchants = await db.all(
      `SELECT merchant_name, postcode, country FROM read_parquet(${sqlString(
        path.join(engine.referenceRoot, versionId, 'merchants.parquet'),
      )}) WHERE country = 'GBR' ORDER BY merchant_id LIMIT 40`,
    );
  } finally {
    db.close();
  }
  await workers.start({ concurrency: 1 });
}, 180_000);

afterAll(async () => {
  await workers.stopAll();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** A Summary Upload export as buyers send it: BOM, currency signs, thousands separators, junk rows. */
function messySummaryCsv(): string {
  const lines = ['Supplier Name,Vendor No,Post Code,Country,Annual Spend (GBP),Payment Method'];
  merchants.slice(0, 30).forEach((m, i) => {
    const name = i % 3 === 0 ? m.merchant_name.toUpperCase() : m.merchant_name;
    const spend = `"£${(1000 + i * 1234.5).toLocaleString('en-GB', { minimumFractionDigits: 2 })}"`;
    lines.push(
      `"${name}",V${1000 + i},${m.postcode ?? ''},GB,${spend},${i % 2 ? 'Cheque' : 'BACS'}`,
    );
  });
  lines.push('Totally Unknown Widgets Ltd,V9001,ZZ1 1ZZ,GB,"£5,000.00",Cheque');
  lines.push('REDACTED PERSONAL DATA,V9002,,GB,"£120.00",Cheque');
  lines.push('=HYPERLINK("http://evil.example"),V9003,,GB,,Cheque');
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

function consultantPaymentsCsv(): string {
  const lines = ['Supplier;Supplier Number;Payment Date;Amount;Payment Method'];
  merchants.slice(0, 15).forEach((m, i) => {
    for (let k = 0; k < 4; k++) {
      lines.push(
        `${m.merchant_name};S${i};${String(k * 7 + 1).padStart(2, '0')}/03/2025;"1.234,${k}0";Cheque`,
      );
    }
  });
  return `${lines.join('\n')}\n`;
}

async function createJob(
  type: 'base' | 'matched-data-only' | 'advanced',
  cookie = admin,
  issuerName = 'PayTech Bank',
): Promise<JobDetails> {
  const issuers = (await t.request({ url: `${base}/wizard/issuers`, cookie })).json<
    { id: string; name: string; buyers: { id: string }[] }[]
  >();
  const issuer = issuers.find((i) => i.name.startsWith(issuerName.split(' ')[0]!)) ?? issuers[0]!;
  const res = await t.request({
    method: 'POST',
    url: `${base}?type=${type}&issuerId=${issuer.id}&buyerId=${issuer.buyers[0]!.id}&name=${encodeURIComponent(`Test ${type}`)}&currency=gbp`,
    cookie,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<JobDetails>();
}

function upload(
  jobId: string,
  role: string,
  filename: string,
  content: string | Buffer,
  cookie = admin,
) {
  return t.request({
    method: 'POST',
    url: `${base}/${jobId}/files?role=${role}`,
    cookie,
    ...multipart([{ filename, content }], 'file'),
  });
}

async function waitUntilFinished(jobId: string): Promise<JobDetails> {
  return waitFor(
    async () => (await t.request({ url: `${base}/${jobId}`, cookie: admin })).json<JobDetails>(),
    (job) => job.status === 'Completed' || job.status === 'Error',
    120_000,
    'the job pipeline',
  );
}

async function suppliersOf(jobId: string, filters: unknown[] = [], cookie = admin) {
  return t.request({
    method: 'POST',
    url: `${base}/${jobId}/suppliers`,
    cookie,
    payload: { pageSize: 100, filters },
  });
}

describe('Summary Upload, end to end', () => {
  let job: JobDetails;
  let fileId: string;

  it('creates a Draft job with its workflow steps', async () => {
    job = await createJob('base');
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

  it('uploads a messy CSV: sniffed, with a suggested mapping', async () => {
    const res = await upload(job.id, 'Suppliers', 'AP export.csv', messySummaryCsv());
    expect(res.statusCode, res.body).toBe(201);
    const file = res.json<JobDetails['files'][number]>();
    fileId = file.id;
    expect(file.sniff.encoding).toBe('utf-8-bom');
    expect(file.sniff.headers[0]).toBe('Supplier Name');
    expect(file.mapping.supplierName).toBe(0);
    expect(file.mapping.annualSpend).toBe(4);
    expect(file.suggestion.missingRequired).toEqual([]);
  });

  it('refuses a mapping naming a column the file does not have, and saves a good one', async () => {
    const bad = await t.request({
      method: 'PUT',
      url: `${base}/${job.id}/files/${fileId}/mapping`,
      cookie: admin,
      payload: { mapping: { supplierName: 0, annualSpend: 42 } },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toMatch(/column|42/i);
    const good = await t.request({
      method: 'PUT',
      url: `${base}/${job.id}/files/${fileId}/mapping`,
      cookie: admin,
      payload: {
        mapping: {
          supplierName: 0,
          supplierId: 1,
          postcode: 2,
          country: 3,
          annualSpend: 4,
          paymentMethod: 5,
        },
        options: { dateOrder: 'DMY' },
      },
    });
    expect(good.statusCode, good.body).toBe(200);
  });

  it('previews parsed rows and validates the whole file with every rejected row', async () => {
    const preview = await t.request({
      url: `${base}/${job.id}/files/${fileId}/preview?rows=5`,
      cookie: admin,
    });
    expect(preview.statusCode, preview.body).toBe(200);
    const rows = preview.json<{ rows: { values: Record<string, unknown> }[] }>().rows;
    expect(rows).toHaveLength(5);
    expect(rows[0]!.values.annualSpend).toBe(1000);

    const validation = await t.request({
      method: 'POST',
      url: `${base}/${job.id}/files/${fileId}/validate`,
      cookie: admin,
    });
    expect(validation.statusCode, validation.body).toBe(200);
    const summary = validation.json<{
      rowCount: number;
      acceptedCount: number;
      rejected: { reason: string }[];
    }>();
    expect(summary.rowCount).toBe(33);
    expect(summary.acceptedCount).toBe(31);
    expect(summary.rejected).toHaveLength(2);

    const csv = await t.request({
      url: `${base}/${job.id}/files/${fileId}/rejects.csv`,
      cookie: admin,
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    expect(csv.body).toContain('REDACTED PERSONAL DATA');
    // A formula in a cell is neutralised for spreadsheets.
    expect(csv.body).toContain(`"'=HYPERLINK(""http://evil.example"")"`);
    expect(csv.body).not.toMatch(/(^|,)=HYPERLINK/m);
  });

  it('submits, and ProQ runs Ingest → Match → Score → Aggregate', async () => {
    const res = await t.request({ method: 'POST', url: `${base}/${job.id}/submit`, cookie: admin });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<JobDetails>().status).toBe('Processing');
    job = await waitUntilFinished(job.id);
    expect(job.status, JSON.stringify(job.steps)).toBe('Completed');
    expect(job.steps.every((s) => s.status === 'Completed')).toBe(true);
    expect(job.referenceVersionId).toMatch(/\w/);
    expect(job.confidenceRulesetVersion).toBe(1);
    expect(job.scoringRulesetVersion).toBe(1);
    expect(job.summary!.suppliers).toBe(31);
    expect(job.summary!.matched).toBeGreaterThanOrEqual(20);
    expect(job.summary!.spendByProduct.Optima).toBeDefined();
    // Draft-only actions are closed now.
    const late = await upload(job.id, 'Suppliers', 'again.csv', messySummaryCsv());
    expect(late.statusCode).toBe(409);
  });

  it('writes job log lines per step', async () => {
    const res = await t.request({ url: `${base}/${job.id}/logs`, cookie: admin });
    expect(res.statusCode).toBe(200);
    const logs = res.json<{
      lines: { step: string | null; message: string }[];
      lastId: number;
      finished: boolean;
    }>();
    expect(logs.finished).toBe(true);
    expect(new Set(logs.lines.map((l) => l.step))).toEqual(
      new Set(['Ingest', 'Match', 'Score', 'Aggregate']),
    );
    const since = await t.request({
      url: `${base}/${job.id}/logs?afterId=${logs.lastId}`,
      cookie: admin,
    });
    expect(since.json<{ lines: unknown[] }>().lines).toEqual([]);
  });

  it('lists suppliers with matches, confidence, evidence and eight scores', async () => {
    const res = await suppliersOf(job.id, [
      { propertyName: 'matchStatus', comparisonOperator: 'Equal', value: 'MATCHED' },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json<{ collection: SupplierResult[]; totalCount: number }>();
    expect(page.totalCount).toBeGreaterThanOrEqual(20);
    const first = page.collection[0]!;
    expect(first.merchantName).toBeTruthy();
    expect(['High', 'Medium', 'Low']).toContain(first.confidence);
    for (const key of [
      'optimaScore',
      'stpScore',
      'vcardScore',
      'pcardScore',
      'tandEcardScore',
      'scfScore',
      'instantPayScore',
      'boostScore',
    ] as const) {
      expect(first[key]).toBeTypeOf('number');
    }
    expect(first.cardAccepting).toBe('MATCHED');
    const detail = await t.request({
      url: `${base}/${job.id}/suppliers/${encodeURIComponent(first.supplierKey)}`,
      cookie: admin,
    });
    expect(detail.statusCode).toBe(200);
    const d = detail.json<{
      evidence: { fields: Record<string, unknown> } | null;
      scoreDrivers: Record<string, unknown>;
    }>();
    expect(d.evidence?.fields.nameScore).toBeTypeOf('number');
    expect(Object.keys(d.scoreDrivers)).toContain('Optima');

    const badFilter = await suppliersOf(job.id, [
      { propertyName: 'nope', comparisonOperator: 'Equal', value: 1 },
    ]);
    expect(badFilter.statusCode).toBe(400);
  });

  it('keeps a rejected match across re-runs (Match again, then re-scoring)', async () => {
    const matched = (
      await suppliersOf(job.id, [
        { propertyName: 'matchStatus', comparisonOperator: 'Equal', value: 'MATCHED' },
      ])
    ).json<{ collection: SupplierResult[] }>().collection[0]!;
    const key = encodeURIComponent(matched.supplierKey);
    const refused = await t.request({
      method: 'PUT',
      url: `${base}/${job.id}/suppliers/${key}/match`,
      cookie: issuerUser,
      payload: { decision: 'rejected' },
    });
    expect(refused.statusCode).toBe(403);
    const res = await t.request({
      method: 'PUT',
      url: `${base}/${job.id}/suppliers/${key}/match`,
      cookie: admin,
      payload: { decision: 'rejected' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<SupplierResult>().matchStatus).toBe('UNMATCHED');
    job = await waitUntilFinished(job.id);
    expect(job.status).toBe('Completed');
    const afterRun = (
      await t.request({ url: `${base}/${job.id}/suppliers/${key}`, cookie: admin })
    ).json<SupplierResult>();
    expect(afterRun.matchStatus).toBe('UNMATCHED');
    expect(afterRun.matchSource).toBe('rejected');
    expect(afterRun.override?.decision).toBe('rejected');

    const rescore = await t.request({
      method: 'POST',
      url: `${base}/${job.id}/rescore`,
      cookie: admin,
      payload: { scoringRulesetVersion: 1 },
    });
    expect(rescore.statusCode, rescore.body).toBe(200);
    job = await waitUntilFinished(job.id);
    const afterRescore = (
      await t.request({ url: `${base}/${job.id}/suppliers/${key}`, cookie: admin })
    ).json<SupplierResult>();
    expect(afterRescore.matchSource).toBe('rejected');
    expect(afterRescore.cardAccepting).toBe('UNMATCHED');
    // Each load swapped in a new partition of its own and dropped the one it replaced.
    const tables = await rows<{ name: string; attached: boolean; n: number }>(
      t.database,
      sql`select c.relname as name, c.relispartition as attached,
            (select count(*)::int from job_supplier_results r where r.job_id = ${job.id}) as n
          from pg_class c where c.relkind = 'r'
            and starts_with(c.relname, ${`job_supplier_results_${job.id.replace(/-/g, '')}_`})`,
    );
    expect(tables).toHaveLength(1);
    expect(tables[0]).toMatchObject({ attached: true, n: job.supplierCount });

    const unknownVersion = await t.request({
      method: 'POST',
      url: `${base}/${job.id}/rescore`,
      cookie: admin,
      payload: { scoringRulesetVersion: 99 },
    });
    expect(unknownVersion.statusCode).toBe(404);
  });

  it('publishes and unpublishes only with the analysis publish permission', async () => {
    const refused = await t.request({
      method: 'PUT',
      url: `${base}/${job.id}/publish`,
      cookie: issuerUser,
      payload: { isPublished: true },
    });
    expect(refused.statusCode).toBe(403);
    const on = await t.request({
      method: 'PUT',
      url: `${base}/${job.id}/publish`,
      cookie: admin,
      payload: { isPublished: true },
    });
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
    const off = await t.request({
      method: 'PUT',
      url: `${base}/${job.id}/publish`,
      cookie: admin,
      payload: { isPublished: false },
    });
    expect(off.json<JobDetails>().isPublished).toBe(false);
  });

  it('shows the job to its issuer’s users, with the admin view of who may see it', async () => {
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
    const logs = await t.request({ url: `${base}/${job.id}/logs`, cookie: issuerUser });
    expect(logs.statusCode).toBe(403);
  });
});

describe('other job types', () => {
  it('Matched Data Only stops after matching', async () => {
    const job = await createJob('matched-data-only', mdoCreator);
    expect(job.steps.map((s) => s.step)).toEqual(['Ingest', 'Match']);
    const file = await upload(job.id, 'Suppliers', 'list.csv', messySummaryCsv(), mdoCreator);
    expect(file.statusCode, file.body).toBe(201);
    const submitted = await t.request({
      method: 'POST',
      url: `${base}/${job.id}/submit`,
      cookie: mdoCreator,
    });
    expect(submitted.statusCode, submitted.body).toBe(200);
    const done = await waitUntilFinished(job.id);
    expect(done.status, JSON.stringify(done.steps)).toBe('Completed');
    expect(done.scoringRulesetVersion).toBeNull();
    const rows = (await suppliersOf(job.id)).json<{ collection: SupplierResult[] }>().collection;
    expect(rows.some((r) => r.matchStatus === 'MATCHED')).toBe(true);
    expect(rows.every((r) => r.optimaScore === null)).toBe(true);
    // The Matched Data Only creator may not start the other job types.
    const issuers = (await t.request({ url: `${base}/wizard/issuers`, cookie: mdoCreator })).json<
      { id: string; buyers: { id: string }[] }[]
    >();
    const other = await t.request({
      method: 'POST',
      url: `${base}?type=base&issuerId=${issuers[0]!.id}&buyerId=${issuers[0]!.buyers[0]!.id}&name=x&currency=GBP`,
      cookie: mdoCreator,
    });
    expect(other.statusCode).toBe(403);
  });

  it('Consultant Upload aggregates payment documents per supplier', async () => {
    const job = await createJob('advanced');
    const wrongRole = await upload(job.id, 'Suppliers', 'payments.csv', consultantPaymentsCsv());
    expect(wrongRole.statusCode).toBe(400);
    const file = await upload(job.id, 'Payment', 'payments.csv', consultantPaymentsCsv());
    expect(file.statusCode, file.body).toBe(201);
    const mapping = file.json<{ mapping: Record<string, number> }>().mapping;
    expect(mapping.amount).toBe(3);
    expect(mapping.documentDate).toBe(2);
    await t.request({
      method: 'PUT',
      url: `${base}/${job.id}/files/${file.json<{ id: string }>().id}/mapping`,
      cookie: admin,
      payload: { mapping, options: { dateOrder: 'DMY' } },
    });
    await t.request({ method: 'POST', url: `${base}/${job.id}/submit`, cookie: admin });
    const done = await waitUntilFinished(job.id);
    expect(done.status, JSON.stringify(done.steps)).toBe('Completed');
    expect(done.summary!.suppliers).toBe(15);
    expect(done.summary!.payments).toBe(60);
  });
});

describe('bad files', () => {
  let job: JobDetails;
  beforeAll(async () => {
    job = await createJob('base');
  });

  it('refuses a .csv that is really a ZIP, naming the problem; the job stays editable', async () => {
    const res = await upload(job.id, 'Suppliers', 'suppliers.csv', makeDocx(['hello']));
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toMatch(/suppliers\.csv/);
    const after = (await t.request({ url: `${base}/${job.id}`, cookie: admin })).json<JobDetails>();
    expect(after.status).toBe('Draft');
    expect(after.files).toEqual([]);
    expect(after.can.editWizard).toBe(true);
  });

  it('refuses an upload over the size limit', async () => {
    const big = `Supplier Name,Annual Spend\n${'Acme Ltd,100\n'.repeat(8000)}`;
    const res = await upload(job.id, 'Suppliers', 'big.csv', big);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toMatch(/limit/);
  });

  it('refuses a workbook with too many sheets before unpacking it', async () => {
    const workbook = new ExcelJS.Workbook();
    for (let i = 1; i <= 7; i++)
      workbook.addWorksheet(`Sheet ${i}`).addRow(['Supplier Name', 'Annual Spend']);
    const xlsx = Buffer.from(await workbook.xlsx.writeBuffer());
    const res = await upload(job.id, 'Suppliers', 'suppliers.xlsx', xlsx);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toMatch(/sheet/i);
  });

  it('accepts an XLSX within the limits, and a good file after the bad ones', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Suppliers');
    sheet.addRow(['Supplier Name', 'Annual Spend']);
    sheet.addRow(['Acme Ltd', 1200.5]);
    const res = await upload(
      job.id,
      'Suppliers',
      'suppliers.xlsx',
      Buffer.from(await workbook.xlsx.writeBuffer()),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<{ sniff: { kind: string } }>().sniff.kind).toBe('xlsx');
  });

  it('refuses to submit without a mapped required field', async () => {
    const other = await createJob('base');
    const res = await t.request({
      method: 'POST',
      url: `${base}/${other.id}/submit`,
      cookie: admin,
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('a failing step', () => {
  it('shows the step and its message, cancels the later steps, and can be retried', async () => {
    const job = await createJob('base');
    // Every row lacks the required spend: ingestion accepts nothing.
    const csv = `Supplier Name,Annual Spend\n${merchants
      .slice(0, 5)
      .map((m) => `"${m.merchant_name}",`)
      .join('\n')}\n`;
    expect((await upload(job.id, 'Suppliers', 'no-spend.csv', csv)).statusCode).toBe(201);
    await t.request({ method: 'POST', url: `${base}/${job.id}/submit`, cookie: admin });
    const failed = await waitUntilFinished(job.id);
    expect(failed.status).toBe('Error');
    expect(failed.can.retry).toBe(true);
    const [ingest, ...later] = failed.steps;
    expect(ingest!.status).toBe('Error');
    expect(ingest!.message).toMatch(/No rows were accepted/);
    expect(later.map((s) => s.status)).toEqual(['Canceled', 'Canceled', 'Canceled']);
    const logs = (await t.request({ url: `${base}/${job.id}/logs`, cookie: admin })).json<{
      lines: { level: string; step: string }[];
    }>();
    expect(logs.lines).toContainEqual(expect.objectContaining({ level: 'error', step: 'Ingest' }));

    // Only the owner (or a JobEdit holder) retries.
    const notOwner = await t.request({
      method: 'POST',
      url: `${base}/${job.id}/steps/Ingest/retry`,
      cookie: issuerUser,
    });
    expect(notOwner.statusCode).toBe(403);
    // Workers paused, so the answer shows the reset steps before any worker picks them up.
    await workers.stopAll();
    const retried = await t.request({
      method: 'POST',
      url: `${base}/${job.id}/steps/Ingest/retry`,
      cookie: admin,
    });
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json<JobDetails>().steps.map((s) => s.status)).toEqual([
      'Pending',
      'Blocked',
      'Blocked',
      'Blocked',
    ]);
    await workers.start({ concurrency: 1 });
    const again = await waitUntilFinished(job.id);
    expect(again.status).toBe('Error');
  });
});

describe('visibility and permissions', () => {
  let foreign: JobDetails;
  beforeAll(async () => {
    // A job of an issuer the issuer user does not belong to.
    foreign = await createJob('base', admin, 'Mastercard Issuing');
    expect(foreign.issuerName).not.toBe('PayTech Bank');
  });

  it('answers 404 for another issuer’s job, in every call', async () => {
    for (const url of [`${base}/${foreign.id}`, `${base}/${foreign.id}/admin`]) {
      const res = await t.request({ url, cookie: issuerUser });
      expect(res.statusCode, url).toBe(404);
    }
    expect((await suppliersOf(foreign.id, [], issuerUser)).statusCode).toBe(404);
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
    const res = await t.request({ method: 'DELETE', url: `${base}/${foreign.id}`, cookie: admin });
    expect(res.statusCode, res.body).toBe(200);
    expect((await t.request({ url: `${base}/${foreign.id}`, cookie: admin })).statusCode).toBe(404);
  });
});

describe('job maintenance reset', () => {
  it('starts a submitted job over from Ingest, for DevOps job maintenance only', async () => {
    // Only the developer role holds DevOps_JobMaintenance_UPDATE.
    const developer = await t.signIn('developer@example.com');
    const reset = (jobId: string, cookie: string) =>
      t.request({ method: 'POST', url: `${base}/${jobId}/reset`, cookie });
    const draft = await createJob('base');
    const early = await reset(draft.id, developer);
    expect(early.statusCode, early.body).toBe(409);
    expect(early.json<{ message: string }>().message).toBe(
      'The job has not been submitted yet; there is nothing to reset.',
    );
    const uploaded = await upload(draft.id, 'Suppliers', 'suppliers.csv', messySummaryCsv());
    expect(uploaded.statusCode).toBe(201);
    const submitted = await t.request({
      method: 'POST',
      url: `${base}/${draft.id}/submit`,
      cookie: admin,
    });
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect((await waitUntilFinished(draft.id)).status).toBe('Completed');

    // The job's owner, a sysadmin, is no DevOps job maintainer.
    expect((await reset(draft.id, admin)).statusCode).toBe(403);

    await workers.stopAll();
    const answer = await reset(draft.id, developer);
    expect(answer.statusCode, answer.body).toBe(200);
    const job = answer.json<JobDetails>();
    expect(job.status).toBe('Processing');
    expect(job.steps.map((s) => s.status)).toEqual(['Pending', 'Blocked', 'Blocked', 'Blocked']);
    await workers.start({ concurrency: 1 });
    const again = await waitUntilFinished(draft.id);
    expect(again.status).toBe('Completed');
    expect(again.steps.every((s) => s.status === 'Completed')).toBe(true);
  });
});
