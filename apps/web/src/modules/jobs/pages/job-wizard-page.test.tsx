import { ACCOUNTING_MESSAGES, type JobFile } from '@b2b/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsTo, mockApi, type MockRoute } from '../../../test/mock-api';
import { currentUrl, renderApp } from '../../../test/render-app';
import { backToEnglish, germanUserApi } from '../../../test/german';
import { signedInApi } from '../../../test/signed-in-api';
import { entityLockApi, OTHER_EDITOR_ID } from '../../../test/entity-lock-api';
import {
  FILE_ID,
  JOB_ID,
  jobDetails,
  jobsProfile,
  profileWith,
  step,
  supplierFile,
  wizardIssuers,
} from '../test/job-fixtures';

const jobPath = `/api/v1/job-artifacts/${JOB_ID}`;

function wizardApi(overrides: Record<string, MockRoute> = {}) {
  return {
    ...signedInApi(jobsProfile),
    'GET /api/v1/job-artifacts/wizard/issuers': { body: wizardIssuers },
    ...overrides,
  };
}

/** Answers uploads like the server: progress events, then 201 with the file or a 400. */
class FakeUpload {
  static answer: { status: number; body: unknown } = { status: 201, body: {} };
  static sent: { url: string; form: FormData }[] = [];
  upload: {
    onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null;
  } = {
    onprogress: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  status = 0;
  responseText = '';
  private url = '';
  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader() {}
  send(form: FormData) {
    FakeUpload.sent.push({ url: this.url, form });
    setTimeout(() => {
      this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
      setTimeout(() => {
        this.status = FakeUpload.answer.status;
        this.responseText = JSON.stringify(FakeUpload.answer.body);
        this.onload?.();
      }, 20);
    }, 0);
  }
}

afterEach(() => {
  vi.unstubAllGlobals();
  FakeUpload.sent = [];
});

describe('JobWizardPage', () => {
  it('creates a job from issuer, buyer, name and currency, then continues at the upload', async () => {
    const user = userEvent.setup();
    const created = jobDetails();
    const fetchMock = mockApi(
      wizardApi({
        'POST /api/v1/job-artifacts': { status: 201, body: created },
        [`GET ${jobPath}`]: { body: created },
      }),
    );
    const { router } = renderApp('/jobs/create/base');
    expect(await screen.findByRole('heading', { name: 'Summary Upload' })).toBeTruthy();
    await user.click(await screen.findByRole('combobox', { name: /Issuer/ }));
    await user.click(await screen.findByRole('option', { name: 'PayTech Bank' }));
    await user.click(screen.getByRole('combobox', { name: /Buyer/ }));
    await user.click(await screen.findByRole('option', { name: 'Acme Buyer' }));
    await user.type(screen.getByRole('textbox', { name: /Job name/ }), 'Spring suppliers');
    // The issuer's currency is the default.
    expect((screen.getByRole('textbox', { name: /Currency/ }) as HTMLInputElement).value).toBe(
      'GBP',
    );
    await user.click(screen.getByRole('button', { name: 'Create job' }));

    await waitFor(() => expect(currentUrl(router)).toBe(`/jobs/${JOB_ID}/workflow/base`));
    const call = callsTo(fetchMock, 'POST', '/api/v1/job-artifacts')[0]!;
    expect(String(call[0])).toContain('name=Spring+suppliers');
    expect(String(call[0])).toContain('currency=GBP');
    expect(String(call[0])).toContain('type=base');
    expect(await screen.findByRole('region', { name: 'Supplier file' })).toBeTruthy();
  });

  it('shows who edits a Draft job instead of its wizard while they hold its lock', async () => {
    mockApi({
      ...wizardApi(),
      [`GET ${jobPath}`]: { body: jobDetails({ files: [supplierFile()] }) },
      ...entityLockApi(jobsProfile.id, { current: OTHER_EDITOR_ID }),
    });
    renderApp(`/jobs/${JOB_ID}/workflow/base`);
    expect(await screen.findByText(/Read only: Tess Tester \(tester@example.com\)/)).toBeTruthy();
    expect(screen.queryByLabelText('Job creation steps')).toBeNull();
  });

  it('shows an issuer that takes no file uploads but does not let it be chosen', async () => {
    const user = userEvent.setup();
    mockApi(wizardApi());
    renderApp('/jobs/create/base');
    await user.click(await screen.findByRole('combobox', { name: /Issuer/ }));
    const linkOnly = await screen.findByRole('option', {
      name: 'Link Only Bank (takes no file uploads)',
    });
    expect(linkOnly.getAttribute('aria-disabled')).toBe('true');
    expect(
      screen.getByRole('option', { name: 'PayTech Bank' }).getAttribute('aria-disabled'),
    ).toBeNull();
  });

  it('offers Matched Data Only Upload only with the matched-data-only workflow', async () => {
    // The upload tab alone is not enough: the issuer base's matched-data-only workflow is needed.
    mockApi({ ...wizardApi(), ...signedInApi(profileWith()) });
    renderApp('/jobs/create/matched-data-only');
    expect(
      await screen.findByText(/Your roles do not allow creating a Matched Data Only Upload job/),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Create job' })).toBeNull();
  });

  it('opens the Matched Data Only wizard for a user with the matched-data-only workflow', async () => {
    mockApi(wizardApi());
    renderApp('/jobs/create/matched-data-only');
    expect(await screen.findByRole('heading', { name: 'Matched Data Only Upload' })).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Create job' })).toBeTruthy();
  });

  it('uploads with a progress bar and shows a refused file’s reason, the job staying editable', async () => {
    const user = userEvent.setup();
    vi.stubGlobal('XMLHttpRequest', FakeUpload);
    FakeUpload.answer = {
      status: 400,
      body: {
        success: false,
        statusCode: 400,
        message: 'suppliers.xlsx is not an XLSX workbook (its content is plain text).',
      },
    };
    mockApi(wizardApi({ [`GET ${jobPath}`]: { body: jobDetails() } }));
    renderApp(`/jobs/${JOB_ID}/workflow/base`);
    const region = await screen.findByRole('region', { name: 'Supplier file' });
    const input = within(region).getByLabelText(/Choose the supplier file/, { selector: 'input' });
    fireEvent.change(input, { target: { files: [new File(['a;b'], 'suppliers.xlsx')] } });
    await user.click(within(region).getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText('Uploading: 50%')).toBeTruthy();
    expect(await screen.findByText('The file was not accepted')).toBeTruthy();
    expect(screen.getByText(/is not an XLSX workbook/)).toBeTruthy();
    expect(FakeUpload.sent[0]!.url).toBe(`${jobPath}/files?role=Suppliers`);
    expect((FakeUpload.sent[0]!.form.get('file') as File).name).toBe('suppliers.xlsx');
    // Still on the upload step, free to try another file.
    expect(within(region).getByRole('button', { name: 'Upload' })).toBeTruthy();
  });

  it('connects the buyer’s accounting system through Merge Link when the issuer takes MergeLink', async () => {
    const user = userEvent.setup();
    const LINKED = '00000000-0000-4000-8000-00000000e001';
    const account = {
      id: LINKED,
      issuerId: '00000000-0000-4000-8000-00000000b001',
      issuerName: 'PayTech Bank',
      buyerId: '00000000-0000-4000-8000-00000000c001',
      buyerName: 'Acme Buyer',
      integrationName: 'QuickBooks Online',
      status: 'Linked',
      connectedVia: 'MergeLink',
      createdByUsername: 'jobs@example.com',
      createdAt: '2026-11-20T08:00:00.000Z',
      lastSyncAt: null,
      lastSyncJobId: null,
      lastError: null,
      lastErrorAt: null,
      mergedIntoId: null,
      syncSchedule: 'Off',
      nextSyncAt: null,
    };
    // Merge Link, as its script defines it: the person connects and it hands a public token back.
    const initialize = vi.fn((options: { linkToken: string; onSuccess: (t: string) => void }) =>
      options.onSuccess(`public-for-${options.linkToken}`),
    );
    vi.stubGlobal('MergeLink', { initialize });
    const fetchMock = mockApi(
      wizardApi({
        [`GET ${jobPath}`]: { body: jobDetails() },
        [`GET ${jobPath}/accounting-connection`]: {
          body: {
            configured: true,
            configureHint: null,
            offered: true,
            takesFileUploads: true,
            linkedAccounts: [],
          },
        },
        [`POST ${jobPath}/accounting-connection/link-token`]: {
          status: 201,
          body: {
            linkedAccountId: LINKED,
            linkToken: 'lt-1',
            linkScriptUrl: 'https://cdn.merge.dev/initialize.js',
          },
        },
        [`POST ${jobPath}/accounting-connection/complete`]: {
          status: 201,
          body: {
            linkedAccount: account,
            commandId: '00000000-0000-4000-8000-00000000f001',
            message: 'Connected. The accounting data is being fetched.',
          },
        },
      }),
    );
    renderApp(`/jobs/${JOB_ID}/workflow/base`);
    const region = await screen.findByRole('region', { name: 'Accounting system' });
    await user.click(within(region).getByRole('button', { name: 'Connect accounting system' }));
    expect(
      await within(region).findByText('Connected. The accounting data is being fetched.'),
    ).toBeTruthy();
    expect(initialize).toHaveBeenCalledWith(expect.objectContaining({ linkToken: 'lt-1' }));
    const [complete] = callsTo(fetchMock, 'POST', `${jobPath}/accounting-connection/complete`);
    expect(JSON.parse(String(complete![1]!.body))).toEqual({
      linkedAccountId: LINKED,
      publicToken: 'public-for-lt-1',
    });
  });

  it('offers the connection instead of uploads, saying how to configure the accounting API', async () => {
    mockApi(
      wizardApi({
        [`GET ${jobPath}`]: { body: jobDetails() },
        [`GET ${jobPath}/accounting-connection`]: {
          body: {
            configured: false,
            configureHint: ACCOUNTING_MESSAGES.apiNotConfigured,
            offered: true,
            takesFileUploads: false,
            linkedAccounts: [],
          },
        },
      }),
    );
    renderApp(`/jobs/${JOB_ID}/workflow/base`);
    const region = await screen.findByRole('region', { name: 'Accounting system' });
    expect(within(region).getByText(ACCOUNTING_MESSAGES.apiNotConfigured)).toBeTruthy();
    // The issuer takes no file uploads: the connection is offered instead of them.
    expect(screen.queryByRole('region', { name: 'Supplier file' })).toBeNull();
    expect(
      (
        within(region).getByRole('button', {
          name: 'Connect accounting system',
        }) as HTMLButtonElement
      ).disabled,
    ).toBe(true);
  });

  it('resumes a job with an unvalidated file at the mapping, with suggestions and required fields', async () => {
    const user = userEvent.setup();
    let file = supplierFile();
    const fetchMock = mockApi(
      wizardApi({
        [`GET ${jobPath}`]: () => ({ body: jobDetails({ files: [file] }) }),
        [`PUT ${jobPath}/files/${FILE_ID}/mapping`]: ({ body }) => {
          file = supplierFile({ mapping: (body as { mapping: object }).mapping });
          return { body: file };
        },
        [`GET ${jobPath}/files/${FILE_ID}/preview`]: {
          body: {
            headers: ['Lieferant', 'Supplier Name', 'Jahresumsatz', 'Land'],
            rows: [
              {
                rowNumber: 2,
                values: { supplierId: 'S-1', supplierName: 'Acme Ltd', annualSpend: 1234.56 },
                rejectedReason: null,
              },
              {
                rowNumber: 3,
                values: { supplierId: 'S-2', supplierName: null, annualSpend: 10 },
                rejectedReason: 'Supplier name is blank',
              },
            ],
          },
        },
      }),
    );
    renderApp(`/jobs/${JOB_ID}/workflow/base`);
    const mapping = await screen.findByRole('region', { name: 'Supplier file: suppliers.csv' });
    // The suggestion from the header names, explained.
    const name = within(mapping).getByRole('combobox', { name: /Supplier name/ });
    expect(name.textContent).toBe('Supplier Name');
    expect(within(mapping).getByText(/Suggested from “Supplier Name”/)).toBeTruthy();
    expect(within(mapping).getByText(/Suggested from “Lieferant” \(a guess\)/)).toBeTruthy();
    // Annual spend is required for a Summary Upload and not suggested: asked for.
    expect(within(mapping).getByText('Map a column to: Annual spend.')).toBeTruthy();
    const save = screen.getByRole('button', { name: 'Save mapping and preview' });
    expect((save as HTMLButtonElement).disabled).toBe(true);

    await user.click(within(mapping).getByRole('combobox', { name: /Annual spend/ }));
    await user.click(await screen.findByRole('option', { name: 'Jahresumsatz' }));
    expect(within(mapping).getByText('e.g. 1.234,56 €')).toBeTruthy();
    await user.click(save);

    const put = callsTo(fetchMock, 'PUT', `${jobPath}/files/${FILE_ID}/mapping`)[0]!;
    expect(JSON.parse(String(put[1]!.body))).toMatchObject({
      mapping: { supplierId: 0, supplierName: 1, country: 3, annualSpend: 2 },
    });
    // The preview shows rows as parsed, a rejected one with its reason.
    const preview = await screen.findByRole('table', { name: 'Preview of suppliers.csv' });
    expect(await within(preview).findByText('1234.56')).toBeTruthy();
    expect(within(preview).getByText('Supplier name is blank')).toBeTruthy();
  });

  it('offers to split a column of whole addresses once it is mapped to Address line 1', async () => {
    const user = userEvent.setup();
    let file = supplierFile({ mapping: { supplierName: 1, annualSpend: 2 } });
    const fetchMock = mockApi(
      wizardApi({
        [`GET ${jobPath}`]: () => ({ body: jobDetails({ files: [file] }) }),
        [`PUT ${jobPath}/files/${FILE_ID}/mapping`]: ({ body }) => {
          const saved = body as Pick<JobFile, 'mapping' | 'options'>;
          file = supplierFile({ mapping: saved.mapping, options: saved.options });
          return { body: file };
        },
        [`GET ${jobPath}/files/${FILE_ID}/preview`]: {
          body: {
            headers: [],
            rows: [
              {
                rowNumber: 2,
                values: {
                  supplierName: 'Acme Ltd',
                  annualSpend: 100,
                  addressLine1: '12 High St',
                  city: 'Leeds',
                  postcode: 'LS6 3AB',
                  country: 'GBR',
                },
                rejectedReason: null,
              },
            ],
          },
        },
      }),
    );
    renderApp(`/jobs/${JOB_ID}/workflow/base`);
    const mapping = await screen.findByRole('region', { name: 'Supplier file: suppliers.csv' });
    const split = /split it into street, town, postcode and country/;
    expect(within(mapping).queryByRole('checkbox', { name: split })).toBeNull();
    await user.click(within(mapping).getByRole('combobox', { name: /Address line 1/ }));
    await user.click(await screen.findByRole('option', { name: 'Land' }));
    await user.click(within(mapping).getByRole('checkbox', { name: split }));
    await user.click(screen.getByRole('button', { name: 'Save mapping and preview' }));
    const put = callsTo(fetchMock, 'PUT', `${jobPath}/files/${FILE_ID}/mapping`)[0]!;
    expect(JSON.parse(String(put[1]!.body))).toMatchObject({
      mapping: { supplierName: 1, annualSpend: 2, addressLine1: 3 },
      options: { splitAddress: true },
    });
    // The preview shows the components the split fills, though no column is mapped to them.
    const preview = await screen.findByRole('table', { name: 'Preview of suppliers.csv' });
    expect(within(preview).getByRole('columnheader', { name: 'City' })).toBeTruthy();
    expect(within(preview).getByRole('cell', { name: 'Leeds' })).toBeTruthy();
    expect(within(preview).getByRole('cell', { name: 'LS6 3AB' })).toBeTruthy();
  });

  it('resumes a validated job at validation: every rejected row with its reason, the CSV, submit', async () => {
    const user = userEvent.setup();
    const validated = supplierFile({
      mapping: { supplierName: 1, annualSpend: 2 },
      validation: {
        rowCount: 3,
        acceptedCount: 2,
        rejectedCount: 1,
        rejected: [
          {
            rowNumber: 4,
            reason: 'Supplier name is blank',
            raw: { 'Supplier Name': '', Jahresumsatz: '99,00 €' },
          },
        ],
        warnings: [],
        flaggedRedactedCount: 0,
      },
    });
    const job = jobDetails({ files: [validated] });
    const submitted = jobDetails({
      files: [validated],
      status: 'Processing',
      steps: [step({ step: 'Ingest' })],
    });
    mockApi(
      wizardApi({
        [`GET ${jobPath}`]: { body: job },
        [`POST ${jobPath}/submit`]: { body: submitted },
      }),
    );
    const { router } = renderApp(`/jobs/${JOB_ID}/workflow/base`);
    const table = await screen.findByRole('table', { name: 'Rejected rows of suppliers.csv' });
    const row = within(table).getByRole('row', { name: /Supplier name is blank/ });
    expect(within(row).getByText('4')).toBeTruthy();
    expect(within(row).getByText('99,00 €')).toBeTruthy();
    expect(screen.getByText('2 of 3 rows accepted, 1 rejected')).toBeTruthy();
    const download = screen.getByRole('link', { name: 'Download rejected rows (CSV)' });
    expect(download.getAttribute('href')).toBe(`${jobPath}/files/${FILE_ID}/rejects.csv`);

    await user.click(screen.getByRole('button', { name: 'Submit job' }));
    await waitFor(() => expect(currentUrl(router)).toBe(`/jobs/${JOB_ID}/details`));
  });

  it('says how the rows became suppliers and lists the merges, spellings to supplier', async () => {
    const user = userEvent.setup();
    const validated = supplierFile({
      validation: {
        rowCount: 1000,
        acceptedCount: 1000,
        rejectedCount: 0,
        rejected: [],
        warnings: [],
        flaggedRedactedCount: 0,
        suppliers: {
          kind: 'rows',
          rowCount: 1000,
          supplierCount: 940,
          mergedSupplierCount: 52,
          merges: [
            {
              supplierName: 'Acme Ltd',
              normalisedName: 'acme ltd',
              supplierId: null,
              rowCount: 3,
              spellings: [
                { name: 'ACME LTD.', rowCount: 2 },
                { name: 'Acme Ltd', rowCount: 1 },
              ],
              spellingCount: 2,
            },
            {
              supplierName: 'Beta plc',
              normalisedName: 'beta plc',
              supplierId: 'B7',
              rowCount: 2,
              spellings: [{ name: 'Beta plc', rowCount: 2 }],
              spellingCount: 1,
            },
          ],
        },
      },
    });
    mockApi(wizardApi({ [`GET ${jobPath}`]: { body: jobDetails({ files: [validated] }) } }));
    renderApp(`/jobs/${JOB_ID}/workflow/base`);
    const note = await screen.findByRole('note', { name: 'Suppliers of suppliers.csv' });
    expect(
      within(note).getByText(
        '1,000 rows became 940 suppliers: 52 suppliers merge rows whose names are the same after normalisation (or that share a supplier id).',
      ),
    ).toBeTruthy();
    await user.click(within(note).getByRole('button', { name: 'Show the 2 largest of 52 merges' }));
    const table = await within(note).findByRole('table', {
      name: 'Merged suppliers of suppliers.csv',
    });
    const acme = within(table).getByRole('row', { name: /Acme Ltd/ });
    expect(acme.textContent).toContain('ACME LTD. (2), Acme Ltd (1)');
    expect(within(acme).getByRole('rowheader').textContent).toBe('Acme Ltd');
    const beta = within(table).getByRole('row', { name: /Beta plc/ });
    expect(within(beta).getByRole('rowheader').textContent).toBe('Beta plc (id B7)');
  });

  it('shows why a file was refused at validation, and no longer counts it as validated', async () => {
    const user = userEvent.setup();
    const validated = supplierFile({
      validation: {
        rowCount: 2,
        acceptedCount: 2,
        rejectedCount: 0,
        rejected: [],
        warnings: [],
        flaggedRedactedCount: 0,
      },
    });
    let refused = false;
    mockApi(
      wizardApi({
        // After the refusal the server has cleared the file's validation.
        [`GET ${jobPath}`]: () => ({
          body: jobDetails({ files: [refused ? supplierFile({ validation: null }) : validated] }),
        }),
        [`POST ${jobPath}/files/${FILE_ID}/validate`]: () => {
          refused = true;
          return {
            status: 400,
            body: {
              success: false,
              statusCode: 400,
              message:
                "Every row's supplier name is blank: map the column that holds supplier names.",
            },
          };
        },
      }),
    );
    renderApp(`/jobs/${JOB_ID}/workflow/base`);
    await user.click(await screen.findByRole('button', { name: 'Validate again' }));
    expect(
      await screen.findByText(
        "Every row's supplier name is blank: map the column that holds supplier names.",
      ),
    ).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Validate' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Submit job' }).hasAttribute('disabled')).toBe(true);
  });

