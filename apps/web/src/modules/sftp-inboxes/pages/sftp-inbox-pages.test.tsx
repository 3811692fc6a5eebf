import type { CurrentUserProfile, SftpInbox, SftpInboxDetail } from '@b2b/contract';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { applyLanguage } from '../../../lib/i18n';
import { callsTo, mockApi } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';
import { signedInApi } from '../../../test/signed-in-api';
import { issuerProfile } from '../../../test/fixtures';

const ID = '00000000-0000-4000-8000-00000000a001';
const ISSUER_ID = '00000000-0000-4000-8000-00000000b001';
const BUYER_ID = '00000000-0000-4000-8000-00000000c001';
const JOB_ID = '00000000-0000-4000-8000-00000000d001';
const FINGERPRINT = `SHA256:${'k'.repeat(43)}`;

const sysAdmin: CurrentUserProfile = {
  ...issuerProfile,
  username: 'sysadmin@example.com',
  permissions: ['StandardLayoutNavbar_VIEW', 'DevOps_Area_VIEW'],
};

const issuers = [
  {
    id: ISSUER_ID,
    name: 'PayTech Bank',
    currency: 'GBP',
    fallbackCountryIso3: 'GBR',
    inputDataOptions: ['CsvFileUpload'],
    buyers: [{ id: BUYER_ID, name: 'Acme Buyer', countryIso3: 'GBR' }],
  },
];

const inbox: SftpInbox = {
  id: ID,
  name: 'Acme drop',
  issuerId: ISSUER_ID,
  issuerName: 'PayTech Bank',
  buyerId: BUYER_ID,
  buyerName: 'Acme Buyer',
  host: 'sftp.acme.example',
  port: 22,
  username: 'paytech',
  authMethod: 'password',
  hostKeyFingerprint: FINGERPRINT,
  remoteFolder: '/outgoing',
  filePattern: '*.csv',
  jobType: 'base',
  mapping: null,
  dateOrder: 'DMY',
  schedule: { kind: 'minutes', minutes: 15 },
  enabled: true,
  status: 'HostKeyChanged',
  lastPolledAt: '2026-11-27T08:00:00.000Z',
  lastError: "The server's host key has changed: expected A, the server offered B.",
  lastErrorAt: '2026-11-27T08:00:00.000Z',
  createdAt: '2026-11-26T08:00:00.000Z',
  updatedAt: '2026-11-26T08:00:00.000Z',
};

const detail: SftpInboxDetail = {
  inbox,
  files: [
    {
      id: '00000000-0000-4000-8000-00000000e001',
      remotePath: '/outgoing/june.csv',
      sizeBytes: 2048,
      remoteModifiedAt: '2026-11-26T07:00:00.000Z',
      state: 'moved',
      jobId: JOB_ID,
      error: null,
      claimedAt: '2026-11-26T07:01:00.000Z',
      updatedAt: '2026-11-26T07:01:05.000Z',
    },
  ],
};

// The UI's language is the app's one: put English back for the next test.
afterEach(async () => {
  await act(() => applyLanguage({ language: 'en', strings: {} }));
  window.localStorage.clear();
});

/** The server's answer to "Test connection" when the host refuses the connection. */
const refusedConnectionTest = {
  [`POST /api/v1/devops/sftp-inboxes/${ID}/test-connection`]: {
    body: {
      ok: false,
      message: 'Connection to sftp.acme.example:22 was refused (ECONNREFUSED).',
      offeredFingerprint: null,
      matchingFiles: [],
      millis: 12,
    },
  },
};

