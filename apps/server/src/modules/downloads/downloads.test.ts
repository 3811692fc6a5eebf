import {
  DATA_DOWNLOAD_KINDS,
  type DatapointProfile,
  type PreparedDownload,
  type SupplierResult,
} from '@b2b/contract';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/transaction.js';
import { useJobsTestApp } from '../../../test/jobs-test-app.js';
import { waitFor } from '../../../test/proq-kit.js';

const { t, pipeline, base, signedIn } = useJobsTestApp('downloads');

let admin: string;
let jobId: string;
let suppliers: SupplierResult[];
let profiles: DatapointProfile[];

/** CSV text to rows of cells (quotes undone), for exact comparisons. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += c;
  }
  return rows;
}
const EVIL = '=HYPERLINK("http://evil.example")';
const AWKWARD = ' Smith, "Jones"\nand Co ';
const download = (path: string, cookie = admin, job = jobId) =>
  t.request({ url: `${base}/${job}/${path}`, cookie });

beforeAll(async () => {
  ({ admin } = signedIn());
  // A job of Mastercard Issuing: PayTech's users may not see it.
  ({
    job: { id: jobId },
  } = await pipeline.jobAt('completed', {
    cookie: admin,
    merchants: signedIn().merchants,
    issuerName: 'Mastercard Issuing',
  }));
  // Ingestion drops a formula-like name; the download must escape whatever the results hold,
  // so one supplier is given formula-like text in three columns.
  await t.database.db.execute(
    sql`update job_supplier_results set supplier_name = ${EVIL}, city = '-2+3', postcode = '@SUM(A1)'
        where job_id = ${jobId} and supplier_key = (
          select min(supplier_key) from job_supplier_results where job_id = ${jobId})`,
  );
  // And one has what CSV must quote: a comma, quotes, a line break, edge spaces, empty text.
  await t.database.db.execute(
    sql`update job_supplier_results set supplier_name = ${AWKWARD}, country = 'GB', city = '',
          postcode = null
        where job_id = ${jobId} and supplier_key = (
          select supplier_key from job_supplier_results where job_id = ${jobId}
          order by supplier_key offset 1 limit 1)`,
  );
  const res = await t.request({
    method: 'POST',
    url: `${base}/${jobId}/suppliers`,
    cookie: admin,
    payload: { pageSize: 500 },
  });
  suppliers = res.json<{ collection: SupplierResult[] }>().collection;
  profiles = (await t.request({ url: '/api/v1/datapoint-profiles', cookie: admin })).json();
}, 180_000);

describe('data downloads streamed at once', () => {
  it('writes the onboarding profile’s columns as CSV with a BOM, every cell exact', async () => {
    const res = await download('analysis-data-download?profile=onboarding&format=csv');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="test-base-analysis-data-onboarding-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const [header, ...rows] = parseCsv(res.rawPayload.toString('utf8').slice(1));
    const onboarding = profiles.find((p) => p.profileKey === 'onboarding-download')!;
    expect(header).toEqual(onboarding.datapoints);
    expect(rows).toHaveLength(suppliers.length);
    // Rows come in supplier key order; each cell is the supplier list's value.
    const byKey = [...suppliers].sort((a, b) => (a.supplierKey < b.supplierKey ? -1 : 1));
    rows.forEach((row, i) => {
      const s = byKey[i]!;
      const expected = onboarding.datapoints.map((d) => {
        const v = s[d as keyof SupplierResult];
        if (v === null || v === undefined) return '';
        if (typeof v === 'boolean') return v ? 'TRUE' : 'FALSE';
        if (typeof v === 'number') return String(v);
        return /^[=+\-@\t\r]/.test(String(v)) ? `'${String(v)}` : String(v);
      });
      expect(row).toEqual(expected);
    });
  });

  it('quotes fields as PostgreSQL’s COPY does, on either database, with CRLF record ends', async () => {
    const res = await download('analysis-data-download?profile=onboarding&format=csv');
    expect(res.statusCode, res.body).toBe(200);
    // Quoted for the comma, quotes and line break; the line break inside stays LF; the edge
    // spaces stay, unquoted spaces being part of a field; empty text "" and a null nothing.
    expect(res.body).toContain(`," Smith, ""Jones""\nand Co ",GB,"",,`);
    // Every record ends CRLF: the only bare LF is the one inside the quoted name.
    expect(res.body.replace(/\r\n/g, '').match(/\n/g)).toHaveLength(1);
    expect(res.body.split('\r\n')).toHaveLength(suppliers.length + 2);
  });

  it('escapes a formula-like supplier name in CSV and keeps it plain text in XLSX', async () => {
    const csv = await download('analysis-data-download?profile=analysis&format=csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain(`"'=HYPERLINK(""http://evil.example"")"`);
    expect(csv.body).not.toMatch(/(^|,)=HYPERLINK/m);
    expect(csv.body).toContain(`,'-2+3,'@SUM(A1),`);

    const xlsx = await download('matched-data-only-download?profile=analysis&format=xlsx');
    expect(xlsx.statusCode, xlsx.body).toBe(200);
    expect(xlsx.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Suppliers')!;
    expect(sheet.rowCount).toBe(suppliers.length + 1);
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    const full = profiles.find((p) => p.profileKey === 'full-analysis-download')!;
    expect(header).toEqual(full.datapoints);
    const nameCol = header.indexOf('supplierName') + 1;
    const cells = [];
    for (let r = 2; r <= sheet.rowCount; r++) cells.push(sheet.getRow(r).getCell(nameCol));
    const evil = cells.find((c) => String(c.value).includes('HYPERLINK'))!;
    expect(evil.type).toBe(ExcelJS.ValueType.String);
    expect(evil.value).toBe(EVIL);
    expect(evil.formula).toBeUndefined();
    const evilRow = sheet.getRow(Number(evil.row));
    expect(evilRow.getCell(header.indexOf('city') + 1).value).toBe('-2+3');
    expect(evilRow.getCell(header.indexOf('postcode') + 1).value).toBe('@SUM(A1)');
    // Numbers stay numbers.
    const spendCol = header.indexOf('annualSpend') + 1;
    const spends = cells.map((_, i) => sheet.getRow(i + 2).getCell(spendCol));
    expect(spends.some((c) => c.type === ExcelJS.ValueType.Number)).toBe(true);
  });

  it('refuses a bad format or profile with a 400 naming it', async () => {
    const format = await download('analysis-data-download?profile=onboarding&format=pdf');
    expect(format.statusCode).toBe(400);
    expect(format.body).toContain('format');
    const profile = await download('analysis-data-download?profile=everything&format=csv');
    expect(profile.statusCode).toBe(400);
    expect(profile.body).toContain('profile');
  });

  it('refuses a profile naming an unknown datapoint with a 400 naming it', async () => {
    const { db } = t.database;
    const [row] = await queryRows<{ id: string }>(
      db,
      sql`insert into datapoint_profiles (profile_key, name, datapoints)
          values ('broken-test', 'Broken test', array['supplierName', 'favouriteColour'])
          returning id`,
    );
    await db.execute(
      sql`update issuers set onboarding_data_download_datapoint_profile_id = ${row!.id}
          where name like 'Mastercard Issuing%'`,
    );
    try {
      const res = await download('analysis-data-download?profile=onboarding&format=csv');
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain('favouriteColour');
      expect(res.json().errors[0].field).toBe('profile "Broken test" datapoints[1]');
    } finally {
      await db.execute(
        sql`update issuers set onboarding_data_download_datapoint_profile_id = null
            where name like 'Mastercard Issuing%'`,
      );
    }
  });

  it('answers 409 naming the state of a job not Completed', async () => {
    const draft = await pipeline.createJob({ cookie: admin, issuerName: 'Mastercard Issuing' });
    const res = await download(
      'analysis-data-download?profile=onboarding&format=csv',
      admin,
      draft.id,
    );
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain('this job is Draft');
    const queued = await t.request({
      method: 'POST',
      url: `${base}/${draft.id}/downloads`,
      cookie: admin,
      payload: {
        kind: DATA_DOWNLOAD_KINDS.analysis,
        format: 'csv',
        params: { profile: 'onboarding' },
      },
    });
    expect(queued.statusCode).toBe(409);
    expect(queued.json().message).toContain('this job is Draft');
  });

  it('leaves the score numbers out for a user without SupplierScores_VIEW', async () => {
    const { job } = await pipeline.jobAt('completed', {
      cookie: admin,
      merchants: signedIn().merchants,
    });
    await pipeline.publish(job.id, admin);
    const headerOf = async (cookie: string) => {
      const res = await download(
        'analysis-data-download?profile=onboarding&format=csv',
        cookie,
        job.id,
      );
      expect(res.statusCode, res.body).toBe(200);
      return parseCsv(res.rawPayload.toString('utf8').slice(1))[0]!;
    };
    const onboarding = profiles.find((p) => p.profileKey === 'onboarding-download')!;
    expect(await headerOf(admin)).toEqual(onboarding.datapoints);
    // An issuer's member sees each product's level, as in the suppliers tab, not its score.
    const member = await t.signIn('issuer@example.com');
    expect(await headerOf(member)).toEqual(
      onboarding.datapoints.filter((d) => d !== 'optimaScore'),
    );
  });

  it('refuses roles without the tab (403) and users of another issuer (404)', async () => {
    const mdo = await t.signIn('matcheddataonlyjobcreator@example.com');
    expect(
      (await download('analysis-data-download?profile=onboarding&format=csv', mdo)).statusCode,
    ).toBe(403);
    const asked = await t.request({
      method: 'POST',
      url: `${base}/${jobId}/downloads`,
      cookie: mdo,
      payload: {
        kind: DATA_DOWNLOAD_KINDS.analysis,
        format: 'csv',
        params: { profile: 'onboarding' },
      },
    });
    expect(asked.statusCode).toBe(403);
    const otherIssuer = await t.signIn('campaignmanager@example.com');
    expect(
      (await download('analysis-data-download?profile=onboarding&format=csv', otherIssuer))
        .statusCode,
    ).toBe(404);
    expect(
      (await download('matched-data-only-download?profile=onboarding&format=csv', otherIssuer))
        .statusCode,
    ).toBe(404);
  });
});

describe('prepared downloads', () => {
  async function request(payload: object, cookie = admin) {
    return t.request({ method: 'POST', url: `${base}/${jobId}/downloads`, cookie, payload });
  }

  it('queues a data download, runs it through ProQ to Ready and serves its file', async () => {
    const res = await request({
      kind: DATA_DOWNLOAD_KINDS.analysis,
      format: 'xlsx',
      params: { profile: 'matched-data-only' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const queued = res.json<PreparedDownload>();
    expect(queued).toMatchObject({
      jobId,
      jobName: 'Test base',
      kind: 'analysis-data',
      label: 'Analysis data (Matched data only: Matched data only download)',
      format: 'xlsx',
      state: 'Queued',
      progress: 0,
      sizeBytes: null,
    });
    expect(queued.fileName).toMatch(/^test-base-analysis-data-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const ready = await waitFor(
      async () =>
        (
          await t.request({ url: `/api/v1/downloads/${queued.id}`, cookie: admin })
        ).json<PreparedDownload>(),
      (d) => d.state === 'Ready' || d.state === 'Error',
      60_000,
      'the prepared download',
    );
    expect(ready.state, ready.errorMessage ?? '').toBe('Ready');
    expect(ready.progress).toBe(100);
    const file = await t.request({ url: `/api/v1/downloads/${queued.id}/file`, cookie: admin });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toBe(`attachment; filename="${queued.fileName}"`);
    expect(file.rawPayload.length).toBe(ready.sizeBytes);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Suppliers')!;
    const matched = profiles.find((p) => p.profileKey === 'matched-data-only-download')!;
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(matched.datapoints);
    expect(sheet.rowCount).toBe(suppliers.length + 1);

    // Listed for its user (all, and for the job), newest first; not for anyone else.
    const mine = await t.request({ url: `/api/v1/downloads?jobId=${jobId}`, cookie: admin });
    expect(mine.json<PreparedDownload[]>()[0]).toMatchObject({ id: queued.id, state: 'Ready' });
    const manager = await t.signIn('ptcojobmanager@example.com');
    const theirs = await t.request({ url: '/api/v1/downloads', cookie: manager });
    expect(theirs.statusCode).toBe(200);
    expect(theirs.json<PreparedDownload[]>().map((d) => d.id)).not.toContain(queued.id);
    expect(
      (await t.request({ url: `/api/v1/downloads/${queued.id}`, cookie: manager })).statusCode,
    ).toBe(404);
    expect(
      (await t.request({ url: `/api/v1/downloads/${queued.id}/file`, cookie: manager })).statusCode,
    ).toBe(404);

    // A second delivery of the command leaves the Ready download as it is.
    const again = await t.app.ctx.services.downloads.runPrepared(queued.id, {
      reportProgress: async () => undefined,
      log: async () => undefined,
      signal: new AbortController().signal,
    });
    expect(again).toEqual({ state: 'Ready', sizeBytes: ready.sizeBytes });
  });

  it('refuses an unknown kind, a format the kind lacks and bad params with 400s naming them', async () => {
    const kind = await request({ kind: 'everything', format: 'csv', params: {} });
    expect(kind.statusCode).toBe(400);
    expect(kind.json().errors[0].field).toBe('body.kind');
    const format = await request({
      kind: 'analysis-data',
      format: 'pdf',
      params: { profile: 'analysis' },
    });
    expect(format.statusCode).toBe(400);
    expect(format.json().errors[0].field).toBe('body.format');
    const params = await request({
      kind: 'analysis-data',
      format: 'csv',
      params: { profile: 'x' },
    });
    expect(params.statusCode).toBe(400);
    expect(params.json().errors[0].field).toBe('params.profile');
  });

  it('ends a download whose producer fails in Error with the reason, its file a 409', async () => {
    const { downloads } = t.app.ctx.services;
    if (!downloads.producerKinds().includes('test-failing')) {
      downloads.registerDownloadProducer({
        kind: 'test-failing',
        formats: ['csv'],
        check: async () => ({ label: 'Always fails' }),
        async produce({ out }) {
          out.write('half a file');
          throw new Error('The disk is full');
        },
      });
    }
    const res = await request({ kind: 'test-failing', format: 'csv' });
    expect(res.statusCode, res.body).toBe(201);
    const { id } = res.json<PreparedDownload>();
    const failed = await waitFor(
      async () =>
        (
          await t.request({ url: `/api/v1/downloads/${id}`, cookie: admin })
        ).json<PreparedDownload>(),
      (d) => d.state === 'Error' || d.state === 'Ready',
      60_000,
      'the failing download',
    );
    expect(failed).toMatchObject({ state: 'Error', errorMessage: 'The disk is full' });
    const file = await t.request({ url: `/api/v1/downloads/${id}/file`, cookie: admin });
    expect(file.statusCode).toBe(409);
    expect(file.json().message).toBe('This download failed: The disk is full');
  });

  it('answers 404 for another issuer’s job and for no such download', async () => {
    const otherIssuer = await t.signIn('campaignmanager@example.com');
    const res = await request(
      { kind: 'analysis-data', format: 'csv', params: { profile: 'analysis' } },
      otherIssuer,
    );
    expect(res.statusCode).toBe(404);
    const none = await t.request({
      url: `/api/v1/downloads/${crypto.randomUUID()}`,
      cookie: admin,
    });
    expect(none.statusCode).toBe(404);
  });

  it('purges downloads past their expiry, file and row, and keeps the others', async () => {
    const ready = async () => {
      const res = await request({
        kind: DATA_DOWNLOAD_KINDS.analysis,
        format: 'csv',
        params: { profile: 'onboarding' },
      });
      expect(res.statusCode, res.body).toBe(201);
      const { id } = res.json<PreparedDownload>();
      return waitFor(
        async () =>
          (
            await t.request({ url: `/api/v1/downloads/${id}`, cookie: admin })
          ).json<PreparedDownload>(),
        (d) => d.state === 'Ready',
        60_000,
        'the prepared download',
      );
    };
    const old = await ready();
    const fresh = await ready();
    const [row] = await queryRows<{ key: string }>(
      t.database.db,
      sql`update prepared_downloads set expires_at = now() - interval '1 minute'
          where id = ${old.id} returning storage_key as key`,
    );
    const storage = t.app.ctx.services.storage();
    expect(await storage.exists(row!.key)).toBe(true);

    const { downloads } = t.app.ctx.services;
    expect(await downloads.purgeExpired()).toBe(1);
    expect(await storage.exists(row!.key)).toBe(false);
    expect(
      (await t.request({ url: `/api/v1/downloads/${old.id}`, cookie: admin })).statusCode,
    ).toBe(404);
    expect(
      (await t.request({ url: `/api/v1/downloads/${fresh.id}/file`, cookie: admin })).statusCode,
    ).toBe(200);
    // A second run finds nothing left to do.
    expect(await downloads.purgeExpired()).toBe(0);
  });
});
