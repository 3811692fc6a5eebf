import type { CurrentUserProfile } from '@b2b/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { issuerProfile } from '../../../test/fixtures';
import { mockApi } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';
import { signedInApi } from '../../../test/signed-in-api';
import { entityLockApi, OTHER_EDITOR_ID } from '../../../test/entity-lock-api';

const ID = '3c2b1a0f-9e8d-4c7b-8a69-5f4e3d2c1b0a';
const buyer = {
  id: ID,
  issuerId: '5f0c1d2e-3a4b-4c5d-8e6f-7a8b9c0d1e2f',
  issuerName: 'Northwind Bank',
  name: 'Acme Manufacturing',
  countryIso3: 'GBR',
};
const manager = (permissions: string[]): CurrentUserProfile => ({
  ...issuerProfile,
  permissions: ['BuyerManagement_VIEW', 'BuyerRead', ...permissions],
});

describe('BuyerDetailPage', () => {
  it('offers Save to holders of BuyerManagement_CRUD and BuyerUpdate', async () => {
    mockApi({
      ...signedInApi(manager(['BuyerManagement_CRUD', 'BuyerUpdate'])),
      [`GET /api/v1/buyers/${ID}`]: { body: buyer },
      ...entityLockApi(issuerProfile.id, { current: null }),
    });
    renderApp(`/admin/buyer-manager/${ID}`);
    expect(await screen.findByRole('button', { name: 'Save' })).toBeTruthy();
    expect(screen.getByLabelText(/Name/)).toHaveProperty('disabled', false);
  });

  it('shows the buyer read-only without BuyerUpdate, as the server would refuse the save', async () => {
    mockApi({
      ...signedInApi(manager(['BuyerManagement_CRUD'])),
      [`GET /api/v1/buyers/${ID}`]: { body: buyer },
      ...entityLockApi(issuerProfile.id, { current: null }),
    });
    renderApp(`/admin/buyer-manager/${ID}`);
    expect(await screen.findByDisplayValue('Acme Manufacturing')).toBeTruthy();
    expect(screen.getByLabelText(/Name/)).toHaveProperty('disabled', true);
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });

  it('is read only while another user holds the buyer’s write lock, who is named', async () => {
    mockApi({
      ...signedInApi(
        manager(['BuyerManagement_CRUD', 'BuyerUpdate', 'Concurrency_Take_Entity_Lock']),
      ),
      [`GET /api/v1/buyers/${ID}`]: { body: buyer },
      ...entityLockApi(issuerProfile.id, { current: OTHER_EDITOR_ID }),
    });
    renderApp(`/admin/buyer-manager/${ID}`);
    expect(await screen.findByText(/Read only: Tess Tester \(tester@example.com\)/)).toBeTruthy();
    expect(screen.getByLabelText(/Name/)).toHaveProperty('disabled', true);
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Request write access' })).toBeTruthy();
  });
});
