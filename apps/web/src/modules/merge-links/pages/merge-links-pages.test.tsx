import {
  ACCOUNTING_MESSAGES,
  MESSAGES,
  type CurrentUserProfile,
  type LinkedAccount,
} from '@b2b/contract';
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
  permissions: ['Analysis_Admin_Area_VIEW', 'MergeLinkedAccounts_VIEW'],
};
const PAGE = '/admin/analysis-admin/merge-linked-accounts';
const API = '/api/v1/merge-linked-accounts';
const A = '00000000-0000-4000-8000-00000000e001';
const B = '00000000-0000-4000-8000-00000000e002';
const TOKEN = 'A'.repeat(43);

const account = (over: Partial<LinkedAccount> = {}): LinkedAccount => ({
  id: A,
  issuerId: '00000000-0000-4000-8000-00000000b001',
  issuerName: 'PayTech Bank',
  buyerId: '00000000-0000-4000-8000-00000000c001',
  buyerName: 'Acme Buyer',
  integrationName: 'QuickBooks Online',
  status: 'Linked',
  connectedVia: 'MergeLink',
  createdByUsername: 'sysadmin@example.com',
  createdAt: '2026-11-20T08:00:00.000Z',
  lastSyncAt: '2026-11-21T08:00:00.000Z',
  lastSyncJobId: '00000000-0000-4000-8000-00000000d001',
  lastError: null,
  lastErrorAt: null,
  mergedIntoId: null,
  syncSchedule: 'Off',
  nextSyncAt: null,
  ...over,
});
const failing = account({
  id: B,
  integrationName: 'Xero',
  status: 'Failing',
  connectedVia: 'MergeMagicLink',
  lastSyncAt: null,
  lastSyncJobId: null,
  lastError:
    'Fetching invoices (page 1): rate limited by the accounting API; retry after 2026-11-22T09:00:00Z (4 tries)',
  lastErrorAt: '2026-11-22T08:00:00.000Z',
  syncSchedule: 'Daily',
  nextSyncAt: '2026-11-23T08:00:00.000Z',
});

afterEach(() => vi.unstubAllGlobals());

describe('merge linked accounts screen', () => {
  it('lists accounts with their last sync and error; re-syncs, unlinks and merges', async () => {
    const user = userEvent.setup();
    const fetchMock = mockApi({
      ...signedInApi(admin),
      [`GET ${API}`]: {
        body: { configured: true, configureHint: null, items: [account(), failing] },
      },
      [`POST ${API}/${B}/sync`]: {
        status: 201,
        body: { linkedAccount: failing, commandId: '00000000-0000-4000-8000-00000000f001' },
      },
      [`POST ${API}/${A}/unlink`]: { body: account({ status: 'Unlinked' }) },
      [`POST ${API}/${B}/merge`]: { body: { ...failing, status: 'Merged', mergedIntoId: A } },
    });
    renderApp(PAGE);
    const table = await screen.findByRole('table', { name: 'Linked accounts' });
    const xero = within(table).getByRole('row', { name: /Xero/ });
    expect(within(xero).getByText('Failing')).toBeTruthy();
    expect(
      within(xero).getByText(
        /rate limited by the accounting API; retry after 2026-11-22T09:00:00Z/,
      ),
    ).toBeTruthy();
    expect(within(xero).getByText('Accounting magic link')).toBeTruthy();

    await user.click(within(xero).getByRole('button', { name: 'Re-sync' }));
    expect(await screen.findByText(/Sync queued for Acme Buyer/)).toBeTruthy();

    await user.click(within(xero).getByRole('button', { name: 'Merge' }));
    const merge = await screen.findByRole('dialog', { name: 'Merge into another linked account' });
    await user.click(within(merge).getByRole('combobox', { name: 'Keep' }));
    await user.click(await screen.findByRole('option', { name: /QuickBooks Online/ }));
    await user.click(within(merge).getByRole('button', { name: 'Merge' }));
    await waitFor(() => expect(callsTo(fetchMock, 'POST', `${API}/${B}/merge`)).toHaveLength(1));
    const [merged] = callsTo(fetchMock, 'POST', `${API}/${B}/merge`);
    expect(JSON.parse(String(merged![1]!.body))).toEqual({ intoId: A });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    const quickbooks = within(table).getByRole('row', { name: /QuickBooks Online/ });
    await user.click(within(quickbooks).getByRole('button', { name: 'Unlink' }));
    const unlink = await screen.findByRole('dialog', { name: 'Unlink this accounting system?' });
    await user.click(within(unlink).getByRole('button', { name: MESSAGES.dialogYes }));
    await waitFor(() => expect(callsTo(fetchMock, 'POST', `${API}/${A}/unlink`)).toHaveLength(1));
  });

  it('shows each account’s sync schedule and when it next syncs, and changes it', async () => {
    const user = userEvent.setup();
    let items = [account(), failing];
    const fetchMock = mockApi({
      ...signedInApi(admin),
      [`GET ${API}`]: () => ({ body: { configured: true, configureHint: null, items } }),
      [`PUT ${API}/${A}/sync-schedule`]: () => {
        const weekly = account({ syncSchedule: 'Weekly', nextSyncAt: '2026-11-28T08:00:00.000Z' });
        items = [weekly, failing];
        return { body: weekly };
      },
    });
    renderApp(PAGE);
    const table = await screen.findByRole('table', { name: 'Linked accounts' });
    const xero = within(table).getByRole('row', { name: /Xero/ });
    expect(
      within(xero).getByRole('combobox', { name: 'Sync schedule of Acme Buyer Xero' }).textContent,
    ).toBe('Daily');
    expect(within(xero).getByText(/^Next: /).textContent).toContain('2026');
    const quickbooks = within(table).getByRole('row', { name: /QuickBooks Online/ });
    const schedule = within(quickbooks).getByRole('combobox', {
      name: 'Sync schedule of Acme Buyer QuickBooks Online',
    });
    expect(schedule.textContent).toBe('Off');
    expect(within(quickbooks).queryByText(/^Next: /)).toBeNull();

    await user.click(schedule);
    await user.click(await screen.findByRole('option', { name: 'Weekly' }));
    await waitFor(() =>
      expect(callsTo(fetchMock, 'PUT', `${API}/${A}/sync-schedule`)).toHaveLength(1),
    );
    const [put] = callsTo(fetchMock, 'PUT', `${API}/${A}/sync-schedule`);
    expect(JSON.parse(String(put![1]!.body))).toEqual({ syncSchedule: 'Weekly' });
    await waitFor(() =>
      expect(
        within(table).getByRole('combobox', {
          name: 'Sync schedule of Acme Buyer QuickBooks Online',
        }).textContent,
      ).toBe('Weekly'),
    );
    expect(within(quickbooks).getByText(/^Next: /)).toBeTruthy();
  });

  it('says how to configure the accounting API when it is not configured', async () => {
    mockApi({
      ...signedInApi(admin),
      [`GET ${API}`]: {
        body: { configured: false, configureHint: ACCOUNTING_MESSAGES.apiNotConfigured, items: [] },
      },
    });
    renderApp(PAGE);
    expect(await screen.findByText(ACCOUNTING_MESSAGES.apiNotConfigured)).toBeTruthy();
    expect(screen.getByText('No linked accounts.')).toBeTruthy();
  });
});

