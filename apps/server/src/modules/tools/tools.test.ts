import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressFileRun } from '@b2b/contract';
import { useTestApp } from '../../../test/harness.js';
import { PROQ_TEST_ENV, rows as sqlRows, waitFor, workerPool } from '../../../test/proq-kit.js';
import { sql } from 'drizzle-orm';

const t = useTestApp(PROQ_TEST_ENV);
const workers = workerPool(t);

let sysAdmin: string;
let tester: string;
let issuer: string;
let ptco: string;
beforeAll(async () => {
  [sysAdmin, tester, issuer, ptco] = await Promise.all([
    t.signIn('sysadmin@example.com'),
    t.signIn('tester@example.com'),
    t.signIn('issuer@example.com'),
    t.signIn('ptcojobmanager@example.com'),
  ]);
  await workers.start({ commandTypes: ['ProcessAddressFile'] });
});
afterAll(() => workers.stopAll());

/** A multipart body with one file under "file", as a browser's FormData sends it. */
async function upload(url: string, cookie: string, content: string | Buffer, name = 'a.csv') {
  const form = new FormData();
  form.append('file', new Blob([content], { type: 'text/csv' }), name);
  const req = new Request('http://x', { method: 'POST', body: form });
  return t.request({
    method: 'POST',
    url,
    cookie,
    headers: Object.fromEntries(req.headers),
    payload: Buffer.from(await req.arrayBuffer()),
  });
}

const none = {
  building: null,
  street: null,
  locality: null,
  city: null,
  region: null,
  postcode: null,
  country: null,
};

describe('POST /api/v1/tools/addresses/parse', () => {
  it('splits one address with the offline rules and says so', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/v1/tools/addresses/parse',
      cookie: sysAdmin,
      payload: { address: 'Flat 3, 12 High St, Leeds LS6 3AB' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      address: 'Flat 3, 12 High St, Leeds LS6 3AB',
      components: {
        ...none,
        building: 'Flat 3',
        street: '12 High St',
        city: 'Leeds',
        postcode: 'LS6 3AB',
        country: 'GB',
      },
      countrySource: 'postcode',
      parser: 'rules',
      model: null,
      fallbackReason: null,
    });
  });

  it('assumes the default country when the address does not say', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/v1/tools/addresses/parse',
      cookie: tester,
      payload: { address: 'Kerkstraat 12, Amsterdam', defaultCountry: 'NL' },
    });
    expect(res.json()).toMatchObject({
      components: { street: 'Kerkstraat 12', city: 'Amsterdam', country: 'NL' },
      countrySource: 'default',
    });
  });

  it.each([
    [{ address: '   ' }, 'body.address', 'Invalid body.address: enter an address'],
    [{ address: 'x'.repeat(501) }, 'body.address', 'Invalid body.address: at most 500 characters'],
    [{ address: '12 High St', defaultCountry: 'XX' }, 'body.defaultCountry', undefined],
  ])('refuses %j naming the field', async (payload, field, message) => {
    const res = await t.request({
      method: 'POST',
      url: '/api/v1/tools/addresses/parse',
      cookie: sysAdmin,
      payload,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].field).toBe(field);
    if (message) expect(res.json().message).toBe(message);
  });

  it('refuses roles without Tools_Area_VIEW', async () => {
    for (const cookie of [issuer, ptco]) {
      const res = await t.request({
        method: 'POST',
        url: '/api/v1/tools/addresses/parse',
        cookie,
        payload: { address: '12 High St, Leeds' },
      });
      expect(res.statusCode).toBe(403);
    }
  });
});