  it('shows the server’s reason when submitting is refused', async () => {
    const user = userEvent.setup();
    const validated = supplierFile({
      validation: {
        rowCount: 1,
        acceptedCount: 1,
        rejectedCount: 0,
        rejected: [],
        warnings: [],
        flaggedRedactedCount: 0,
      },
    });
    mockApi(
      wizardApi({
        [`GET ${jobPath}`]: { body: jobDetails({ files: [validated] }) },
        [`POST ${jobPath}/submit`]: {
          status: 400,
          body: {
            success: false,
            statusCode: 400,
            message: 'suppliers.csv: map a column to annualSpend before submitting.',
          },
        },
      }),
    );
    renderApp(`/jobs/${JOB_ID}/workflow/base`);
    await user.click(await screen.findByRole('button', { name: 'Submit job' }));
    expect(await screen.findByText('The job was not submitted')).toBeTruthy();
    expect(screen.getByText(/map a column to annualSpend/)).toBeTruthy();
  });

  it('sends a submitted job to its details instead of the wizard', async () => {
    mockApi(wizardApi({ [`GET ${jobPath}`]: { body: jobDetails({ status: 'Processing' }) } }));
    const { router } = renderApp(`/jobs/${JOB_ID}/workflow/base`);
    await waitFor(() => expect(currentUrl(router)).toBe(`/jobs/${JOB_ID}/details`));
  });

