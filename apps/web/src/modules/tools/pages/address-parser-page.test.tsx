import type { AddressFileRun, ParsedAddress, ParsedAddressFile } from '@b2b/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsTo, mockApi } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';
import { signedInApi } from '../../../test/signed-in-api';
import { FakeUpload, toolsProfile } from '../test/tools-fixtures';

const none = {
  building: null,
  street: null,
  locality: null,
  city: null,
  region: null,
  postcode: null,
  country: null,
};
const parsed: ParsedAddress = {
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
};
const fileAnswer: ParsedAddressFile = {
  fileName: 'suppliers.csv',
  column: 'Address',
  rows: [
    { ...parsed, line: 2 },
    {
      line: 3,
      address: 'Kerkstraat 12, 1017 GC Amsterdam',
      components: {
        ...none,
        street: 'Kerkstraat 12',
        city: 'Amsterdam',
        postcode: '1017 GC',
        country: 'NL',
      },
      countrySource: 'postcode',
      parser: 'rules',
      model: null,
      fallbackReason: null,
    },
  ],
  csv: 'line,address\r\n2,x\r\n',
  run: null,
};

afterEach(() => {
  vi.unstubAllGlobals();
  FakeUpload.sent = [];
});

describe('AddressParserPage', () => {
  it('parses one address and shows its components and who parsed it', async () => {
    const fetchMock = mockApi({
      ...signedInApi(toolsProfile),
      'POST /api/v1/tools/addresses/parse': { body: parsed },
    });
    renderApp('/tools/ai-address-parser');
    const user = userEvent.setup();
    const section = await screen.findByRole('region', { name: 'Parse an address' });
    await user.type(within(section).getByLabelText('Address'), parsed.address);
    await user.click(within(section).getByRole('button', { name: 'Parse' }));
    expect(await within(section).findByText('Parsed by the offline rules.')).toBeTruthy();
    const facts = within(section).getByLabelText('Address components');
    expect(within(facts).getByText('12 High St')).toBeTruthy();
    expect(within(facts).getByText('LS6 3AB')).toBeTruthy();
    const body = callsTo(fetchMock, 'POST', '/api/v1/tools/addresses/parse')[0]![1]!.body;
    expect(JSON.parse(String(body))).toEqual({ address: parsed.address });
  });

  it('says when the model failed and the rules answered', async () => {
    mockApi({
      ...signedInApi(toolsProfile),
      'POST /api/v1/tools/addresses/parse': {
        body: { ...parsed, model: 'gpt-x', fallbackReason: 'The model endpoint answered HTTP 500' },
      },
    });
    renderApp('/tools/ai-address-parser');
    const user = userEvent.setup();
    const section = await screen.findByRole('region', { name: 'Parse an address' });
    await user.type(within(section).getByLabelText('Address'), 'x y');
    await user.click(within(section).getByRole('button', { name: 'Parse' }));
    expect(
      await within(section).findByText(
        'The model (gpt-x) failed: The model endpoint answered HTTP 500. Parsed by the offline rules.',
      ),
    ).toBeTruthy();
  });

  it('uploads a file with its column and shows each row', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeUpload);
    FakeUpload.answer = { status: 200, body: fileAnswer };
    mockApi(signedInApi(toolsProfile));
    renderApp('/tools/ai-address-parser');
    const user = userEvent.setup();
    const section = await screen.findByRole('region', { name: 'Parse a file' });
    await user.upload(
      within(section).getByLabelText(/Address file/),
      new File(['Address\n"12 High St"\n'], 'suppliers.csv', { type: 'text/csv' }),
    );
    await user.type(within(section).getByLabelText('Address column'), 'Address');
    await user.click(within(section).getByRole('button', { name: 'Parse file' }));
    expect(
      await within(section).findByText('2 addresses parsed from suppliers.csv (column Address)'),
    ).toBeTruthy();
    const grid = within(section).getByRole('grid', { name: 'Parsed addresses' });
    expect(within(grid).getByText('Kerkstraat 12')).toBeTruthy();
    expect(within(grid).getByText('1017 GC')).toBeTruthy();
    expect(within(section).getByRole('button', { name: 'Download results (CSV)' })).toBeTruthy();
    expect(FakeUpload.sent[0]!.url).toBe('/api/v1/tools/addresses/parse-file?column=Address');
    expect((FakeUpload.sent[0]!.form.get('file') as File).name).toBe('suppliers.csv');
  });

  it('follows a file over 10,000 addresses in the background to its result link', async () => {
    const queued: AddressFileRun = {
      id: '6f1c7f0e-8a43-4b8e-9d1a-2b7d2f4c9a11',
      operation: 'parse',
      fileName: 'all-suppliers.csv',
      state: 'Queued',
      progress: 0,
      rowCount: 0,
      validCount: null,
      invalidCount: null,
      errorMessage: null,
      resultFileName: null,
      createdAt: '2026-11-28T10:00:00.000Z',
      finishedAt: null,
    };
    vi.stubGlobal('XMLHttpRequest', FakeUpload);
    FakeUpload.answer = {
      status: 200,
      body: { fileName: 'all-suppliers.csv', column: null, rows: [], csv: '', run: queued },
    };
    mockApi({
      ...signedInApi(toolsProfile),
      [`GET /api/v1/tools/addresses/file-runs/${queued.id}`]: {
        body: {
          ...queued,
          state: 'Ready',
          progress: 100,
          rowCount: 120_000,
          resultFileName: 'all-suppliers-parsed.csv',
          finishedAt: '2026-11-28T10:00:09.000Z',
        },
      },
    });
    renderApp('/tools/ai-address-parser');
    const user = userEvent.setup();
    const section = await screen.findByRole('region', { name: 'Parse a file' });
    await user.upload(
      within(section).getByLabelText(/Address file/),
      new File(['12 High St\n'], 'all-suppliers.csv', { type: 'text/csv' }),
    );
    await user.click(within(section).getByRole('button', { name: 'Parse file' }));
    expect(
      await within(section).findByText('120,000 addresses parsed from all-suppliers.csv.'),
    ).toBeTruthy();
    const link = within(section).getByRole('link', { name: 'Download results (CSV)' });
    expect(link.getAttribute('href')).toBe(`/api/v1/tools/addresses/file-runs/${queued.id}/file`);
    expect(within(section).queryByRole('grid')).toBeNull();
  });

  it('shows the server’s reason for refusing a file', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeUpload);
    FakeUpload.answer = {
      status: 400,
      body: {
        success: false,
        statusCode: 400,
        message: 'column: the file has no column "Adress"; its columns are "Address"',
      },
    };
    mockApi(signedInApi(toolsProfile));
    renderApp('/tools/ai-address-parser');
    const user = userEvent.setup();
    const section = await screen.findByRole('region', { name: 'Parse a file' });
    await user.upload(
      within(section).getByLabelText(/Address file/),
      new File(['Address\n'], 'a.csv', { type: 'text/csv' }),
    );
    await user.type(within(section).getByLabelText('Address column'), 'Adress');
    await user.click(within(section).getByRole('button', { name: 'Parse file' }));
    expect(
      await within(section).findByText(
        'column: the file has no column "Adress"; its columns are "Address"',
      ),
    ).toBeTruthy();
  });
});
