import type {
  PagedListRequest,
  VendorDetail,
  VendorMatchedSupplier,
  VendorSearchHit,
} from '@b2b/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { issuerProfile } from '../../../test/fixtures';
import { callsTo, mockApi } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';
import { signedInApi } from '../../../test/signed-in-api';

const JOB_ID = '11111111-1111-4111-8111-111111111111';
const profile = {
  ...issuerProfile,
  permissions: [...new Set([...issuerProfile.permissions, 'VendorsSearchView'])],
};

const hit: VendorSearchHit = {
  merchantId: 'M-77',
  merchantName: 'Acme Supplies Ltd',
  dbaName: 'Acme',
  addressLine1: '1 High Street',
  city: 'Leeds',
  postcode: 'LS1 4AP',
  country: 'GBR',
  mcc: '5111',
  acceptsCard: true,
  acceptsVirtualCard: false,
  stpEnrolled: null,
  dataLevel: 2,
  lastTransactionDate: '2025-06-01',
  network: 'Mastercard',
  nameSimilarity: 0.96,
  entityId: 'M-70',
  entityRecordCount: 3,
};
const page = {
  collection: [hit],
  currentPage: 1,
  hasNextPage: false,
  hasPreviousPage: false,
  pageSize: 25,
  totalCount: 1,
  totalPages: 1,
};

describe('vendor search', () => {
  it('sends name, country, postcode and a flag as the paged list filters', async () => {
    const user = userEvent.setup();
    const fetchMock = mockApi({
      ...signedInApi(profile),
      'POST /api/v1/vendors/search': { body: page },
    });
    renderApp('/vendors');
    const grid = await screen.findByRole('grid', { name: 'Vendors' });
    expect(await within(grid).findByRole('link', { name: 'Acme Supplies Ltd' })).toBeTruthy();
    // The card data lists this business three times (its entity).
    expect(within(grid).getByRole('gridcell', { name: '3 times' })).toBeTruthy();
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'acme suplies');
    await user.type(screen.getByRole('textbox', { name: 'Country' }), 'GBR');
    await user.type(screen.getByRole('textbox', { name: 'Postcode' }), 'LS1');
    await user.click(
      within(screen.getByRole('group', { name: 'Accepts card' })).getByRole('button', {
        name: 'Yes',
      }),
    );
    const last = () => {
      const calls = callsTo(fetchMock, 'POST', '/api/v1/vendors/search');
      return (JSON.parse(String(calls.at(-1)?.[1]?.body)) as PagedListRequest).filters;
    };
    await waitFor(() =>
      expect(last()).toEqual([
        {
          propertyName: 'name',
          comparisonOperator: 'Contains',
          value: 'acme suplies',
          allowNullValue: false,
        },
        {
          propertyName: 'country',
          comparisonOperator: 'Equal',
          value: 'GBR',
          allowNullValue: false,
        },
        {
          propertyName: 'postcode',
          comparisonOperator: 'StartsWith',
          value: 'LS1',
          allowNullValue: false,
        },
        {
          propertyName: 'acceptsCard',
          comparisonOperator: 'Equal',
          value: true,
          allowNullValue: false,
        },
      ]),
    );
  });

  it('shows the merchant and pages through the suppliers of the user’s jobs that matched it', async () => {
    const detail: VendorDetail = {
      vendor: hit,
      entity: { entityId: 'M-77', recordCount: 1, records: [hit] },
      referenceVersionId: '20250630T120000Z-abc',
    };
    const supplier: VendorMatchedSupplier = {
      jobId: JOB_ID,
      jobName: 'Spring suppliers',
      supplierKey: 'S-1',
      supplierName: 'ACME SUPPLIES LIMITED',
      matchStatus: 'MATCHED',
      confidence: 'High',
      matchSource: 'computed',
    };
    const fetchMock = mockApi({
      ...signedInApi(profile),
      'GET /api/v1/vendors/M-77': { body: detail },
      'POST /api/v1/vendors/M-77/matched-suppliers': {
        body: { ...page, collection: [supplier], totalCount: 60, totalPages: 3, hasNextPage: true },
      },
    });
    renderApp('/vendors/M-77');
    const merchant = await screen.findByRole('region', { name: 'Merchant' });
    expect(within(merchant).getByText('1 High Street, Leeds, LS1 4AP, GBR')).toBeTruthy();
    const grid = await screen.findByRole('grid', { name: 'Matched suppliers' });
    const link = await within(grid).findByRole('link', { name: 'ACME SUPPLIES LIMITED' });
    expect(link.getAttribute('href')).toBe(`/jobs/${JOB_ID}/suppliers/S-1`);
    expect(within(grid).getByText('Spring suppliers')).toBeTruthy();
    // The list is a paged list request: the server pages, and the total is the server's.
    const calls = callsTo(fetchMock, 'POST', '/api/v1/vendors/M-77/matched-suppliers');
    expect(JSON.parse(String(calls.at(-1)?.[1]?.body))).toMatchObject({
      pageNumber: 1,
      pageSize: 25,
    });
    expect(screen.getByText(/1–25 of 60/)).toBeTruthy();
  });

  it('lists the records of the business the card data holds several times, linked', async () => {
    const descriptor = {
      ...hit,
      merchantId: 'M-78',
      merchantName: 'ACME SUPPLIES L',
      city: 'York',
    };
    const detail: VendorDetail = {
      vendor: hit,
      entity: { entityId: 'M-77', recordCount: 2, records: [hit, descriptor] },
      referenceVersionId: '20250630T120000Z-abc',
    };
    mockApi({
      ...signedInApi(profile),
      'GET /api/v1/vendors/M-77': { body: detail },
      'POST /api/v1/vendors/M-77/matched-suppliers': { body: page },
    });
    renderApp('/vendors/M-77');
    const section = await screen.findByRole('region', { name: 'Same business in the card data' });
    expect(within(section).getByText(/lists this business 2 times/)).toBeTruthy();
    const records = within(section).getByRole('table', { name: 'Records of this business' });
    const link = within(records).getByRole('link', { name: 'ACME SUPPLIES L' });
    expect(link.getAttribute('href')).toBe('/vendors/M-78');
    expect(within(records).getByRole('row', { name: /ACME SUPPLIES L York/ })).toBeTruthy();
  });
});