describe('POST /api/v1/tools/addresses/parse-file', () => {
  it('parses one address per line and answers the rows and a formula-safe CSV', async () => {
    const res = await upload(
      '/api/v1/tools/addresses/parse-file',
      sysAdmin,
      '12 High St, Leeds LS6 3AB\n\n=HYPERLINK("http://x"), 75002 Paris\n',
      'addresses.txt',
    );
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ fileName: 'addresses.txt', column: null });
    expect(
      body.rows.map((r: { line: number; components: object }) => [r.line, r.components]),
    ).toEqual([
      [1, { ...none, street: '12 High St', city: 'Leeds', postcode: 'LS6 3AB', country: 'GB' }],
      [
        3,
        {
          ...none,
          street: '=HYPERLINK("http://x")',
          city: 'Paris',
          postcode: '75002',
          country: 'FR',
        },
      ],
    ]);
    expect(body.csv).toBe(
      '\uFEFFline,address,building,street,locality,city,region,postcode,country,parser\r\n' +
        '1,"12 High St, Leeds LS6 3AB",,12 High St,,Leeds,,LS6 3AB,GB,rules\r\n' +
        `3,"'=HYPERLINK(""http://x""), 75002 Paris",,"'=HYPERLINK(""http://x"")",,Paris,,75002,FR,rules\r\n`,
    );
  });

  it('reads the chosen column of a CSV', async () => {
    const res = await upload(
      '/api/v1/tools/addresses/parse-file?column=Supplier%20address&defaultCountry=DE',
      sysAdmin,
      'name,Supplier address\nAcme,"Hauptstraße 5, 10115 Berlin"\nBeta,"Lindenweg 7, München"\n',
    );
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json().rows as { line: number; address: string; components: object }[];
    expect(res.json().column).toBe('Supplier address');
    expect(rows).toMatchObject([
      {
        line: 2,
        address: 'Hauptstraße 5, 10115 Berlin',
        components: { city: 'Berlin', postcode: '10115' },
      },
      {
        line: 3,
        components: { street: 'Lindenweg 7', city: 'München', country: 'DE' },
        countrySource: 'default',
      },
    ]);
  });

  it.each([
    ['an empty file', '', '', 'file', 'file: the file is empty'],
    [
      'a binary file',
      '',
      Buffer.from([0x50, 0x4b, 3, 4, 0, 0, 0]),
      'file',
      'file: this is a binary file; send a CSV or a text file with one address per line',
    ],
    [
      'a missing column',
      '?column=address',
      'name,street\nAcme,1 High St\n',
      'column',
      'column: the file has no column "address"; its columns are "name", "street"',
    ],
  ])('refuses %s naming what is wrong', async (_, query, content, field, message) => {
    const res = await upload(`/api/v1/tools/addresses/parse-file${query}`, sysAdmin, content);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message, errors: [{ field }] });
  });

  it('refuses a request without a file', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/v1/tools/addresses/parse-file',
      cookie: sysAdmin,
      payload: { address: 'x' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: 'Send the file as multipart/form-data.',
      errors: [{ field: 'file' }],
    });
  });

  it('refuses roles without Tools_Area_VIEW', async () => {
    const res = await upload('/api/v1/tools/addresses/parse-file', issuer, '12 High St, Leeds\n');
    expect(res.statusCode).toBe(403);
  });
});

