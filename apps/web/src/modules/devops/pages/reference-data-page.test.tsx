import type { CurrentUserProfile, ReferenceUpload, ReferenceVersionInfo } from '@b2b/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsTo, mockApi } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';
import { signedInApi } from '../../../test/signed-in-api';
import { developerProfile } from '../test/devops-fixtures';

const profile: CurrentUserProfile = {
  ...developerProfile,
  permissions: [...developerProfile.permissions, 'ReferenceData_IMPORT'],
};
const COMMAND_ID = '00000000-0000-4000-8000-00000000c0de';
const UPLOAD_ID = '00000000-0000-4000-8000-0000000000f1';

function version(overrides: Partial<ReferenceVersionInfo>): ReferenceVersionInfo {
  return {
    versionId: '20250630T120000Z-aaaaaaaaaaaa',
    createdAt: '2025-06-30T12:00:00.000Z',
    source: 'generated',
    description: 'Synthetic card acceptance data: 50000 merchants, seed demo',
    merchantCount: 50000,
    countries: ['DEU', 'GBR'],
    fileName: null,
    rejectedCount: null,
    isNewest: false,
    jobCount: 7,
    ...overrides,
  };
}

const upload: ReferenceUpload = {
  uploadId: UPLOAD_ID,
  fileName: 'network.csv',
  sizeBytes: 120,
  kind: 'csv',
  headers: ['Card Acceptor ID', 'Legal Name', 'Country Code'],
  previewRows: [['M1', 'Acme Widgets Ltd', 'GB']],
  suggestedMapping: { merchant_id: 0, merchant_name: 1 },
};

/** Answers uploads like the server: a progress event, then the answer. */
class FakeUpload {
  static answer: { status: number; body: unknown } = { status: 201, body: upload };
  static sent: { url: string; form: FormData }[] = [];
  upload: { onprogress: ((e: ProgressEventInit) => void) | null } = { onprogress: null };
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
  FakeUpload.answer = { status: 201, body: upload };
});

async function chooseAndUpload() {
  const user = userEvent.setup();
  const input = await screen.findByLabelText('Reference data file (CSV or XLSX)', {
    selector: 'input',
  });
  fireEvent.change(input, { target: { files: [new File(['a;b'], 'network.csv')] } });
  await user.click(screen.getByRole('button', { name: 'Upload' }));
  return user;
}

