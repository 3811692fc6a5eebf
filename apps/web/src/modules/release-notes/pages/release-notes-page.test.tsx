import type { ReleaseNote } from '@b2b/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { issuerProfile } from '../../../test/fixtures';
import { callsTo, mockApi, type MockRequest } from '../../../test/mock-api';
import { currentUrl, renderApp } from '../../../test/render-app';
import { signedInApi } from '../../../test/signed-in-api';

const profile = { ...issuerProfile, permissions: ['SystemUpdates_VIEW'] };
const NOTES: ReleaseNote[] = [
  {
    version: '1.4.0',
    title: 'Outputs and the dashboard',
    date: '2026-11-27',
    text: '## Dashboard\n\n- Tiles for **jobs** and campaigns.\n- A [guide](https://example.com/guide).',
  },
  {
    version: '1.0.0',
    title: 'The platform',
    date: '2026-11-21',
    text: 'Sign-in <script>window.hacked = true</script> and <img src=x onerror="window.hacked=true"> lists.',
  },
];

function api() {
  return mockApi({
    ...signedInApi(profile),
    'GET /api/v1/release-notes': (request: MockRequest) => {
      const words = (request.query.get('search') ?? '').toLowerCase().split(/\s+/).filter(Boolean);
      return {
        body: NOTES.filter((n) =>
          words.every((w) => `${n.title} ${n.text}`.toLowerCase().includes(w)),
        ),
      };
    },
  });
}

describe('release notes page', () => {
  it('shows every note newest first with its Markdown rendered', async () => {
    api();
    renderApp('/release-notes');
    const newest = await screen.findByRole('region', { name: '1.4.0 — Outputs and the dashboard' });
    const regions = screen.getAllByRole('region');
    expect(regions.map((r) => r.getAttribute('aria-label'))).toEqual([
      '1.4.0 — Outputs and the dashboard',
      '1.0.0 — The platform',
    ]);
    expect(within(newest).getByText('Released 27 November 2026')).toBeTruthy();
    expect(within(newest).getByRole('heading', { level: 3, name: 'Dashboard' })).toBeTruthy();
    expect(within(newest).getByText('jobs').tagName).toBe('STRONG');
    expect(within(newest).getByRole('link', { name: 'guide' }).getAttribute('href')).toBe(
      'https://example.com/guide',
    );
  });

  it('shows HTML in a note as text, never as elements', async () => {
    api();
    renderApp('/release-notes');
    const platform = await screen.findByRole('region', { name: '1.0.0 — The platform' });
    expect(platform.querySelector('script')).toBeNull();
    expect(platform.querySelector('img')).toBeNull();
    expect(platform.textContent).toContain('<script>window.hacked = true</script>');
    expect((window as { hacked?: boolean }).hacked).toBeUndefined();
  });

  it('searches the notes by the words typed', async () => {
    const fetchMock = api();
    renderApp('/release-notes');
    await screen.findByRole('region', { name: '1.0.0 — The platform' });
    await userEvent.type(
      screen.getByRole('searchbox', { name: 'Search the release notes' }),
      'campaigns',
    );
    await waitFor(() => expect(screen.queryByRole('region', { name: /1\.0\.0/ })).toBeNull());
    expect(screen.getByRole('region', { name: /1\.4\.0/ })).toBeTruthy();
    const asked = callsTo(fetchMock, 'GET', '/api/v1/release-notes').map(([u]) => String(u));
    expect(asked).toContainEqual(expect.stringContaining('search=campaigns'));
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search the release notes' }), 'x');
    expect(await screen.findByText('No release note mentions “campaignsx”.')).toBeTruthy();
  });

  it('shows one version alone when the address names it, with a way back to all', async () => {
    api();
    const { router } = renderApp('/release-notes?version=1.0.0');
    expect(await screen.findByRole('region', { name: '1.0.0 — The platform' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: /1\.4\.0/ })).toBeNull();
    await userEvent.click(screen.getByRole('link', { name: 'All release notes' }));
    expect(await screen.findByRole('region', { name: /1\.4\.0/ })).toBeTruthy();
    expect(currentUrl(router)).toBe('/release-notes');
  });

  it('says so when the address names a version without a note', async () => {
    api();
    renderApp('/release-notes?version=9.9.9');
    expect(await screen.findByText('There is no release note for version 9.9.9.')).toBeTruthy();
  });
});
