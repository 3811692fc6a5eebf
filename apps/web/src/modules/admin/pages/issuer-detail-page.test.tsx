import type { CurrentUserProfile } from '@b2b/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { issuerProfile } from '../../../test/fixtures';
import { callsTo, mockApi, type MockRoute } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';
import { signedInApi } from '../../../test/signed-in-api';
import { lockStatus, OTHER_EDITOR_ID } from '../../../test/entity-lock-api';

const admin: CurrentUserProfile = {
  ...issuerProfile,
  displayName: 'Sys Admin Demo',
  username: 'sysadmin@example.com',
  permissions: [
    'IssuerArea_VIEW',
    'IssuerArea_CRUD',
    'IssuerRead',
    'IssuerUpdate',
    'IssuerDelete',
    'Concurrency_Take_Entity_Lock',
    'Concurrency_Force_Entity_Lock',
    'ActiveUsers_VIEW',
  ],
};
const ID = '5f0c1d2e-3a4b-4c5d-8e6f-7a8b9c0d1e2f';
const OTHER = OTHER_EDITOR_ID;
const issuer = {
  id: ID,
  name: 'Northwind Bank',
  issuerKey: 'northwind',
  scheme: 'Visa',
  issuerCapabilities: [{ id: 'Stp', name: 'STP' }],
  language: 'en',
  issuerVirtualLockboxes: [],
  issuerKeyAliases: [],
  currency: 'GBP',
  fallbackCountryIso3: 'GBR',
  sendMagicLinks: false,
  brandingId: null,
  analysisDataDownloadDatapointProfileId: null,
  matchedDataOnlyDownloadDatapointProfileId: null,
  onboardingDataDownloadDatapointProfileId: null,
  issuerInputDataOptions: ['CsvFileUpload'],
  version: 3,
  issuerEmailDomains: ['northwind.example'],
  numberNonEmailDomainUsers: 2,
};

const sso = {
  issuerId: ID,
  settings: {
    issuerUrl: 'https://login.northwind.example',
    clientId: 'b2b-analytics',
    hasClientSecret: true,
    enabled: true,
    buttonLabel: 'Northwind ID',
    updatedAt: '2026-11-01T10:00:00.000Z',
  },
};

const supplierLists = {
  issuerId: ID,
  include: { entries: [], updatedOn: null },
  exclude: {
    entries: [
      {
        name: 'Acme Supplies Ltd',
        addedBy: 'tester@example.com',
        addedOn: '2026-11-01T10:00:00.000Z',
      },
    ],
    updatedOn: '2026-11-01T10:00:00.000Z',
  },
};

const PROFILES = [
  {
    id: '11111111-1111-4111-8111-111111111111',
    profileKey: 'full-analysis-download',
    name: 'Full analysis download',
    description: 'Every supplier datapoint',
    datapoints: ['supplierName', 'stpScore'],
  },
  {
    id: '22222222-2222-4222-8222-222222222222',
    profileKey: 'onboarding-download',
    name: 'Onboarding download',
    description: 'What onboarding needs',
    datapoints: ['supplierName'],
  },
];

function api(holder: { current: string | null }, extra: Record<string, MockRoute> = {}) {
  return mockApi({
    ...signedInApi(admin),
    [`GET /api/v1/issuers/${ID}/full`]: { body: issuer },
    [`GET /api/v1/issuers/${ID}/sso`]: { body: sso },
    [`GET /api/v1/issuers/${ID}/supplier-lists`]: { body: supplierLists },
    'GET /api/v1/issuers/getAllCapabilities': { body: [{ id: 'Stp', name: 'STP' }] },
    'GET /api/v1/issuers/getAllVirtualLockboxesAvailableToIssuers': { body: [] },
    'GET /api/v1/issuers/getAllIssuerLanguages': { body: [{ key: 'en', name: 'English' }] },
    'GET /api/v2/brandings/all': { body: [] },
    'GET /api/v1/datapoint-profiles': { body: PROFILES },
    'POST /api/v1/concurrency/try-set-entity-active-user': { body: true },
    'POST /api/v1/concurrency/try-set-exclusive-write-access': () => ({
      body: holder.current === admin.id,
    }),
    'POST /api/v1/concurrency/entity-status': () => ({ body: [lockStatus(holder.current)] }),
    'GET /api/v1/concurrency/active-entity-users': {
      body: [
        {
          userName: 'tester@example.com',
          scope: 'issuer',
          entityName: 'Northwind Bank',
          exclusiveWriteAccess: true,
        },
      ],
    },
    ...extra,
  });
}