  it('asks a Consultant Upload for separate purchase order, invoice and payment files', async () => {
    mockApi(
      wizardApi({
        [`GET ${jobPath}`]: { body: jobDetails({ type: 'advanced' }) },
      }),
    );
    renderApp(`/jobs/${JOB_ID}/workflow/advanced`);
    expect(await screen.findByRole('heading', { name: /^Consultant Upload/ })).toBeTruthy();
    expect(await screen.findByRole('region', { name: 'Purchase Order file' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Invoice file' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Payment file' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Supplier file' })).toBeNull();
    // Mapping waits for at least one file.
    expect(
      (screen.getByRole('button', { name: 'Continue to mapping' }) as HTMLButtonElement).disabled,
    ).toBe(true);
  });

  it('opens a Draft job from the loading route in its wizard', async () => {
    mockApi(wizardApi({ [`GET ${jobPath}`]: { body: jobDetails({ files: [supplierFile()] }) } }));
    const { router } = renderApp(`/jobs/loading/${JOB_ID}`);
    await waitFor(() => expect(currentUrl(router)).toBe(`/jobs/${JOB_ID}/workflow/base`));
    expect(
      await screen.findByRole('region', { name: 'Supplier file: suppliers.csv' }),
    ).toBeTruthy();
  });

  it('reads another sheet of an uploaded workbook by sending it again with the sheet name', async () => {
    const user = userEvent.setup();
    vi.stubGlobal('XMLHttpRequest', FakeUpload);
    const workbook = (sheetName: string) =>
      supplierFile({
        fileName: 'suppliers.xlsx',
        sniff: {
          ...supplierFile().sniff,
          kind: 'xlsx',
          sheetNames: ['Notes', 'Suppliers'],
          sheetName,
        },
      });
    let files: ReturnType<typeof supplierFile>[] = [];
    FakeUpload.answer = { status: 201, body: workbook('Notes') };
    mockApi(wizardApi({ [`GET ${jobPath}`]: () => ({ body: jobDetails({ files }) }) }));
    renderApp(`/jobs/${JOB_ID}/workflow/base`);
    const region = await screen.findByRole('region', { name: 'Supplier file' });
    const input = within(region).getByLabelText(/Choose the supplier file/, { selector: 'input' });
    fireEvent.change(input, { target: { files: [new File(['PK'], 'suppliers.xlsx')] } });
    files = [workbook('Notes')];
    await user.click(within(region).getByRole('button', { name: 'Upload' }));
    const sheet = await within(region).findByRole('combobox', { name: 'Sheet' });
    expect(sheet.textContent).toBe('Notes');

    FakeUpload.answer = { status: 201, body: workbook('Suppliers') };
    files = [workbook('Suppliers')];
    await user.click(sheet);
    await user.click(await screen.findByRole('option', { name: 'Suppliers' }));
    await waitFor(() => expect(FakeUpload.sent).toHaveLength(2));
    expect(FakeUpload.sent[1]!.url).toBe(`${jobPath}/files?role=Suppliers&sheetName=Suppliers`);
    await waitFor(() =>
      expect(within(region).getByRole('combobox', { name: 'Sheet' }).textContent).toBe('Suppliers'),
    );
  });

  it('creates a buyer inline for the chosen issuer and selects it', async () => {
    const user = userEvent.setup();
    const NEW_BUYER = '77777777-7777-4777-8777-777777777777';
    // Like the server: the issuers call lists the buyer once it exists.
    let issuers = wizardIssuers;
    const fetchMock = mockApi(
      wizardApi({
        'GET /api/v1/job-artifacts/wizard/issuers': () => ({ body: issuers }),
        'POST /api/v1/job-artifacts/wizard/buyers': ({ body }) => {
          const buyer = { id: NEW_BUYER, name: 'Globex Procurement', countryIso3: 'DEU' };
          issuers = issuers.map((i) => ({ ...i, buyers: [...i.buyers, buyer] }));
          return {
            status: 201,
            body: { ...buyer, issuerId: (body as { issuerId: string }).issuerId },
          };
        },
      }),
    );
    renderApp('/jobs/create/matched-data-only');
    expect(await screen.findByRole('heading', { name: 'Matched Data Only Upload' })).toBeTruthy();
    await user.click(await screen.findByRole('combobox', { name: /Issuer/ }));
    await user.click(await screen.findByRole('option', { name: 'PayTech Bank' }));
    await user.click(screen.getByRole('button', { name: 'New buyer' }));
    const dialog = await screen.findByRole('dialog', { name: 'New buyer' });
    await user.type(
      within(dialog).getByRole('textbox', { name: /Buyer name/ }),
      'Globex Procurement',
    );
    await user.type(within(dialog).getByRole('textbox', { name: /Country/ }), 'deu');
    await user.click(within(dialog).getByRole('button', { name: 'Create buyer' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('combobox', { name: /Buyer/ }).textContent).toBe('Globex Procurement');
    const post = callsTo(fetchMock, 'POST', '/api/v1/job-artifacts/wizard/buyers')[0]!;
    expect(JSON.parse(String(post[1]!.body))).toEqual({
      issuerId: wizardIssuers[0]!.id,
      name: 'Globex Procurement',
      countryIso3: 'deu',
    });
  });
});

describe('JobWizardPage in German', () => {
  afterEach(backToEnglish);

  it("shows a rejected row's reasons and the file's warnings in the user's language", async () => {
    const validated = supplierFile({
      mapping: { supplierName: 1, annualSpend: 2, country: 3 },
      validation: {
        rowCount: 3,
        acceptedCount: 2,
        rejectedCount: 1,
        rejected: [
          {
            rowNumber: 4,
            // Two reasons, joined by the engine's SQL.
            reason: 'Supplier name is blank; Annual spend "abc" is not an amount',
            raw: { 'Supplier Name': '', Jahresumsatz: 'abc' },
          },
        ],
        warnings: [
          {
            field: 'country',
            count: 2,
            message: 'Country: country not recognised; the job fallback country is used',
            examples: ['Atlantis'],
          },
        ],
        flaggedRedactedCount: 0,
      },
    });
    mockApi(
      wizardApi({
        ...germanUserApi(),
        [`GET ${jobPath}`]: { body: jobDetails({ files: [validated] }) },
      }),
    );
    renderApp(`/jobs/${JOB_ID}/workflow/base`);
    expect(
      await screen.findByText(
        'Der Lieferantenname ist leer; Jährliche Ausgaben „abc“ ist kein Betrag',
      ),
    ).toBeTruthy();
    expect(
      screen.getByText(/^Land: Land nicht erkannt; das Ersatzland des Jobs wird verwendet/),
    ).toBeTruthy();
  });
});
