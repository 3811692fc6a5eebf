import type { Campaign, PagedListRequest } from '@b2b/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { issuerProfile } from '../../../test/fixtures';
import { callsTo, mockApi } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';
import { signedInApi } from '../../../test/signed-in-api';

const JOB_ID = '11111111-1111-4111-8111-111111111111';
const campaign: Campaign = {
  id: '77777777-7777-4777-8777-777777777777',
  jobId: JOB_ID,
  jobName: 'Spring suppliers',
  issuerId: '33333333-3333-4333-8333-333333333333',
  name: 'Cheque payers to Virtual Card',
  route: 'ExternalCampaign',
  cardProduct: 'Pcard',
  language: 'en',
  status: 'Completed',
  useCaseIds: [],
  cadence: { followUpDays: [8, 12], closeDay: 14 },
  declinePeriodDays: 180,
  virtualLockbox: null,
  counters: { total: 4, pending: 0, active: 0, failed: 1, succeeded: 3 },
  excludedCount: 0,
  createdBy: 'manager@example.com',
  createdOn: '2026-01-03T09:00:00.000Z',
  startedOn: '2026-01-03T10:00:00.000Z',
  completedOn: '2026-01-17T10:00:00.000Z',
};

describe('/campaign-workflows', () => {
  it('lists the campaigns of every visible job with a link to the job', async () => {
    const fetchMock = mockApi({
      ...signedInApi({
        ...issuerProfile,
        permissions: [...issuerProfile.permissions, 'CampaignManager_Feature_VIEW'],
      }),
      'POST /api/v1/campaign-workflows/list': {
        body: {
          collection: [campaign],
          currentPage: 1,
          hasNextPage: false,
          hasPreviousPage: false,
          pageSize: 25,
          totalCount: 1,
          totalPages: 1,
        },
      },
    });
    renderApp('/campaign-workflows');
    const grid = await screen.findByRole('grid', { name: 'Campaign workflows' });
    const job = await within(grid).findByRole('link', { name: 'Spring suppliers' });
    expect(job.getAttribute('href')).toBe(`/jobs/${JOB_ID}/campaign-workflows`);
    expect(
      within(grid)
        .getByRole('link', { name: 'Cheque payers to Virtual Card' })
        .getAttribute('href'),
    ).toBe(`/jobs/${JOB_ID}/campaign-workflows/${campaign.id}`);
    const row = within(grid).getAllByRole('row')[1]!;
    expect(within(row).getByText('External Campaign')).toBeTruthy();
    expect(within(row).getByText('PCard')).toBeTruthy();
    expect(within(row).getByText('Completed')).toBeTruthy();
    const [, init] = callsTo(fetchMock, 'POST', '/api/v1/campaign-workflows/list')[0]!;
    expect((JSON.parse(String(init?.body)) as PagedListRequest).filters).toEqual([]);
  });
});
