import { MESSAGES } from '@b2b/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clientConfig, issuerProfile } from '../../test/fixtures';
import { mockApi } from '../../test/mock-api';
import { currentUrl, renderApp } from '../../test/render-app';
import { APP_TIMESTAMP, signedInApi } from '../../test/signed-in-api';

const profile = { ...issuerProfile, permissions: ['SystemUpdates_VIEW'] };
const note = (version: string) => ({
  version,
  title: `Version ${version}`,
  date: '2026-11-27',
  text: 'What changed.',
});

afterEach(() => {
  vi.useRealTimers();
  localStorage.clear();
});

describe('links to the release notes', () => {
  it('the release notice links to the note of the version it announces', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2025-11-01T10:00:00Z'));
    mockApi({
      ...signedInApi(profile),
      'GET /api/v1/system-data/client-config': {
        body: {
          ...clientConfig,
          releaseNotice: { ...clientConfig.releaseNotice, version: '1.3.0' },
        },
      },
      'GET /api/v1/release-notes': { body: [note('1.4.0'), note('1.3.0')] },
    });
    const { router } = renderApp('/');
    const link = await screen.findByRole('link', { name: 'Read the release notes of 1.3.0' });
    await userEvent.click(link);
    expect(currentUrl(router)).toBe('/release-notes?version=1.3.0');
    expect(await screen.findByRole('region', { name: '1.3.0 — Version 1.3.0' })).toBeTruthy();
  });

  it('the new-version message links to the newest note the new server lists', async () => {
    let calls = 0;
    mockApi({
      ...signedInApi(profile),
      'GET /api/v1/system-data/client-config': {
        body: { ...clientConfig, appVersionCheckSeconds: 1 },
      },
      'GET /api/v1/system-data/app-timestamp': () => {
        calls += 1;
        return { body: { timestamp: calls === 1 ? APP_TIMESTAMP : '2026-12-01T00:00:00.000Z' } };
      },
      'GET /api/v1/release-notes': { body: [note('1.5.0'), note('1.4.0')] },
    });
    const { router } = renderApp('/');
    expect(await screen.findByText(MESSAGES.newVersion, { exact: false })).toBeTruthy();
    await userEvent.click(await screen.findByRole('link', { name: "What's new in 1.5.0" }));
    expect(currentUrl(router)).toBe('/release-notes?version=1.5.0');
  });
});