describe('ReferenceDataPage', () => {
  it('lists the versions, the newest marked as used by new jobs', async () => {
    mockApi({
      ...signedInApi(profile),
      'GET /api/v1/proq/queued-commands-quick-view': { body: [] },
      'GET /api/v1/reference-data/versions': {
        body: [
          version({
            versionId: '20250701T080000Z-bbbbbbbbbbbb',
            isNewest: true,
            jobCount: 0,
            source: 'imported',
            rejectedCount: 12,
          }),
          version({}),
        ],
      },
    });
    renderApp('/devops/reference-data');
    const grid = await screen.findByRole('grid', { name: 'Reference data versions' });
    const newest = (await within(grid).findByText('20250701T080000Z-bbbbbbbbbbbb')).closest(
      '[role="row"]',
    ) as HTMLElement;
    expect(within(newest).getByText('Used by new jobs')).toBeTruthy();
    const older = within(grid).getByText('20250630T120000Z-aaaaaaaaaaaa').closest('[role="row"]');
    expect(within(older as HTMLElement).queryByText('Used by new jobs')).toBeNull();
    expect(within(older as HTMLElement).getByText('DEU, GBR')).toBeTruthy();
    // An import's rejected rows download from their count; a generated version has none.
    const download = within(newest).getByRole('link', {
      name: 'Download the 12 rejected rows of 20250701T080000Z-bbbbbbbbbbbb',
    });
    expect(download.getAttribute('href')).toBe(
      '/api/v1/reference-data/versions/20250701T080000Z-bbbbbbbbbbbb/rejected.csv',
    );
    expect(within(older as HTMLElement).queryByRole('link')).toBeNull();
  });

  it('uploads, maps from the suggestion, imports and follows the import until done', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeUpload);
    let polls = 0;
    const fetchMock = mockApi({
      ...signedInApi(profile),
      'GET /api/v1/proq/queued-commands-quick-view': { body: [] },
      'GET /api/v1/reference-data/versions': { body: [version({ isNewest: true })] },
      'POST /api/v1/reference-data/imports': { status: 201, body: { commandId: COMMAND_ID } },
      [`GET /api/v1/reference-data/imports/${COMMAND_ID}`]: () => {
        polls++;
        const done = polls > 1;
        return {
          body: {
            commandId: COMMAND_ID,
            state: done ? 'Completed' : 'InProgress',
            progress: done ? 100 : 65,
            message: done ? 'Version V2: 1 merchants imported' : 'Building the match index',
            versionId: done ? '20250701T080000Z-cccccccccccc' : null,
            rowCount: done ? 2 : null,
            rejectedCount: done ? 1 : null,
            rejected: done ? [{ rowNumber: 3, reason: 'Merchant name is blank' }] : [],
          },
        };
      },
    });
    renderApp('/devops/reference-data');
    const user = await chooseAndUpload();

    const mapping = await screen.findByRole('region', { name: 'Column mapping' });
    expect(FakeUpload.sent[0]!.url).toBe('/api/v1/reference-data/uploads');
    expect(within(mapping).getByRole('combobox', { name: /Merchant name/ }).textContent).toBe(
      'Legal Name',
    );
    expect(within(mapping).getByRole('cell', { name: 'Acme Widgets Ltd' })).toBeTruthy();
    // No country column is suggested: a default country is needed before starting.
    const startButton = within(mapping).getByRole('button', { name: 'Start import' });
    expect(startButton.hasAttribute('disabled')).toBe(true);
    await user.click(within(mapping).getByRole('combobox', { name: 'Country' }));
    await user.click(await screen.findByRole('option', { name: 'Country Code' }));
    await user.click(startButton);

    expect(await screen.findByText('Building the match index')).toBeTruthy();
    expect(
      await screen.findByText(
        /Imported version 20250701T080000Z-cccccccccccc/,
        {},
        { timeout: 5000 },
      ),
    ).toBeTruthy();
    expect(screen.getByText('Row 3: Merchant name is blank')).toBeTruthy();
    expect(
      screen.getByRole('link', { name: 'Download all rejected rows (CSV)' }).getAttribute('href'),
    ).toBe('/api/v1/reference-data/versions/20250701T080000Z-cccccccccccc/rejected.csv');
    const [started] = callsTo(fetchMock, 'POST', '/api/v1/reference-data/imports');
    expect(JSON.parse(String(started![1]!.body))).toEqual({
      uploadId: UPLOAD_ID,
      mapping: { merchant_id: 0, merchant_name: 1, country: 2 },
    });
    // The versions table is read again once the import finished.
    await vi.waitFor(() =>
      expect(callsTo(fetchMock, 'GET', '/api/v1/reference-data/versions').length).toBe(2),
    );
  });

  it("shows the server's reason for a refused file", async () => {
    vi.stubGlobal('XMLHttpRequest', FakeUpload);
    FakeUpload.answer = {
      status: 400,
      body: {
        success: false,
        statusCode: 400,
        message: '"network.pdf" is not a supported file type',
      },
    };
    mockApi({
      ...signedInApi(profile),
      'GET /api/v1/proq/queued-commands-quick-view': { body: [] },
      'GET /api/v1/reference-data/versions': { body: [] },
    });
    renderApp('/devops/reference-data');
    await chooseAndUpload();
    expect(await screen.findByText('"network.pdf" is not a supported file type')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Column mapping' })).toBeNull();
  });
});