describe('address files over 10,000 rows (ProcessAddressFile)', () => {
  const runUrl = (id: string) => `/api/v1/tools/addresses/file-runs/${id}`;

  async function finished(id: string, cookie = sysAdmin) {
    return waitFor(
      async () => (await t.request({ url: runUrl(id), cookie })).json<AddressFileRun>(),
      (r) => r.state === 'Ready' || r.state === 'Error',
      60_000,
      'the address file run',
    );
  }

  it('queues a file of 10,001 addresses and writes every row, formula-safe, to the result CSV', async () => {
    const lines = Array.from({ length: 10_001 }, (_, i) =>
      i === 5_000 ? '=cmd|calc, 12 High St, Leeds LS6 3AB' : `${i + 1} High St, Leeds LS6 3AB`,
    );
    const res = await upload(
      '/api/v1/tools/addresses/parse-file',
      sysAdmin,
      lines.join('\n'),
      'Big list.txt',
    );
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ fileName: 'Big list.txt', rows: [], csv: '' });
    expect(body.run).toMatchObject({
      operation: 'parse',
      fileName: 'Big list.txt',
      state: 'Queued',
    });

    const run = await finished(body.run.id);
    expect(run).toMatchObject({
      state: 'Ready',
      progress: 100,
      rowCount: 10_001,
      errorMessage: null,
      resultFileName: 'Big-list-parsed.csv',
    });
    const file = await t.request({ url: `${runUrl(run.id)}/file`, cookie: sysAdmin });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toBe('attachment; filename="Big-list-parsed.csv"');
    const csv = file.body.split('\r\n');
    expect(csv[0]).toBe(
      '\uFEFFline,address,building,street,locality,city,region,postcode,country,parser',
    );
    expect(csv[1]).toBe('1,"1 High St, Leeds LS6 3AB",,1 High St,,Leeds,,LS6 3AB,GB,rules');
    expect(csv[5_001]).toMatch(/^5001,"'=cmd\|calc, 12 High St, Leeds LS6 3AB",/);
    expect(csv).toHaveLength(10_003); // header, 10,001 rows, the empty string after the last CRLF

    const [command] = await sqlRows<{ state: string; message: string }>(
      t.database,
      sql`select state, message from proq_commands where target_entity_id = ${run.id}`,
    );
    expect(command).toEqual({ state: 'Completed', message: 'Address file Ready: 10001 addresses' });
  });

  it('checks a large CSV with a country column and counts the valid and invalid rows', async () => {
    const rows = Array.from({ length: 10_500 }, (_, i) =>
      i % 2 ? `${i},"10 Downing St, London SW1A 2AA",GB` : `${i},"Hauptstraße 5, 1011 Berlin",DE`,
    );
    const res = await upload(
      '/api/v1/tools/addresses/validate-file?column=address&countryColumn=land',
      sysAdmin,
      `id,address,land\n${rows.join('\n')}\n`,
    );
    expect(res.statusCode, res.body).toBe(200);
    const run = await finished(res.json().run.id);
    expect(run).toMatchObject({
      state: 'Ready',
      operation: 'validate',
      rowCount: 10_500,
      validCount: 5_250,
      invalidCount: 5_250,
    });
  });

  it('ends a file over 5 MB without the named column in Error with the column message', async () => {
    const text = `name,street\n${'Acme,1 High St\n'.repeat(400_000)}`;
    const res = await upload('/api/v1/tools/addresses/parse-file?column=address', sysAdmin, text);
    expect(res.statusCode, res.body).toBe(200);
    const run = await finished(res.json().run.id);
    expect(run).toMatchObject({
      state: 'Error',
      errorMessage: 'column: the file has no column "address"; its columns are "name", "street"',
      resultFileName: null,
    });
    const file = await t.request({ url: `${runUrl(run.id)}/file`, cookie: sysAdmin });
    expect(file.statusCode).toBe(409);
    expect(file.json().message).toBe(
      'This address file failed: column: the file has no column "address"; its columns are "name", "street"',
    );
    // The run records its error before its command ends: wait for the command's own end.
    const command = await waitFor(
      async () =>
        (
          await sqlRows<{ state: string; attempts: number }>(
            t.database,
            sql`select state, attempts from proq_commands where target_entity_id = ${run.id}`,
          )
        )[0],
      (c) => c?.state !== 'InProgress',
      30_000,
      'the address file command',
    );
    expect(command).toEqual({ state: 'Error', attempts: 1 });
  });

  it('purges runs finished over a week ago with their files, keeping newer and unfinished ones', async () => {
    const queue = async (name: string) => {
      const res = await upload(
        '/api/v1/tools/addresses/parse-file',
        sysAdmin,
        Array.from({ length: 10_001 }, (_, i) => `${i} High St, Leeds`).join('\n'),
        name,
      );
      expect(res.statusCode, res.body).toBe(200);
      return finished(res.json().run.id);
    };
    const old = await queue('Old.txt');
    const recent = await queue('Recent.txt');
    const storage = t.app.ctx.services.storage();
    const [oldRow] = await sqlRows<{ result_key: string }>(
      t.database,
      sql`update address_file_runs set finished_at = now() - interval '8 days'
          where id = ${old.id} returning result_key`,
    );
    // A run still queued (its worker long gone) is not the purge's to end.
    await sqlRows(
      t.database,
      sql`update address_file_runs set state = 'Queued', finished_at = null,
          created_at = now() - interval '30 days' where id = ${recent.id}`,
    );
    expect(await storage.exists(oldRow!.result_key)).toBe(true);

    const { addressTools } = t.app.ctx.services;
    expect(await addressTools.purgeFinishedRuns()).toBe(1);
    expect(await storage.exists(oldRow!.result_key)).toBe(false);
    expect((await t.request({ url: runUrl(old.id), cookie: sysAdmin })).statusCode).toBe(404);
    expect((await t.request({ url: runUrl(recent.id), cookie: sysAdmin })).statusCode).toBe(200);
    expect(await addressTools.purgeFinishedRuns()).toBe(0);
  });

  it('refuses a file past the upload size limit and keeps nothing', async () => {
    const limit = (value: number | null) =>
      t.request({
        method: value === null ? 'DELETE' : 'PUT',
        url: '/api/v1/devops/resource-guard/limits/uploadMaxBytes',
        cookie: sysAdmin,
        ...(value === null ? {} : { payload: { value } }),
      });
    expect((await limit(6 * 1024 * 1024)).statusCode).toBe(200);
    try {
      const res = await upload(
        '/api/v1/tools/addresses/parse-file',
        sysAdmin,
        '1 High St, Leeds\n'.repeat(400_000),
      );
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        message: 'file: larger than 6 MiB, the upload size limit; split it into several files',
        errors: [{ field: 'file' }],
      });
    } finally {
      await limit(null);
    }
  });

  it("hides a user's address file from other users (404) and from roles without the tools", async () => {
    const res = await upload(
      '/api/v1/tools/addresses/parse-file',
      sysAdmin,
      Array.from({ length: 10_001 }, (_, i) => `${i} Main St`).join('\n'),
    );
    const id = res.json().run.id as string;
    expect((await t.request({ url: runUrl(id), cookie: tester })).statusCode).toBe(404);
    expect((await t.request({ url: `${runUrl(id)}/file`, cookie: tester })).statusCode).toBe(404);
    expect((await t.request({ url: runUrl(id), cookie: issuer })).statusCode).toBe(403);
    await finished(id);
  });
});