describe('SFTP inbox pages', () => {
  it('lists the inboxes with their status and last error', async () => {
    mockApi({
      ...signedInApi(sysAdmin),
      'GET /api/v1/devops/sftp-inboxes': { body: { items: [inbox] } },
    });
    renderApp('/devops/sftp-configuration');
    const table = await screen.findByRole('table', { name: 'SFTP inboxes' });
    expect(within(table).getByRole('link', { name: 'Acme drop' })).toBeTruthy();
    expect(within(table).getByText('Stopped: host key changed')).toBeTruthy();
    expect(within(table).getByText(inbox.lastError!)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'New SFTP inbox' })).toBeTruthy();
  });

  it('shows the last error and the files with their jobs, and tests the connection', async () => {
    mockApi({
      ...signedInApi(sysAdmin),
      [`GET /api/v1/devops/sftp-inboxes/${ID}`]: { body: detail },
      'GET /api/v1/job-artifacts/wizard/issuers': { body: issuers },
      ...refusedConnectionTest,
    });
    renderApp(`/devops/sftp-configuration/${ID}`);
    expect(
      await screen.findByText(/Last error .*: The server's host key has changed/),
    ).toBeTruthy();
    const files = screen.getByRole('table', { name: 'Recent files' });
    expect(within(files).getByText('Job submitted, moved to processed/')).toBeTruthy();
    expect(within(files).getByRole('link', { name: 'Open the job' }).getAttribute('href')).toBe(
      `/jobs/${JOB_ID}/details`,
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'Test connection' }));
    expect(
      await screen.findByText(
        'Connection to sftp.acme.example:22 was refused (ECONNREFUSED). (12 ms)',
      ),
    ).toBeTruthy();
  });

  it('says the connection test and the last error in the UI’s language', async () => {
    const strings = {
      'Test connection': 'Verbindung testen',
      'Connection to {{where}} was refused (ECONNREFUSED).':
        'Die Verbindung zu {{where}} wurde abgelehnt (ECONNREFUSED).',
      "The server's host key has changed: expected {{expected}}, the server offered {{offered}}.":
        'Der Host-Schlüssel des Servers hat sich geändert: erwartet {{expected}}, der Server bot {{offered}}.',
    };
    mockApi({
      ...signedInApi(sysAdmin),
      [`GET /api/v1/devops/sftp-inboxes/${ID}`]: { body: detail },
      'GET /api/v1/job-artifacts/wizard/issuers': { body: issuers },
      // The user chose German: the shell loads its bundle.
      'GET /api/v1/users/user-language': {
        body: { chosen: 'de', issuerLanguage: 'en', effective: 'de' },
      },
      'GET /api/v1/translations/bundles/de': { body: { language: 'de', version: '1', strings } },
      ...refusedConnectionTest,
    });
    renderApp(`/devops/sftp-configuration/${ID}`);
    expect(
      await screen.findByText(/: Der Host-Schlüssel des Servers hat sich geändert: erwartet A/),
    ).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Verbindung testen' }));
    expect(
      await screen.findByText(
        'Die Verbindung zu sftp.acme.example:22 wurde abgelehnt (ECONNREFUSED). (12 ms)',
      ),
    ).toBeTruthy();
  });

  it('creates an inbox from the form and never needs the secret back', async () => {
    const fetchMock = mockApi({
      ...signedInApi(sysAdmin),
      'GET /api/v1/job-artifacts/wizard/issuers': { body: issuers },
      'POST /api/v1/devops/sftp-inboxes': { status: 201, body: inbox },
      [`GET /api/v1/devops/sftp-inboxes/${ID}`]: { body: detail },
    });
    renderApp('/devops/sftp-configuration/create');
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'SFTP inbox settings' });
    await user.type(within(form).getByRole('textbox', { name: /^Name/ }), 'Acme drop');
    await user.click(within(form).getByRole('combobox', { name: /^Issuer/ }));
    await user.click(await screen.findByRole('option', { name: 'PayTech Bank' }));
    await user.click(within(form).getByRole('combobox', { name: /^Buyer/ }));
    await user.click(await screen.findByRole('option', { name: 'Acme Buyer' }));
    await user.type(within(form).getByRole('textbox', { name: /^Host\W*$/ }), 'sftp.acme.example');
    await user.type(within(form).getByRole('textbox', { name: /^User/ }), 'paytech');
    await user.type(within(form).getByLabelText(/^Password/), 'pw-1');
    await user.type(
      within(form).getByRole('textbox', { name: /^Host key fingerprint/ }),
      FINGERPRINT,
    );
    await user.click(within(form).getByRole('button', { name: 'Create inbox' }));
    expect(await screen.findByRole('heading', { name: 'Acme drop' })).toBeTruthy();
    const body = callsTo(fetchMock, 'POST', '/api/v1/devops/sftp-inboxes')[0]![1]!.body;
    expect(JSON.parse(String(body))).toEqual({
      name: 'Acme drop',
      issuerId: ISSUER_ID,
      buyerId: BUYER_ID,
      host: 'sftp.acme.example',
      port: 22,
      username: 'paytech',
      password: 'pw-1',
      hostKeyFingerprint: FINGERPRINT,
      remoteFolder: '/',
      filePattern: '*.csv',
      jobType: 'base',
      mapping: null,
      dateOrder: 'auto',
      schedule: { kind: 'minutes', minutes: 15 },
      enabled: true,
    });
  });
});
