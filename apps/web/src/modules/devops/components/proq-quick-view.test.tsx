import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { callsTo, mockApi } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';
import { signedInApi } from '../../../test/signed-in-api';
import { developerProfile, quickViewRow } from '../test/devops-fixtures';

afterEach(() => localStorage.clear());

const rows = [
  quickViewRow('Blocked', 'WaitingForPrerequisite', 0),
  quickViewRow('InProgress', 'ScoreSuppliers', 1),
  ...Array.from({ length: 120 }, (_, i) => quickViewRow('Pending', 'IngestUpload', i + 2)),
  quickViewRow('Completed', 'PurgeChatLogs', 200),
];

describe('ProQ quick view', () => {
  it('caps the badge at 99+ and lists the latest commands without Blocked ones', async () => {
    mockApi({
      ...signedInApi(developerProfile),
      'GET /api/v1/proq/queued-commands-quick-view': { body: rows },
    });
    renderApp('/');
    const button = await screen.findByRole('button', { name: /ProQ quick view/ });
    await waitFor(() => expect(button.textContent).toContain('99+'));
    // Named by its content, the badge's count included.
    expect(await screen.findByRole('button', { name: /^ProQ quick view: 99\+ to run/ })).toBe(
      button,
    );

    await userEvent.setup().click(button);
    const view = await screen.findByRole('dialog', { name: 'ProQ quick view' });
    const table = within(view).getByRole('table', { name: 'Latest ProQ commands' });
    expect(within(table).queryByText('WaitingForPrerequisite')).toBeNull();
    expect(within(table).queryByText('Blocked')).toBeNull();
    // Rows found by their text, not by role: naming 123 rows by role takes jsdom tens of seconds.
    const running = within(table).getByText('ScoreSuppliers').closest('tr')!;
    expect([...running.querySelectorAll('td')].map((c) => c.textContent)).toEqual([
      'ScoreSuppliers',
      'InProgress',
      '7',
      'pipeline',
      '',
    ]);
    expect(within(table).getByText('PurgeChatLogs')).toBeTruthy();
    expect(table.querySelectorAll('tr')).toHaveLength(1 + 122);
    // At most 512 px tall: the rows scroll inside.
    const container = within(view).getByTestId('proq-quick-view-table');
    expect(getComputedStyle(container).maxHeight).toBe('512px');
    expect(getComputedStyle(container).overflowY).toBe('auto');
    expect(within(view).getByRole('link', { name: 'Open ProQ monitoring' })).toBeTruthy();
  });

  it('shows the exact count below 100', async () => {
    mockApi({
      ...signedInApi(developerProfile),
      'GET /api/v1/proq/queued-commands-quick-view': { body: rows.slice(0, 5) },
    });
    renderApp('/');
    const button = await screen.findByRole('button', { name: /ProQ quick view/ });
    // Blocked is not counted: 1 InProgress + 3 Pending.
    expect(await screen.findByRole('button', { name: /^ProQ quick view: 4 to run/ })).toBe(button);
    expect(button.textContent).toBe('ProQ quick view: 4 to run4');
  });

  it('is not there without QuickView_ProQ_VIEW, and never asks the server', async () => {
    const fetchMock = mockApi({
      ...signedInApi({
        ...developerProfile,
        permissions: ['StandardLayoutNavbar_VIEW', 'ProQ_VIEW', 'DevOps_Area_VIEW'],
      }),
    });
    renderApp('/');
    await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(screen.queryByRole('button', { name: /ProQ quick view/ })).toBeNull();
    expect(callsTo(fetchMock, 'GET', '/api/v1/proq/queued-commands-quick-view')).toHaveLength(0);
  });
});
