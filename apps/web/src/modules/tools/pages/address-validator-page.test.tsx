import type { AddressValidation } from '@b2b/contract';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { applyLanguage } from '../../../lib/i18n';
import { callsTo, mockApi } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';
import { signedInApi } from '../../../test/signed-in-api';
import { FakeUpload, toolsProfile } from '../test/tools-fixtures';

const components = {
  building: null,
  street: 'PO Box 12',
  locality: null,
  city: 'Leeds',
  region: null,
  postcode: 'QQ6 3AB',
  country: 'GB',
};
const checked: AddressValidation = {
  address: 'PO Box 12, Leeds, QQ6 3AB',
  country: 'GB',
  valid: false,
  components,
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
};

afterEach(async () => {
  vi.unstubAllGlobals();
  FakeUpload.sent = [];
  // The UI's language is the app's one: put English back for the next test.
  await act(() => applyLanguage({ language: 'en', strings: {} }));
  window.localStorage.clear();
});

describe('AddressValidatorPage', () => {
  it('checks one address and lists each problem with its reason', async () => {
    const fetchMock = mockApi({
      ...signedInApi(toolsProfile),
      'POST /api/v1/tools/addresses/validate': { body: checked },
    });
    renderApp('/tools/address-validator');
    const user = userEvent.setup();
    const section = await screen.findByRole('region', { name: 'Check an address' });
    await user.type(within(section).getByLabelText('Address'), checked.address);
    await user.type(within(section).getByLabelText('Country code'), 'GB');
    await user.click(within(section).getByRole('button', { name: 'Check' }));
    const result = await within(section).findByRole('status', { name: 'Check result' });
    expect(within(result).getByText('Invalid')).toBeTruthy();
    expect(within(result).getByText('"QQ6 3AB": QQ is not a UK postcode area.')).toBeTruthy();
    expect(within(result).getByText('Error · postcode')).toBeTruthy();
    expect(within(result).getByText('Warning · street')).toBeTruthy();
    const body = callsTo(fetchMock, 'POST', '/api/v1/tools/addresses/validate')[0]![1]!.body;
    expect(JSON.parse(String(body))).toEqual({ address: checked.address, country: 'GB' });
  });

  it('says each problem in the user’s language', async () => {
    const strings = {
      Check: 'Prüfen',
      '"{{postcode}}": {{area}} is not a UK postcode area.':
        '„{{postcode}}“: {{area}} ist kein britisches Postleitzahlgebiet.',
    };
    mockApi({
      ...signedInApi(toolsProfile),
      'GET /api/v1/users/user-language': {
        body: { chosen: 'de', issuerLanguage: 'en', effective: 'de' },
      },
      'GET /api/v1/translations/bundles/de': { body: { language: 'de', version: '1', strings } },
      'POST /api/v1/tools/addresses/validate': { body: checked },
    });
    renderApp('/tools/address-validator');
    const user = userEvent.setup();
    const section = await screen.findByRole('region', { name: 'Check an address' });
    await user.type(within(section).getByLabelText('Address'), checked.address);
    await user.click(await within(section).findByRole('button', { name: 'Prüfen' }));
    const result = await within(section).findByRole('status', { name: 'Check result' });
    expect(
      within(result).getByText('„QQ6 3AB“: QQ ist kein britisches Postleitzahlgebiet.'),
    ).toBeTruthy();
  });

  it('checks a file with a country column and shows the counts and each row', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeUpload);
    FakeUpload.answer = {
      status: 200,
      body: {
        fileName: 'addresses.csv',
        column: 'address',
        validCount: 0,
        invalidCount: 1,
        rows: [{ ...checked, line: 2 }],
        csv: 'line\r\n2\r\n',
        run: null,
      },
    };
    mockApi(signedInApi(toolsProfile));
    renderApp('/tools/address-validator');
    const user = userEvent.setup();
    const section = await screen.findByRole('region', { name: 'Check a file' });
    await user.upload(
      within(section).getByLabelText(/Address file/),
      new File(['address,country\n'], 'addresses.csv', { type: 'text/csv' }),
    );
    await user.type(within(section).getByLabelText('Address column'), 'address');
    await user.type(within(section).getByLabelText('Country column'), 'country');
    await user.click(within(section).getByRole('button', { name: 'Check file' }));
    expect(await within(section).findByText('0 valid, 1 invalid in addresses.csv')).toBeTruthy();
    const grid = within(section).getByRole('grid', { name: 'Checked addresses' });
    expect(within(grid).getByText('Invalid')).toBeTruthy();
    expect(FakeUpload.sent[0]!.url).toBe(
      '/api/v1/tools/addresses/validate-file?column=address&countryColumn=country',
    );
  });
});
