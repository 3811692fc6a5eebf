import { MESSAGES, type CurrentUserProfile, type MagicLink } from '@b2b/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { defaultBranding, issuerProfile } from '../../../test/fixtures';
import { callsTo, mockApi } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';
import { signedInApi } from '../../../test/signed-in-api';

const admin: CurrentUserProfile = {
  ...issuerProfile,
  username: 'sysadmin@example.com',
  permissions: ['Analysis_Admin_Area_VIEW', 'MagicLinks_CRUD'],
};
const LINK_ID = '00000000-0000-4000-8000-00000000a001';
const JOB_ID = '00000000-0000-4000-8000-00000000d001';
const ISSUER_ID = '00000000-0000-4000-8000-00000000b001';
const TOKEN = 'A'.repeat(43);
const URL_WITH_TOKEN = `https://paytech.example/upload-link/${TOKEN}`;

const link: MagicLink = {
  id: LINK_ID,
  kind: 'Upload',
  jobId: JOB_ID,
  jobName: 'Spring suppliers',
  issuerId: ISSUER_ID,
  issuerName: 'PayTech Bank',
  recipientEmail: 'ap@supplier.example',
  createdByUsername: 'sysadmin@example.com',
  createdAt: '2026-11-20T08:00:00.000Z',
  expiresAt: '2026-11-27T08:00:00.000Z',
  usedAt: null,
  revokedAt: null,
  status: 'Active',
};

