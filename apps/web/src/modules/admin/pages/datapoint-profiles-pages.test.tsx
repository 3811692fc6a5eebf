import type { CurrentUserProfile } from '@b2b/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { issuerProfile } from '../../../test/fixtures';
import { callsTo, mockApi, type MockRoute } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';
import { signedInApi } from '../../../test/signed-in-api';

const admin: CurrentUserProfile = {
  ...issuerProfile,
  displayName: 'Sys Admin Demo',
  username: 'sysadmin@example.com',
  permissions: ['Analysis_Admin_Area_VIEW', 'DatapointProfiles_CRUD', 'IssuerRead'],
};
const ID = '11111111-1111-4111-8111-111111111111';
const profile = {
  id: ID,
  profileKey: 'onboarding-download',
  name: 'Onboarding download',
  description: 'What onboarding needs',
  datapoints: ['supplierName', 'supplierKey', 'annualSpend'],
};
const page = `/admin/analysis-admin/datapoint-profiles`;

const api = (extra: Record<string, MockRoute> = {}) =>
  mockApi({
    ...signedInApi(admin),
    'GET /api/v1/datapoint-profiles': { body: [profile] },
    ...extra,
  });

const columns = () =>
  within(screen.getByRole('table', { name: 'Profile columns' }))
    .getAllByRole('rowheader')
    .map((c) => c.textContent);

describe('datapoint profile screens', () => {
  it('lists the profiles with their number of columns', async () => {
    api();
    renderApp(page);
    const table = await screen.findByRole('table', { name: 'Datapoint profiles' });
    const link = within(table).getByRole('link', { name: 'Onboarding download' });
    expect(link.getAttribute('href')).toBe(`${page}/${ID}`);
    expect(within(table).getByText('3')).toBeTruthy();
  });

  it('reorders, removes and adds columns and saves them in that order', async () => {
    let saved: unknown;
    const fetchMock = api({
      [`PUT /api/v1/datapoint-profiles/${ID}`]: ({ body }) => {
        saved = body;
        return { body: { ...profile, ...(body as object) } };
      },
    });
    renderApp(`${page}/${ID}`);
    await screen.findByRole('table', { name: 'Profile columns' });
    expect(columns()).toEqual(['supplierName', 'supplierKey', 'annualSpend']);
    const user = userEvent.setup();

    await user.click(screen.getByRole('button', { name: 'Move annualSpend up' }));
    await user.click(screen.getByRole('button', { name: 'Remove supplierKey' }));
    expect(columns()).toEqual(['supplierName', 'annualSpend']);

    await user.type(screen.getByRole('combobox', { name: 'Add a field' }), 'matchStat');
    await user.click(await screen.findByRole('option', { name: 'matchStatus' }));
    await user.click(screen.getByRole('button', { name: 'Add column' }));
    expect(columns()).toEqual(['supplierName', 'annualSpend', 'matchStatus']);

    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    await waitFor(() =>
      expect(callsTo(fetchMock, 'PUT', `/api/v1/datapoint-profiles/${ID}`)).toHaveLength(1),
    );
    expect(saved).toEqual({
      name: 'Onboarding download',
      description: 'What onboarding needs',
      datapoints: ['supplierName', 'annualSpend', 'matchStatus'],
    });
  });

  it('shows the server’s refusal naming an unknown field', async () => {
    const message =
      'body.datapoints[1]: Unknown datapoint "legacyColumn": a profile may name only supplier result fields';
    api({
      'POST /api/v1/datapoint-profiles': {
        status: 400,
        body: { success: false, message, statusCode: 400 },
      },
    });
    renderApp(`${page}/create`);
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: /Name/ }), 'Lean');
    await user.type(screen.getByRole('combobox', { name: 'Add a field' }), 'supplierName');
    await user.click(await screen.findByRole('option', { name: 'supplierName' }));
    await user.click(screen.getByRole('button', { name: 'Add column' }));
    await user.click(screen.getByRole('button', { name: 'Create profile' }));
    expect(await screen.findByText(message)).toBeTruthy();
  });
});
