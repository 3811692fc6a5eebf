import ExcelJS from 'exceljs';
import type { JobDetails } from '@b2b/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeDocx } from '../../../test/chat-files.js';
import { useJobsTestApp } from '../../../test/jobs-test-app.js';
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
