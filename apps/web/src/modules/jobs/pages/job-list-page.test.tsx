import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { callsTo, mockApi } from '../../../test/mock-api';
import { currentUrl, renderApp } from '../../../test/render-app';
import { signedInApi } from '../../../test/signed-in-api';
import type { CurrentUserProfile } from '@b2b/contract';
import {
  jobDetails,
  jobListItem,
  jobsProfile,
  OWNER_ID,
  profileWith,
  wizardIssuers,
} from '../test/job-fixtures';

const row = jobListItem({ status: 'Completed', isPublished: true, supplierCount: 1234 });

/** The internal job team's list: extra columns and filters (ExtendedJobList_VIEW). */
const teamProfile = profileWith(undefined, [
  'ExtendedJobList_VIEW',
  'MatchedDataOnlyWorkflow_VIEW',
]);

function listApi(profile: CurrentUserProfile = teamProfile, allJobs = 1) {
  return {
    ...signedInApi(profile),
    // One row asked for with no filter is the "all jobs" count; every other call is the page.
    'POST /api/v1/job-artifacts/get': ({ body }: { body: unknown }) => {
      const { pageSize, filters } = body as { pageSize: number; filters: unknown[] };
      const all = pageSize === 1 && filters.length === 0;
      return {
        body: {
          collection: [row],
          currentPage: 1,
          hasNextPage: false,
          hasPreviousPage: false,
          pageSize,
          totalCount: all ? allJobs : 1,
          totalPages: all ? allJobs : 1,
        },
      };
    },
    'GET /api/v1/authorization/job-owners-filter-items': {
      body: [{ id: OWNER_ID, ownerName: 'issuer@example.com', displayName: 'Issuer Demo' }],
    },
    'GET /api/v1/job-artifacts/wizard/issuers': { body: wizardIssuers },
    [`GET /api/v1/job-artifacts/${row.id}`]: { body: jobDetails({ status: 'Completed' }) },
  };
}

function lastListRequest(fetchMock: ReturnType<typeof mockApi>) {
  const calls = callsTo(fetchMock, 'POST', '/api/v1/job-artifacts/get');
  return JSON.parse(String(calls.at(-1)![1]!.body)) as {
    filters: { propertyName: string; value: unknown }[];
    orderBy?: string;
  };
}