describe('magic links screen', () => {
  it('lists the links, filters by status and revokes one after a confirmation', async () => {
    const user = userEvent.setup();
    const fetchMock = mockApi({
      ...signedInApi(admin),
      'GET /api/v1/magic-links': ({ query }) => ({
        body: query.get('status') === 'Used' ? [] : [link],
      }),
      'GET /api/v1/magic-links/upload-jobs': { body: [] },
      [`POST /api/v1/magic-links/${LINK_ID}/revoke`]: {
        body: { ...link, status: 'Revoked', revokedAt: '2026-11-21T08:00:00.000Z' },
      },
    });
    // Opened from a job page whose job cannot get a link: says why.
    renderApp(`/admin/analysis-admin/magic-links?jobId=${JOB_ID}`);
    expect(await screen.findByText(/That job cannot get this link/)).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Magic links' });
    const row = within(table).getByRole('row', { name: /Spring suppliers/ });
    expect(within(row).getByText('ap@supplier.example')).toBeTruthy();
    expect(within(row).getByText('Active')).toBeTruthy();

    await user.click(within(row).getByRole('button', { name: 'Revoke' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke this link?' });
    await user.click(within(dialog).getByRole('button', { name: MESSAGES.dialogYes }));
    await waitFor(() =>
      expect(callsTo(fetchMock, 'POST', `/api/v1/magic-links/${LINK_ID}/revoke`)).toHaveLength(1),
    );

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Used' }));
    expect(await screen.findByText('No magic links.')).toBeTruthy();
  });

  it('creates an upload link for the Draft job its job page named, and shows its address once', async () => {
    const user = userEvent.setup();
    const fetchMock = mockApi({
      ...signedInApi(admin),
      'GET /api/v1/magic-links': { body: [] },
      'GET /api/v1/magic-links/upload-jobs': {
        body: [{ id: JOB_ID, name: 'Spring suppliers', issuerName: 'PayTech Bank' }],
      },
      'POST /api/v1/magic-links': {
        status: 201,
        body: { magicLink: link, url: URL_WITH_TOKEN, emailed: true },
      },
    });
    renderApp('/admin/analysis-admin/magic-links');
    await user.click(await screen.findByRole('combobox', { name: 'Job' }));
    await user.click(
      await screen.findByRole('option', { name: 'Spring suppliers (PayTech Bank)' }),
    );
    await user.type(screen.getByLabelText('Recipient e-mail (optional)'), 'ap@supplier.example');
    await user.click(screen.getByRole('button', { name: 'Create upload link' }));
    expect(((await screen.findByLabelText('Upload link')) as HTMLInputElement).value).toBe(
      URL_WITH_TOKEN,
    );
    expect(screen.getByText(/e-mailed to ap@supplier.example/)).toBeTruthy();
    const [, init] = callsTo(fetchMock, 'POST', '/api/v1/magic-links')[0]!;
    expect(JSON.parse(String(init!.body))).toEqual({
      kind: 'Upload',
      jobId: JOB_ID,
      expiresInDays: 7,
      recipientEmail: 'ap@supplier.example',
    });
  });

  it('makes a results link of a published job only with its recipient (MagicLinkUser)', async () => {
    const user = userEvent.setup();
    const fetchMock = mockApi({
      ...signedInApi(admin),
      'GET /api/v1/magic-links': { body: [] },
      'GET /api/v1/magic-links/upload-jobs': ({ query }) => ({
        body:
          query.get('kind') === 'Results'
            ? [{ id: JOB_ID, name: 'Published suppliers', issuerName: 'PayTech Bank' }]
            : [],
      }),
      'POST /api/v1/magic-links': {
        status: 201,
        body: {
          magicLink: { ...link, kind: 'Results', recipientEmail: 'reader@partner.example' },
          url: `https://paytech.example/results-link/${TOKEN}`,
          emailed: true,
        },
      },
    });
    renderApp('/admin/analysis-admin/magic-links');
    await user.click(await screen.findByRole('combobox', { name: 'The link lets its holder' }));
    await user.click(await screen.findByRole('option', { name: 'Read a job’s results' }));
    await user.click(await screen.findByRole('combobox', { name: 'Job' }));
    await user.click(
      await screen.findByRole('option', { name: 'Published suppliers (PayTech Bank)' }),
    );
    const create = screen.getByRole('button', { name: 'Create results link' });
    // A results link is for one person: no address, no link.
    expect((create as HTMLButtonElement).disabled).toBe(true);
    await user.type(screen.getByLabelText(/Recipient e-mail/), 'reader@partner.example');
    await user.click(create);
    expect(((await screen.findByLabelText('Results link')) as HTMLInputElement).value).toBe(
      `https://paytech.example/results-link/${TOKEN}`,
    );
    const [, init] = callsTo(fetchMock, 'POST', '/api/v1/magic-links')[0]!;
    expect(JSON.parse(String(init!.body))).toEqual({
      kind: 'Results',
      jobId: JOB_ID,
      expiresInDays: 7,
      recipientEmail: 'reader@partner.example',
    });
  });
});

/** Answers the multipart upload (XMLHttpRequest) like the server; records what was sent. */
class FakeUpload {
  static answer: { status: number; body: unknown } = { status: 201, body: {} };
  static sent: string[] = [];
  upload = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  status = 0;
  responseText = '';
  private url = '';
  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader() {}
  send() {
    FakeUpload.sent.push(this.url);
    setTimeout(() => {
      this.status = FakeUpload.answer.status;
      this.responseText = JSON.stringify(FakeUpload.answer.body);
      this.onload?.();
    }, 5);
  }
}

describe('the public upload link page', () => {
  const publicPath = `/api/v1/upload-link/${TOKEN}`;
  afterEach(() => vi.unstubAllGlobals());

  it('shows the job and the accepted formats, signed out, and takes the file', async () => {
    const user = userEvent.setup();
    mockApi({
      'GET /api/v2/brandings/by-domain': { body: defaultBranding },
      [`GET ${publicPath}`]: {
        body: {
          issuerName: 'PayTech Bank',
          branding: null,
          jobName: 'Spring suppliers',
          jobType: 'base',
          roles: ['Suppliers'],
          acceptedFormats: ['.csv', '.txt', '.xlsx'],
          maxUploadBytes: 1024 * 1024,
          expiresAt: '2026-12-01T08:00:00.000Z',
        },
      },
    });
    FakeUpload.answer = {
      status: 201,
      body: { fileName: 'ap.csv', message: MESSAGES.uploadLinkDone },
    };
    vi.stubGlobal('XMLHttpRequest', FakeUpload);
    renderApp(`/upload-link/${TOKEN}`);
    expect(
      await screen.findByRole('heading', { name: 'Upload your file for Spring suppliers' }),
    ).toBeTruthy();
    expect(screen.getByText(/PayTech Bank asks you to upload/)).toBeTruthy();
    expect(screen.getByText('.csv, .txt, .xlsx; at most 1.0 MB.')).toBeTruthy();
    await user.upload(
      screen.getByLabelText('Your file', { selector: 'input' }),
      new File(['Supplier Name\nAcme\n'], 'ap.csv', { type: 'text/csv' }),
    );
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByRole('heading', { name: 'File received' })).toBeTruthy();
    expect(FakeUpload.sent.at(-1)).toContain(`${publicPath}/file`);
  });

  it('says a dead link can no longer be used and shows nothing else', async () => {
    mockApi({
      'GET /api/v2/brandings/by-domain': { body: defaultBranding },
      [`GET ${publicPath}`]: {
        status: 410,
        body: {
          success: false,
          message: MESSAGES.magicLinkGone,
          statusCode: 410,
          code: 'magic-link-gone',
        },
      },
    });
    renderApp(`/upload-link/${TOKEN}`);
    expect(
      await screen.findByRole('heading', { name: 'This link can no longer be used' }),
    ).toBeTruthy();
    expect(screen.getByText(MESSAGES.magicLinkGone)).toBeTruthy();
    expect(screen.queryByText(/Spring suppliers|PayTech/)).toBeNull();
  });
});
