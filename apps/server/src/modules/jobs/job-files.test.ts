import ExcelJS from 'exceljs';
import type { FileValidation, JobDetails } from '@b2b/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { jobKeys } from '../../engine/results/job-keys.js';
import { makeDocx } from '../../../test/chat-files.js';
import { useJobsTestApp } from '../../../test/jobs-test-app.js';
import { issuers } from '../issuers/issuer.schema.js';
import { type ReferenceMerchant, messySummaryCsv } from '../../../test/job-pipeline.js';

const { t, pipeline, base, signedIn } = useJobsTestApp('job-files');

let admin: string;
let merchants: ReferenceMerchant[] = [];

beforeAll(() => {
  ({ admin, merchants } = signedIn());
});

const upload = (jobId: string, filename: string, content: string | Buffer) =>
  pipeline.upload(jobId, 'Suppliers', filename, content, admin);

describe('a job file in the wizard', () => {
  it('uploads a messy CSV: sniffed, with a suggested mapping', async () => {
    const { job } = await pipeline.jobAt('draft', { cookie: admin, merchants });
    const res = await upload(job.id, 'AP export.csv', messySummaryCsv(merchants));
    expect(res.statusCode, res.body).toBe(201);
    const file = res.json<JobDetails['files'][number]>();
    expect(file.sniff.encoding).toBe('utf-8-bom');
    expect(file.sniff.headers[0]).toBe('Supplier Name');
    expect(file.mapping.supplierName).toBe(0);
    expect(file.mapping.annualSpend).toBe(4);
    expect(file.suggestion.missingRequired).toEqual([]);
  });

  it('refuses a mapping naming a column the file does not have, and saves a good one', async () => {
    const { job, fileId } = await pipeline.jobAt('uploaded', { cookie: admin, merchants });
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
    const { job, fileId } = await pipeline.jobAt('mapped', { cookie: admin, merchants });
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
});

describe('bad files', () => {
  const draft = async () => (await pipeline.jobAt('draft', { cookie: admin, merchants })).job;

  it('refuses a .csv that is really a ZIP, naming the problem; the job stays editable', async () => {
    const job = await draft();
    const res = await upload(job.id, 'suppliers.csv', makeDocx(['hello']));
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toMatch(/suppliers\.csv/);
    const after = (await t.request({ url: `${base}/${job.id}`, cookie: admin })).json<JobDetails>();
    expect(after.status).toBe('Draft');
    expect(after.files).toEqual([]);
    expect(after.can.editWizard).toBe(true);
  });

  it('refuses uploads for an issuer that takes no file uploads (409), naming its options', async () => {
    const job = await draft();
    const [issuer] = await t.database.db
      .select({ options: issuers.inputDataOptions })
      .from(issuers)
      .where(eq(issuers.id, job.issuerId));
    const setOptions = (options: string[]) =>
      t.database.db
        .update(issuers)
        .set({ inputDataOptions: options })
        .where(eq(issuers.id, job.issuerId));
    await setOptions(['SendUploadLink', 'MergeLink']);
    try {
      const res = await upload(job.id, 'suppliers.csv', 'Supplier Name,Annual Spend\nAcme,10\n');
      expect(res.statusCode).toBe(409);
      expect(res.json<{ message: string }>().message).toBe(
        `${job.issuerName} does not take file uploads: its input data options are SendUploadLink, MergeLink.`,
      );
      const after = (
        await t.request({ url: `${base}/${job.id}`, cookie: admin })
      ).json<JobDetails>();
      expect(after.files).toEqual([]);
    } finally {
      await setOptions(issuer!.options);
    }
  });

  it('refuses an upload over the size limit', async () => {
    const job = await draft();
    const big = `Supplier Name,Annual Spend\n${'Acme Ltd,100\n'.repeat(8000)}`;
    const res = await upload(job.id, 'big.csv', big);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toMatch(/limit/);
  });

  it('refuses a workbook with too many sheets before unpacking it', async () => {
    const job = await draft();
    const workbook = new ExcelJS.Workbook();
    for (let i = 1; i <= 7; i++)
      workbook.addWorksheet(`Sheet ${i}`).addRow(['Supplier Name', 'Annual Spend']);
    const xlsx = Buffer.from(await workbook.xlsx.writeBuffer());
    const res = await upload(job.id, 'suppliers.xlsx', xlsx);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toMatch(/sheet/i);
  });

  it('accepts an XLSX within the limits, and a good file after the bad ones', async () => {
    const job = await draft();
    expect((await upload(job.id, 'suppliers.csv', makeDocx(['hello']))).statusCode).toBe(400);
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Suppliers');
    sheet.addRow(['Supplier Name', 'Annual Spend']);
    sheet.addRow(['Acme Ltd', 1200.5]);
    const res = await upload(
      job.id,
      'suppliers.xlsx',
      Buffer.from(await workbook.xlsx.writeBuffer()),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<{ sniff: { kind: string } }>().sniff.kind).toBe('xlsx');
  });

  it('refuses to submit without a mapped required field', async () => {
    const other = await draft();
    const res = await pipeline.submit(other.id, admin);
    expect(res.statusCode).toBe(400);
  });
});

describe('how rows become suppliers, and files without supplier names', () => {
  const validate = (jobId: string, fileId: string) =>
    t.request({
      method: 'POST',
      url: `${base}/${jobId}/files/${fileId}/validate`,
      cookie: admin,
    });
  const saveMapping = (jobId: string, fileId: string, mapping: Record<string, number>) =>
    t.request({
      method: 'PUT',
      url: `${base}/${jobId}/files/${fileId}/mapping`,
      cookie: admin,
      payload: { mapping },
    });
  const stored = (key: string) => t.app.ctx.services.storage().exists(key);

  it('splits a column of whole addresses when the mapping asks for it', async () => {
    const { job } = await pipeline.jobAt('draft', { cookie: admin, merchants });
    const csv =
      'Supplier Name,Annual Spend,Address\nAcme Ltd,100,"Flat 3, 12 High St, Leeds LS6 3AB"\n';
    const fileId = (await upload(job.id, 'addresses.csv', csv)).json<{ id: string }>().id;
    const saved = await t.request({
      method: 'PUT',
      url: `${base}/${job.id}/files/${fileId}/mapping`,
      cookie: admin,
      payload: {
        mapping: { supplierName: 0, annualSpend: 1, addressLine1: 2 },
        options: { splitAddress: true },
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<{ options: object }>().options).toMatchObject({ splitAddress: true });
    const preview = await t.request({
      url: `${base}/${job.id}/files/${fileId}/preview?rows=5`,
      cookie: admin,
    });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json<{ rows: { values: object }[] }>().rows[0]!.values).toMatchObject({
      supplierName: 'Acme Ltd',
      addressLine1: '12 High St',
      addressLine2: 'Flat 3',
      city: 'Leeds',
      postcode: 'LS6 3AB',
      country: 'GBR',
    });
  });

  it('says how many rows became how many suppliers and lists the merges, also on the job', async () => {
    const { job } = await pipeline.jobAt('draft', { cookie: admin, merchants });
    const csv = [
      'Supplier Name,Annual Spend',
      'Acme Ltd,100',
      'ACME LTD.,200',
      'acme ltd,50',
      'Beta plc,10',
      'Beta plc,20',
      'Gamma Co,5',
    ].join('\n');
    const up = await upload(job.id, 'merges.csv', csv);
    expect(up.statusCode, up.body).toBe(201);
    const fileId = up.json<{ id: string }>().id;
    const res = await validate(job.id, fileId);
    expect(res.statusCode, res.body).toBe(200);
    const expected = {
      kind: 'rows',
      rowCount: 6,
      supplierCount: 3,
      mergedSupplierCount: 2,
      merges: [
        {
          supplierName: 'Acme Ltd',
          normalisedName: 'acme ltd',
          supplierId: null,
          rowCount: 3,
          spellings: [
            { name: 'ACME LTD.', rowCount: 1 },
            { name: 'Acme Ltd', rowCount: 1 },
            { name: 'acme ltd', rowCount: 1 },
          ],
          spellingCount: 3,
        },
        {
          supplierName: 'Beta plc',
          normalisedName: 'beta plc',
          supplierId: null,
          rowCount: 2,
          spellings: [{ name: 'Beta plc', rowCount: 2 }],
          spellingCount: 1,
        },
      ],
    };
    expect(res.json<FileValidation>().suppliers).toEqual(expected);
    const detail = (
      await t.request({ url: `${base}/${job.id}`, cookie: admin })
    ).json<JobDetails>();
    expect(detail.files[0]!.validation?.suppliers).toEqual(expected);
  });

  it('refuses a supplier list whose names are all blank with a 400, leaving nothing validated', async () => {
    const { job } = await pipeline.jobAt('draft', { cookie: admin, merchants });
    const csv = ['Supplier Name,Other Name,Annual Spend', 'Acme Ltd,,100', 'Beta plc,,200'].join(
      '\n',
    );
    const up = await upload(job.id, 'names.csv', csv);
    expect(up.statusCode, up.body).toBe(201);
    const fileId = up.json<{ id: string }>().id;
    // A good validation first, so that the refused one must remove what it left.
    expect((await validate(job.id, fileId)).statusCode).toBe(200);
    expect(await stored(jobKeys.rows(job.id, 'Suppliers'))).toBe(true);

    expect(
      (await saveMapping(job.id, fileId, { supplierName: 1, annualSpend: 2 })).statusCode,
    ).toBe(200);
    const res = await validate(job.id, fileId);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toBe(
      "Every row's supplier name is blank: map the column that holds supplier names.",
    );
    const detail = (
      await t.request({ url: `${base}/${job.id}`, cookie: admin })
    ).json<JobDetails>();
    expect(detail.files[0]!.validation).toBeNull();
    expect(detail.status).toBe('Draft');
    expect(await stored(jobKeys.rows(job.id, 'Suppliers'))).toBe(false);
    expect(await stored(jobKeys.rejects(job.id, fileId))).toBe(false);
    const rejects = await t.request({
      url: `${base}/${job.id}/files/${fileId}/rejects.csv`,
      cookie: admin,
    });
    expect(rejects.statusCode).toBe(404);
  });

  it('refuses a Consultant Upload payment file without supplier names with the same 400', async () => {
    const job = await pipeline.createJob({
      cookie: admin,
      issuerName: 'PayTech Bank',
      type: 'advanced',
    });
    const csv = [
      'Vendor No,Vendor Name,Amount,Payment Date',
      'V1,,10,2024-01-01',
      'V2,,20,2024-01-02',
    ];
    const up = await pipeline.upload(job.id, 'Payment', 'payments.csv', csv.join('\n'), admin);
    expect(up.statusCode, up.body).toBe(201);
    const fileId = up.json<{ id: string }>().id;
    const res = await validate(job.id, fileId);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toMatch(/^Every row's supplier name is blank/);
    const detail = (
      await t.request({ url: `${base}/${job.id}`, cookie: admin })
    ).json<JobDetails>();
    expect(detail.files[0]!.validation).toBeNull();
    expect(await stored(jobKeys.rows(job.id, 'Payment'))).toBe(false);
  });
});
