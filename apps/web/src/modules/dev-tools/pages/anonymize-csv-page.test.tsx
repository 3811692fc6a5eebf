import type { AnonymizeCsvPreview, CurrentUserProfile } from '@b2b/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsTo, mockApi } from '../../../test/mock-api';
import { issuerProfile } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { signedInApi } from '../../../test/signed-in-api';

const developerProfile: CurrentUserProfile = {
  ...issuerProfile,
  displayName: 'Developer',
  username: 'developer@example.com',
  permissions: ['StandardLayoutNavbar_VIEW', 'DevArea_CRUD'],
};

const preview: AnonymizeCsvPreview = {
  delimiter: ',',
  columns: [
    { name: 'Supplier Name', suggested: 'name' },
    { name: 'Amount', suggested: 'amount' },
    { name: 'Invoice Date', suggested: 'keep' },
  ],
  sampleRows: [['ACME Ltd', '1234.56', '2026-03-01']],
};

const CSV = 'Supplier Name,Amount,Invoice Date\r\nACME Ltd,1234.56,2026-03-01\r\n';

afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(URL, 'createObjectURL');
  Reflect.deleteProperty(URL, 'revokeObjectURL');
});

const PREVIEW = 'POST /api/v1/dev/tools/anonymize-csv/preview';

async function chooseFile() {
  const user = userEvent.setup();
  const section = await screen.findByRole('region', { name: 'Anonymize a CSV' });
  await user.upload(
    within(section).getByLabelText(/CSV file/),
    new File([CSV], 'spend.csv', { type: 'text/csv' }),
  );
  return { user, section };
}

describe('AnonymizeCsvPage', () => {
  it('suggests a treatment per column, lets one be changed and downloads the result', async () => {
    const fetchMock = mockApi({
      ...signedInApi(developerProfile),
      [PREVIEW]: { body: preview },
      'POST /api/v1/dev/tools/anonymize-csv': { body: 'anonymized' },
    });
    // jsdom has no object URLs: the download is seen through them.
    const createObjectURL = vi.fn(() => 'blob:anonymized');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    renderApp('/dev/tools/anonymize-csv');
    const { user, section } = await chooseFile();

    const columns = await within(section).findByRole('table', { name: 'Columns' });
    expect(within(columns).getByText('ACME Ltd')).toBeTruthy();
    expect(
      within(columns).getByRole('combobox', { name: 'Treatment of Supplier Name' }),
    ).toHaveProperty('textContent', 'Name → pseudonym');
    expect(within(columns).getByRole('combobox', { name: 'Treatment of Amount' })).toHaveProperty(
      'textContent',
      'Amount ± up to 10 %',
    );
    const sent = callsTo(fetchMock, 'POST', '/api/v1/dev/tools/anonymize-csv/preview')[0]![1]!
      .body as FormData;
    expect((sent.get('file') as File).name).toBe('spend.csv');

    await user.click(within(columns).getByRole('combobox', { name: 'Treatment of Invoice Date' }));
    await user.click(await screen.findByRole('option', { name: 'Redact' }));
    await user.type(within(section).getByLabelText('Key'), 'team key');
    await user.click(within(section).getByRole('button', { name: 'Anonymize' }));

    expect(await within(section).findByText('Downloaded spend-anonymized.csv.')).toBeTruthy();
    expect(createObjectURL).toHaveBeenCalledTimes(1);
    const form = callsTo(fetchMock, 'POST', '/api/v1/dev/tools/anonymize-csv')[0]![1]!
      .body as FormData;
    expect(JSON.parse(String(form.get('treatments')))).toEqual({
      'Supplier Name': 'name',
      Amount: 'amount',
      'Invoice Date': 'text',
    });
    expect(form.get('key')).toBe('team key');
    expect((form.get('file') as File).name).toBe('spend.csv');
    // The fields come before the file: the server reads them first.
    expect([...form.keys()]).toEqual(['treatments', 'key', 'file']);
  });

  it('sends no key when the field is empty, and shows the server’s reason for a refusal', async () => {
    const fetchMock = mockApi({
      ...signedInApi(developerProfile),
      [PREVIEW]: { body: preview },
      'POST /api/v1/dev/tools/anonymize-csv': {
        status: 400,
        body: {
          success: false,
          statusCode: 400,
          message: 'treatments: the file has no column "Supplier"',
        },
      },
    });
    renderApp('/dev/tools/anonymize-csv');
    const { user, section } = await chooseFile();
    await within(section).findByRole('table', { name: 'Columns' });
    await user.click(within(section).getByRole('button', { name: 'Anonymize' }));
    expect(
      await within(section).findByText('treatments: the file has no column "Supplier"'),
    ).toBeTruthy();
    const form = callsTo(fetchMock, 'POST', '/api/v1/dev/tools/anonymize-csv')[0]![1]!
      .body as FormData;
    expect(form.has('key')).toBe(false);
  });

  it('shows why a file cannot be read', async () => {
    mockApi({
      ...signedInApi(developerProfile),
      [PREVIEW]: {
        status: 400,
        body: {
          success: false,
          statusCode: 400,
          message: 'file: not a CSV file (it holds binary data)',
        },
      },
    });
    renderApp('/dev/tools/anonymize-csv');
    const user = userEvent.setup();
    const section = await screen.findByRole('region', { name: 'Anonymize a CSV' });
    await user.upload(
      within(section).getByLabelText(/CSV file/),
      new File(['PK'], 'book.csv', { type: 'text/csv' }),
    );
    expect(
      await within(section).findByText('file: not a CSV file (it holds binary data)'),
    ).toBeTruthy();
    expect(within(section).getByRole('button', { name: 'Anonymize' })).toHaveProperty(
      'disabled',
      true,
    );
  });
});