describe('IssuerDetailPage', () => {
  it('is read only while someone else holds the lock, who is named; force takes it', async () => {
    const holder = { current: OTHER as string | null };
    const fetchMock = api(holder, {
      'POST /api/v1/concurrency/force-set-exclusive-write-access': () => {
        holder.current = admin.id;
        return { body: true };
      },
    });
    renderApp(`/admin/issuer-manager/${ID}`);
    expect(
      await screen.findByText(/Read only: Tess Tester \(tester@example.com\) is editing/),
    ).toBeTruthy();
    expect(screen.getByText('tester@example.com (editing)')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);

    await userEvent.setup().click(screen.getByRole('button', { name: 'Force' }));
    expect(await screen.findByText(/You have write access until/)).toBeTruthy();
    expect(
      callsTo(fetchMock, 'POST', '/api/v1/concurrency/force-set-exclusive-write-access'),
    ).toHaveLength(1);
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(
        false,
      ),
    );
  });

  it('says it is taking write access in the place the answer takes, then that it has it', async () => {
    const holder = { current: null as string | null };
    let answer: (() => void) | undefined;
    api(holder, {
      'POST /api/v1/concurrency/try-set-exclusive-write-access': () =>
        new Promise((resolve) => {
          answer = () => {
            holder.current = admin.id;
            resolve({ body: true });
          };
        }),
    });
    renderApp(`/admin/issuer-manager/${ID}`);
    const bar = await screen.findByTestId('entity-lock-bar');
    expect(await within(bar).findByText('Taking write access…')).toBeTruthy();
    // The viewers' line is there before its names, so they do not push the form down.
    expect(within(bar).getByTestId('entity-viewers')).toBeTruthy();
    await waitFor(() => expect(answer).toBeDefined());
    answer!();
    expect(await within(bar).findByText(/You have write access until/)).toBeTruthy();
    expect(within(bar).queryByText('Taking write access…')).toBeNull();
    expect(await within(bar).findByText('tester@example.com (editing)')).toBeTruthy();
  });

  it('saves with the version it read and shows a stale-version refusal', async () => {
    const holder = { current: admin.id as string | null };
    const fetchMock = api(holder, {
      'PUT /api/v1/issuers': {
        status: 409,
        body: {
          success: false,
          statusCode: 409,
          code: 'conflict',
          message: "Issuer 'Northwind Bank' was changed by someone else since you opened it",
        },
      },
    });
    renderApp(`/admin/issuer-manager/${ID}`);
    const user = userEvent.setup();
    const name = await screen.findByLabelText(/^Name/);
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(
        false,
      ),
    );
    await user.clear(name);
    await user.type(name, 'Northwind Renamed');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/changed by someone else since you opened it/)).toBeTruthy();
    const [, init] = callsTo(fetchMock, 'PUT', '/api/v1/issuers')[0]!;
    expect(JSON.parse(String(init!.body))).toMatchObject({
      id: ID,
      version: 3,
      name: 'Northwind Renamed',
    });
  });

  it('offers the datapoint profiles for the three downloads and saves the chosen ids', async () => {
    const holder = { current: admin.id as string | null };
    const fetchMock = api(holder, {
      [`GET /api/v1/issuers/${ID}/full`]: {
        body: { ...issuer, onboardingDataDownloadDatapointProfileId: PROFILES[1]!.id },
      },
      'PUT /api/v1/issuers': {
        body: { success: true, statusCode: 200, message: 'Issuer updated.', id: ID, version: 4 },
      },
    });
    renderApp(`/admin/issuer-manager/${ID}`);
    const user = userEvent.setup();
    const analysis = await screen.findByRole('combobox', {
      name: 'Analysis data download profile',
    });
    const onboarding = screen.getByRole('combobox', { name: 'Onboarding data download profile' });
    // The stored choice shows by name once the profiles are there.
    await waitFor(() => expect(onboarding.textContent).toBe('Onboarding download'));
    expect(
      screen.getByRole('combobox', { name: 'Matched data only download profile' }).textContent,
    ).toBe('None');
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(
        false,
      ),
    );
    await user.click(analysis);
    const listbox = await screen.findByRole('listbox');
    expect(
      within(listbox)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['None', 'Full analysis download', 'Onboarding download']);
    await user.click(within(listbox).getByRole('option', { name: 'Full analysis download' }));
    await waitFor(() => expect(analysis.textContent).toBe('Full analysis download'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo(fetchMock, 'PUT', '/api/v1/issuers')).toHaveLength(1));
    const [, init] = callsTo(fetchMock, 'PUT', '/api/v1/issuers')[0]!;
    expect(JSON.parse(String(init!.body))).toMatchObject({
      analysisDataDownloadDatapointProfileId: PROFILES[0]!.id,
      matchedDataOnlyDownloadDatapointProfileId: null,
      onboardingDataDownloadDatapointProfileId: PROFILES[1]!.id,
    });
  });

  it('shows the single sign-on settings and saves them keeping the stored secret', async () => {
    const holder = { current: admin.id as string | null };
    const fetchMock = api(holder, {
      [`PUT /api/v1/issuers/${ID}/sso`]: (request) => ({
        body: { issuerId: ID, settings: { ...sso.settings, ...(request.body as object) } },
      }),
    });
    renderApp(`/admin/issuer-manager/${ID}`);
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { name: 'Single sign-on' })).toBeTruthy();
    const url = await screen.findByLabelText('OpenID issuer URL');
    expect((url as HTMLInputElement).value).toBe('https://login.northwind.example');
    expect((screen.getByLabelText('Client secret') as HTMLInputElement).value).toBe('');
    expect(screen.getByText('A secret is stored. Leave empty to keep it.')).toBeTruthy();
    await user.clear(screen.getByLabelText('Client ID'));
    await user.type(screen.getByLabelText('Client ID'), 'new-client');
    await user.click(screen.getByRole('button', { name: 'Save single sign-on' }));
    expect(await screen.findByText('Single sign-on saved.')).toBeTruthy();
    const [, init] = callsTo(fetchMock, 'PUT', `/api/v1/issuers/${ID}/sso`)[0]!;
    expect(JSON.parse(String(init!.body))).toEqual({
      issuerUrl: 'https://login.northwind.example',
      clientId: 'new-client',
      enabled: true,
      buttonLabel: 'Northwind ID',
    });
  });

  it('deletes the single sign-on settings after asking, leaving an empty form', async () => {
    const holder = { current: admin.id as string | null };
    const fetchMock = api(holder, {
      [`DELETE /api/v1/issuers/${ID}/sso`]: { body: { issuerId: ID, settings: null } },
    });
    renderApp(`/admin/issuer-manager/${ID}`);
    const user = userEvent.setup();
    await screen.findByLabelText('OpenID issuer URL');
    await user.click(screen.getByRole('button', { name: 'Delete single sign-on' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete single sign-on?' });
    expect(within(dialog).getByText(/stored client secret are removed/)).toBeTruthy();
    expect(callsTo(fetchMock, 'DELETE', `/api/v1/issuers/${ID}/sso`)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('Single sign-on deleted.')).toBeTruthy();
    expect(callsTo(fetchMock, 'DELETE', `/api/v1/issuers/${ID}/sso`)).toHaveLength(1);
    await waitFor(() =>
      expect((screen.getByLabelText('OpenID issuer URL') as HTMLInputElement).value).toBe(''),
    );
    expect(screen.getByText('Required the first time.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Delete single sign-on' })).toBeNull();
  });

  it("shows the server's refusal beside the single sign-on field it names", async () => {
    const holder = { current: admin.id as string | null };
    const message = 'issuerUrl must use https (http only for a provider on this machine)';
    api(holder, {
      [`PUT /api/v1/issuers/${ID}/sso`]: {
        status: 400,
        body: {
          success: false,
          statusCode: 400,
          code: 'validation',
          message,
          errors: [{ field: 'body.issuerUrl', message }],
        },
      },
    });
    renderApp(`/admin/issuer-manager/${ID}`);
    const user = userEvent.setup();
    const url = await screen.findByLabelText('OpenID issuer URL');
    await user.clear(url);
    await user.type(url, 'http://login.northwind.example');
    await user.click(screen.getByRole('button', { name: 'Save single sign-on' }));
    expect(await screen.findByText(message)).toBeTruthy();
  });

  it('saves the exclude list one name a line and shows a name the server cannot compare', async () => {
    const holder = { current: admin.id as string | null };
    const message =
      "Supplier name '---' (line 2) has no Latin letters or digits to compare suppliers by.";
    let calls = 0;
    const fetchMock = api(holder, {
      [`PUT /api/v1/issuers/${ID}/supplier-lists/exclude`]: () => {
        calls += 1;
        return calls === 1
          ? {
              status: 400,
              body: {
                success: false,
                statusCode: 400,
                message,
                errors: [{ field: 'body.names[1]', message }],
              },
            }
          : {
              body: {
                ...supplierLists,
                exclude: {
                  entries: [
                    supplierLists.exclude.entries[0],
                    {
                      name: 'Globex',
                      addedBy: 'sysadmin@example.com',
                      addedOn: '2026-11-02T10:00:00.000Z',
                    },
                  ],
                  updatedOn: '2026-11-02T10:00:00.000Z',
                },
              },
            };
      },
    });
    renderApp(`/admin/issuer-manager/${ID}`);
    const user = userEvent.setup();
    const lists = await screen.findByRole('region', { name: 'Supplier lists' });
    const exclude = await within(lists).findByLabelText('Exclude list');
    expect((exclude as HTMLTextAreaElement).value).toBe('Acme Supplies Ltd');
    const save = within(lists).getByRole('button', { name: 'Save exclude list' });
    await waitFor(() => expect((save as HTMLButtonElement).disabled).toBe(false));
    await user.type(exclude, '{Enter}---');
    await user.click(save);
    expect(await within(lists).findByText(message)).toBeTruthy();

    await user.clear(exclude);
    await user.type(exclude, 'Acme Supplies Ltd{Enter}{Enter}Globex');
    await user.click(save);
    expect(await screen.findByText('Exclude list saved: 2 supplier(s).')).toBeTruthy();
    const [, init] = callsTo(fetchMock, 'PUT', `/api/v1/issuers/${ID}/supplier-lists/exclude`)[1]!;
    expect(JSON.parse(String(init!.body))).toEqual({ names: ['Acme Supplies Ltd', 'Globex'] });
  });
});