describe('the public accounting link page', () => {
  const publicPath = `/api/v1/accounting-link/${TOKEN}`;

  it('connects the buyer’s accounting system through Merge Link, signed out', async () => {
    const user = userEvent.setup();
    const initialize = vi.fn((options: { linkToken: string; onSuccess: (t: string) => void }) =>
      options.onSuccess('public-1'),
    );
    vi.stubGlobal('MergeLink', { initialize });
    const fetchMock = mockApi({
      'GET /api/v2/brandings/by-domain': { body: defaultBranding },
      [`GET ${publicPath}`]: {
        body: {
          issuerName: 'PayTech Bank',
          buyerName: 'Acme Buyer',
          jobName: 'Spring suppliers',
          branding: null,
          expiresAt: '2026-12-01T08:00:00.000Z',
          configured: true,
        },
      },
      [`POST ${publicPath}/link-token`]: {
        status: 201,
        body: { linkToken: 'lt-9', linkScriptUrl: 'https://cdn.merge.dev/initialize.js' },
      },
      [`POST ${publicPath}/complete`]: {
        status: 201,
        body: { message: ACCOUNTING_MESSAGES.linkDone },
      },
    });
    renderApp(`/accounting-link/${TOKEN}`);
    expect(
      await screen.findByRole('heading', {
        name: 'Connect the accounting system of Acme Buyer',
      }),
    ).toBeTruthy();
    expect(screen.getByText(/PayTech Bank asks you to connect/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Connect accounting system' }));
    expect(
      await screen.findByRole('heading', { name: 'Accounting system connected' }),
    ).toBeTruthy();
    expect(screen.getByText(ACCOUNTING_MESSAGES.linkDone)).toBeTruthy();
    expect(initialize).toHaveBeenCalledWith(expect.objectContaining({ linkToken: 'lt-9' }));
    const [complete] = callsTo(fetchMock, 'POST', `${publicPath}/complete`);
    expect(JSON.parse(String(complete![1]!.body))).toEqual({ publicToken: 'public-1' });
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
    renderApp(`/accounting-link/${TOKEN}`);
    expect(
      await screen.findByRole('heading', { name: 'This link can no longer be used' }),
    ).toBeTruthy();
    expect(screen.queryByText(/Acme Buyer|PayTech/)).toBeNull();
  });
});