describe('JobListPage', () => {
  it('lists the jobs server-paged, newest first, and filters by owner, type and published', async () => {
    const user = userEvent.setup();
    const fetchMock = mockApi(listApi());
    renderApp('/analysis');
    const grid = await screen.findByRole('grid', { name: 'Jobs' });
    expect(await within(grid).findByText('Spring suppliers')).toBeTruthy();
    expect(within(grid).getByText('Summary Upload')).toBeTruthy();
    expect(lastListRequest(fetchMock)).toMatchObject({ orderBy: 'updatedOn desc', filters: [] });

    await user.click(screen.getByRole('combobox', { name: 'Owner' }));
    await user.click(await screen.findByRole('option', { name: 'Issuer Demo' }));
    await waitFor(() =>
      expect(lastListRequest(fetchMock).filters).toEqual([
        expect.objectContaining({ propertyName: 'ownerId', value: OWNER_ID }),
      ]),
    );
    await user.click(screen.getByRole('combobox', { name: 'Type' }));
    await user.click(await screen.findByRole('option', { name: 'Consultant Upload' }));
    await user.click(screen.getByRole('combobox', { name: 'Published' }));
    await user.click(await screen.findByRole('option', { name: 'Not published' }));
    await waitFor(() =>
      expect(lastListRequest(fetchMock).filters).toEqual([
        expect.objectContaining({ propertyName: 'ownerId', value: OWNER_ID }),
        expect.objectContaining({ propertyName: 'type', value: 'advanced' }),
        expect.objectContaining({ propertyName: 'isPublished', value: false }),
      ]),
    );
  });

  it('filters by issuer and that issuer’s buyers', async () => {
    const user = userEvent.setup();
    const fetchMock = mockApi(listApi());
    renderApp('/analysis');
    await user.click(await screen.findByRole('combobox', { name: 'Issuer' }));
    await user.click(await screen.findByRole('option', { name: 'PayTech Bank' }));
    await user.click(screen.getByRole('combobox', { name: 'Buyer' }));
    await user.click(await screen.findByRole('option', { name: 'Acme Buyer' }));
    await waitFor(() =>
      expect(lastListRequest(fetchMock).filters.map((f) => f.propertyName)).toEqual([
        'issuerId',
        'buyerId',
      ]),
    );
  });

  it('opens a job from its row and offers the three job types under New Job', async () => {
    const user = userEvent.setup();
    mockApi(listApi());
    const { router } = renderApp('/analysis');
    const main = await screen.findByRole('main');
    await user.click(within(main).getByRole('button', { name: 'New Job' }));
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Summary Upload', 'Matched Data Only Upload', 'Consultant Upload']);
    await user.keyboard('{Escape}');
    const grid = screen.getByRole('grid', { name: 'Jobs' });
    await user.click(await within(grid).findByText('Spring suppliers'));
    await waitFor(() => expect(currentUrl(router)).toBe(`/jobs/${row.id}/details`));
  });

  it('shows a user without ExtendedJobList_VIEW the base columns and filters only', async () => {
    const fetchMock = mockApi(listApi(jobsProfile));
    renderApp('/analysis');
    const grid = await screen.findByRole('grid', { name: 'Jobs' });
    expect(await within(grid).findByText('Spring suppliers')).toBeTruthy();
    const headers = within(grid)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toContain('Issuer');
    expect(headers).not.toContain('Owner');
    expect(headers).not.toContain('Published');
    expect(screen.queryByRole('combobox', { name: 'Owner' })).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Published' })).toBeNull();
    expect(screen.getByRole('combobox', { name: 'Status' })).toBeTruthy();
    expect(callsTo(fetchMock, 'GET', '/api/v1/authorization/job-owners-filter-items')).toEqual([]);
  });

  it('tells HiddenJobsCount_VIEW holders how many jobs the filters hide', async () => {
    const user = userEvent.setup();
    mockApi(listApi(profileWith(undefined, ['HiddenJobsCount_VIEW']), 5));
    renderApp('/analysis');
    await user.click(await screen.findByRole('combobox', { name: 'Type' }));
    await user.click(await screen.findByRole('option', { name: 'Consultant Upload' }));
    expect((await screen.findByRole('status')).textContent).toBe('The filters hide 4 of 5 jobs.');
  });

  it('says nothing of hidden jobs to users without HiddenJobsCount_VIEW', async () => {
    const fetchMock = mockApi(listApi(teamProfile, 5));
    renderApp('/analysis');
    const grid = await screen.findByRole('grid', { name: 'Jobs' });
    expect(await within(grid).findByText('Spring suppliers')).toBeTruthy();
    expect(screen.queryByText(/The filters hide/)).toBeNull();
    const counts = callsTo(fetchMock, 'POST', '/api/v1/job-artifacts/get').filter(
      ([, init]) => (JSON.parse(String(init?.body)) as { pageSize: number }).pageSize === 1,
    );
    expect(counts).toEqual([]);
  });

  it('gives ListCellCopyIcon_VIEW holders a copy icon in each cell that does not open the row', async () => {
    const user = userEvent.setup();
    mockApi(listApi(profileWith(undefined, ['ListCellCopyIcon_VIEW'])));
    const { router } = renderApp('/analysis');
    const grid = await screen.findByRole('grid', { name: 'Jobs' });
    await within(grid).findByText('Spring suppliers');
    await user.click(within(grid).getByRole('button', { name: 'Copy Name' }));
    expect(await screen.findByText('Copied to clipboard')).toBeTruthy();
    expect(await navigator.clipboard.readText()).toBe('Spring suppliers');
    expect(currentUrl(router)).toBe('/analysis');
  });

  it('shows no copy icons without ListCellCopyIcon_VIEW', async () => {
    mockApi(listApi());
    renderApp('/analysis');
    const grid = await screen.findByRole('grid', { name: 'Jobs' });
    await within(grid).findByText('Spring suppliers');
    expect(within(grid).queryByRole('button', { name: 'Copy Name' })).toBeNull();
  });
});
