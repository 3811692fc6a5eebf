import type { UserNotification } from '@b2b/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { issuerProfile } from '../../../test/fixtures';
import { mockApi } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';
import { backToEnglish, germanUserApi } from '../../../test/german';
import { signedInApi } from '../../../test/signed-in-api';

const JOB_ID = '11111111-1111-4111-8111-111111111111';
const DOWNLOAD_ID = '77777777-7777-4777-8777-777777777777';
const withNotifications = {
  ...issuerProfile,
  permissions: [...issuerProfile.permissions, 'UserNotification_VIEW'],
};
const notifications: UserNotification[] = [
  {
    id: `DownloadReady:${DOWNLOAD_ID}`,
    kind: 'DownloadReady',
    title: 'Download ready',
    message: 'Analysis data (CSV) is ready to download.',
    link: `/api/v1/downloads/${DOWNLOAD_ID}/file`,
    at: '2026-11-27T10:05:00.000Z',
  },
  {
    id: `JobCompleted:${JOB_ID}`,
    kind: 'JobCompleted',
    title: 'Analysis completed',
    message: 'Acme 2025 has completed: its results are ready.',
    link: `/jobs/loading/${JOB_ID}`,
    at: '2026-11-27T10:00:00.000Z',
  },
];

afterEach(() => localStorage.clear());

describe('the toolbar’s notifications', () => {
  it('counts what is new, lists it with links, and counts nothing once opened', async () => {
    const user = userEvent.setup();
    mockApi({
      ...signedInApi(withNotifications),
      'GET /api/v1/notifications': { body: notifications },
    });
    renderApp('/');
    const button = await screen.findByRole('button', { name: 'Notifications: 2 new' });
    await user.click(button);
    const dialog = screen.getByRole('dialog', { name: 'Notifications' });
    expect(
      within(dialog).getByRole('link', { name: 'Analysis completed' }).getAttribute('href'),
    ).toBe(`/jobs/loading/${JOB_ID}`);
    expect(within(dialog).getByRole('link', { name: 'Download ready' }).getAttribute('href')).toBe(
      `/api/v1/downloads/${DOWNLOAD_ID}/file`,
    );
    expect(within(dialog).getByText(/Acme 2025 has completed/)).toBeTruthy();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Notifications' })).toBeTruthy());
  });

  it('has no notifications button without UserNotification_VIEW', async () => {
    mockApi(signedInApi(issuerProfile));
    renderApp('/');
    await screen.findByRole('heading', { name: 'Welcome, Issuer Demo' });
    expect(screen.queryByRole('button', { name: /^Notifications/ })).toBeNull();
  });
});

describe('the toolbar’s notifications in German', () => {
  afterEach(backToEnglish);

  it("lists each notification's title and message in the user's language, names as written", async () => {
    const user = userEvent.setup();
    mockApi({
      ...signedInApi(withNotifications),
      ...germanUserApi(),
      'GET /api/v1/notifications': { body: notifications },
    });
    renderApp('/');
    await user.click(await screen.findByRole('button', { name: 'Benachrichtigungen: 2 neu' }));
    const dialog = screen.getByRole('dialog', { name: 'Benachrichtigungen' });
    expect(within(dialog).getByRole('link', { name: 'Analyse abgeschlossen' })).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'Download bereit' })).toBeTruthy();
    expect(
      within(dialog).getByText(/Acme 2025 ist abgeschlossen: Die Ergebnisse liegen vor\./),
    ).toBeTruthy();
    expect(
      within(dialog).getByText(/Analysis data \(CSV\) steht zum Herunterladen bereit\./),
    ).toBeTruthy();
  });
});