describe('POST /api/v1/tools/addresses/validate', () => {
  it('answers each problem with its reason', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/v1/tools/addresses/validate',
      cookie: sysAdmin,
      payload: { address: 'PO Box 12, Leeds, QQ6 3AB', country: 'GB' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      address: 'PO Box 12, Leeds, QQ6 3AB',
      country: 'GB',
      valid: false,
      components: {
        ...none,
        street: 'PO Box 12',
        city: 'Leeds',
        postcode: 'QQ6 3AB',
        country: 'GB',
      },
      problems: [
        {
          field: 'street',
          code: 'po-box',
          severity: 'warning',
          message: 'A PO box is a mail drop, not the place where the business is.',
        },
        {
          field: 'postcode',
          code: 'unknown-postcode-area',
          severity: 'error',
          message: '"QQ6 3AB": QQ is not a UK postcode area.',
        },
      ],
    });
  });

  it('refuses a blank address naming the field', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/v1/tools/addresses/validate',
      cookie: sysAdmin,
      payload: { address: '' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].field).toBe('body.address');
  });

  it('refuses roles without Address_Validator_VIEW', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/v1/tools/addresses/validate',
      cookie: ptco,
      payload: { address: '12 High St, Leeds' },
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('POST /api/v1/tools/addresses/validate-file', () => {
  it('checks every row against its country column and counts the valid ones', async () => {
    const csv = [
      'address,country',
      '"Hauptstraße 5, 10115 Berlin",DE',
      'n/a,GB',
      '"12 High St, Leeds LS6 3AB",XX',
      ',FR',
    ].join('\n');
    const res = await upload(
      '/api/v1/tools/addresses/validate-file?column=address&countryColumn=country',
      tester,
      csv,
    );
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ column: 'address', validCount: 1, invalidCount: 3 });
    expect(
      body.rows.map((r: { line: number; valid: boolean; problems: { code: string }[] }) => [
        r.line,
        r.valid,
        r.problems.map((p) => p.code),
      ]),
    ).toEqual([
      [2, true, []],
      [3, false, ['placeholder']],
      [4, false, ['unknown-country']],
      [5, false, ['blank']],
    ]);
    expect(body.csv.split('\r\n')[2]).toBe(
      '3,n/a,GB,no,"error: ""n/a"" is a placeholder, not an address."',
    );
  });

  it('refuses a country column without an address column', async () => {
    const res = await upload(
      '/api/v1/tools/addresses/validate-file?countryColumn=country',
      sysAdmin,
      'a\n',
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: 'countryColumn: a country column needs the address column too',
      errors: [{ field: 'countryColumn' }],
    });
  });

  it('refuses roles without Address_Validator_VIEW', async () => {
    const res = await upload('/api/v1/tools/addresses/validate-file', ptco, '12 High St\n');
    expect(res.statusCode).toBe(403);
  });
});

describe('send e-mail without SMTP', () => {
  it('says mail goes to the outbox and stores the e-mail there', async () => {
    const transport = await t.request({ url: '/api/v1/tools/send-email', cookie: sysAdmin });
    expect(transport.json()).toEqual({
      transport: 'outbox',
      from: 'B2B Analytics <no-reply@b2b-analytics.local>',
      server: null,
    });
    const res = await t.request({
      method: 'POST',
      url: '/api/v1/tools/send-email',
      cookie: sysAdmin,
      payload: { to: 'ops@example.com', subject: 'Test', text: 'Hello' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      transport: 'outbox',
      to: 'ops@example.com',
      status: 'sent',
      response: 'Stored in the outbox (no SMTP_URL).',
    });
    const [stored] = await t.app.ctx.services.mail.repo.listLatest(1);
    expect(stored).toMatchObject({
      toAddress: 'ops@example.com',
      subject: 'Test',
      textBody: 'Hello',
      transport: 'outbox',
    });
  });

  it('refuses a bad address, an empty subject and roles without Tools_Area_VIEW', async () => {
    const bad = await t.request({
      method: 'POST',
      url: '/api/v1/tools/send-email',
      cookie: sysAdmin,
      payload: { to: 'not-an-address', subject: 'Test', text: 'Hello' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Invalid body.to: enter an e-mail address');
    const empty = await t.request({
      method: 'POST',
      url: '/api/v1/tools/send-email',
      cookie: sysAdmin,
      payload: { to: 'ops@example.com', subject: ' ', text: 'Hello' },
    });
    expect(empty.json().message).toBe('Invalid body.subject: enter a subject');
    const refused = await t.request({
      method: 'POST',
      url: '/api/v1/tools/send-email',
      cookie: issuer,
      payload: { to: 'ops@example.com', subject: 'Test', text: 'Hello' },
    });
    expect(refused.statusCode).toBe(403);
  });
});
