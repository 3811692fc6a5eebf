import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { ReferenceImportStatus, ReferenceUpload, ReferenceVersionInfo } from '@b2b/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart } from '../../../test/chat-files.js';
import { useTestApp } from '../../../test/harness.js';
import { PROQ_TEST_ENV, rows, waitFor, workerPool } from '../../../test/proq-kit.js';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'b2b-reference-test-'));
const t = useTestApp({
  ...PROQ_TEST_ENV,
  DATA_DIR: dataDir,
  JOB_UPLOAD_MAX_MB: '0.0625',
  ENGINE_MEMORY_LIMIT: '256MB',
});
const workers = workerPool(t);
const base = '/api/v1/reference-data';

let devops: string;
let issuerUser: string;

beforeAll(async () => {
  devops = await t.signIn('sysadmin@example.com');
  issuerUser = await t.signIn('issuer@example.com');
  await workers.start({ concurrency: 1 });
}, 60_000);

afterAll(async () => {
  await workers.stopAll();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** A network export: its own header names, a row without a country, one without a name. */
const MERCHANTS_CSV = [
  'Card Acceptor ID;Legal Name;Trading Name;Post Code;Country Code;MCC;VC Accepting;Level',
  'M1;Acme Widgets Ltd;Acme;SW1A 1AA;GB;5047;Y;L3',
  'M2;Bolt Fasteners GmbH;;10115;DE;5072;N;2',
  'M3;Crane Hire Limited;Crane;EC1A 1BB;;7394;yes;1',
  'M4;;Nameless;;GB;5999;N;1',
].join('\n');

function upload(filename: string, content: string | Buffer, cookie = devops) {
  return t.request({
    method: 'POST',
    url: `${base}/uploads`,
    cookie,
    ...multipart([{ filename, content }], 'file'),
  });
}

function startImport(body: object, cookie = devops) {
  return t.request({ method: 'POST', url: `${base}/imports`, cookie, payload: body });
}

async function createJob(): Promise<string> {
  const jobsBase = '/api/v1/job-artifacts';
  const [issuer] = (await t.request({ url: `${jobsBase}/wizard/issuers`, cookie: devops })).json<
    { id: string; buyers: { id: string }[] }[]
  >();
  const res = await t.request({
    method: 'POST',
    url: `${jobsBase}?type=base&issuerId=${issuer!.id}&buyerId=${issuer!.buyers[0]!.id}&name=Matched&currency=gbp`,
    cookie: devops,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: string }>().id;
}

async function uploaded(): Promise<ReferenceUpload> {
  const res = await upload('network-merchants.csv', MERCHANTS_CSV);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<ReferenceUpload>();
}

describe('reference data import', () => {
  it('uploads, suggests the mapping, imports as a ProQ command and lists the new version as newest', async () => {
    const file = await uploaded();
    expect(file.kind).toBe('csv');
    expect(file.headers[1]).toBe('Legal Name');
    expect(file.previewRows[0]?.[1]).toBe('Acme Widgets Ltd');
    expect(file.suggestedMapping).toMatchObject({
      merchant_id: 0,
      merchant_name: 1,
      dba_name: 2,
      postcode: 3,
      country: 4,
      mcc: 5,
      accepts_virtual_card: 6,
      data_level: 7,
    });

    const started = await startImport({
      uploadId: file.uploadId,
      mapping: file.suggestedMapping,
      defaultCountryIso3: 'gbr',
      description: 'Network file, June',
    });
    expect(started.statusCode, started.body).toBe(201);
    const { commandId } = started.json<{ commandId: string }>();

    const status = await waitFor(
      async () =>
        (
          await t.request({ url: `${base}/imports/${commandId}`, cookie: devops })
        ).json<ReferenceImportStatus>(),
      (s) => s.state === 'Completed' || s.state === 'Error',
      60_000,
      'the import',
    );
    expect(status.state, status.message ?? '').toBe('Completed');
    expect(status).toMatchObject({ rowCount: 4, rejectedCount: 1, progress: 100 });
    expect(status.rejected).toEqual([{ rowNumber: 5, reason: 'Merchant name is blank' }]);
    expect(status.message).toContain(status.versionId);

    // A job that matched against the new version is counted beside it.
    const jobId = await createJob();
    await rows(
      t.database,
      sql`update jobs set reference_version_id = ${status.versionId} where id = ${jobId}::uuid`,
    );
    const list = await t.request({ url: `${base}/versions`, cookie: devops });
    expect(list.statusCode).toBe(200);
    const [newest, ...older] = list.json<ReferenceVersionInfo[]>();
    expect(newest).toMatchObject({
      versionId: status.versionId,
      source: 'imported',
      description: 'Network file, June',
      merchantCount: 3,
      countries: ['DEU', 'GBR'],
      fileName: 'network-merchants.csv',
      rejectedCount: 1,
      isNewest: true,
    });
    expect(newest!.jobCount).toBe(1);
    expect(older.every((v) => !v.isNewest)).toBe(true);

    // Every rejected row, with its reason, as formula-safe CSV.
    const rejects = await t.request({
      url: `${base}/versions/${status.versionId}/rejected.csv`,
      cookie: devops,
    });
    expect(rejects.statusCode).toBe(200);
    expect(rejects.headers['content-type']).toContain('text/csv');
    expect(rejects.body).toBe(
      'Row,Reason,Merchant id,Merchant name,City,Postcode,Country\r\n' +
        '5,Merchant name is blank,M4,,,,GB\r\n',
    );
    const generated = older.find((v) => v.source !== 'imported');
    if (generated) {
      const none = await t.request({
        url: `${base}/versions/${generated.versionId}/rejected.csv`,
        cookie: devops,
      });
      expect(none.statusCode).toBe(404);
    }
    const unknown = await t.request({
      url: `${base}/versions/20200101T000000Z-000000000000/rejected.csv`,
      cookie: devops,
    });
    expect(unknown.statusCode).toBe(404);
    const malformed = await t.request({
      url: `${base}/versions/..%2F..%2Fetc/rejected.csv`,
      cookie: devops,
    });
    expect(malformed.statusCode).toBe(400);
    const refused = await t.request({
      url: `${base}/versions/${status.versionId}/rejected.csv`,
      cookie: issuerUser,
    });
    expect(refused.statusCode).toBe(403);

    // The upload has served: starting again with it is refused.
    const again = await startImport({ uploadId: file.uploadId, mapping: file.suggestedMapping });
    expect(again.statusCode).toBe(400);
    expect(again.json<{ message: string }>().message).toMatch(/upload the file again/);
  }, 90_000);

  it('refuses callers without ReferenceData_IMPORT (403) and signed-out callers (401)', async () => {
    expect((await t.request({ url: `${base}/versions`, cookie: issuerUser })).statusCode).toBe(403);
    expect((await upload('m.csv', MERCHANTS_CSV, issuerUser)).statusCode).toBe(403);
    const start = await startImport({ uploadId: crypto.randomUUID(), mapping: {} }, issuerUser);
    expect(start.statusCode).toBe(403);
    expect((await t.request({ url: `${base}/versions` })).statusCode).toBe(401);
  });

  it('refuses a file that is not CSV or XLSX, naming it', async () => {
    const pdf = await upload('merchants.pdf', '%PDF-1.7\n1 0 obj\n');
    expect(pdf.statusCode).toBe(400);
    expect(pdf.json<{ message: string }>().message).toMatch(/"merchants.pdf" is not a supported/);
    const disguised = await upload('merchants.csv', Buffer.from('%PDF-1.7\n1 0 obj\n'));
    expect(disguised.statusCode).toBe(400);
    expect(disguised.json<{ message: string }>().message).toMatch(/content is/);
  });

  it('refuses a file over the upload limit', async () => {
    const big = `${MERCHANTS_CSV}\n${'M9;Big Co;;;GB;5999;N;1\n'.repeat(3000)}`;
    const res = await upload('big.csv', big);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toMatch(/larger than the upload limit/);
  });

  it('refuses a bad mapping or country with a 400 naming what is wrong', async () => {
    const file = await uploaded();
    const cases: [unknown, RegExp][] = [
      [{ ...file.suggestedMapping, colour: 3 }, /unknown fields: colour/],
      [{ ...file.suggestedMapping, city: 8 }, /Column 8 for city is out of range: the file has 8/],
      [{ country: 4 }, /merchant name/],
      [{ merchant_name: 1 }, /country/],
    ];
    for (const [mapping, message] of cases) {
      const res = await startImport({ uploadId: file.uploadId, mapping });
      expect(res.statusCode, JSON.stringify(mapping)).toBe(400);
      expect(res.json<{ message: string }>().message).toMatch(message);
    }
    const country = await startImport({
      uploadId: file.uploadId,
      mapping: { merchant_name: 1 },
      defaultCountryIso3: 'XYZ',
    });
    expect(country.statusCode).toBe(400);
    expect(country.json<{ message: string }>().message).toMatch(
      /defaultCountryIso3.*ISO 3166 alpha-3/,
    );
    const unknown = await startImport({ uploadId: crypto.randomUUID(), mapping: { country: 4 } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json<{ message: string }>().message).toMatch(/No such upload/);
  });

  it('answers 404 for a command that is not an import', async () => {
    const res = await t.request({ url: `${base}/imports/${crypto.randomUUID()}`, cookie: devops });
    expect(res.statusCode).toBe(404);
  });
});
