import { screen, within } from '@testing-library/react';
import type { PagedListRequest } from '@b2b/contract';
import { describe, expect, it } from 'vitest';
import { pageRows } from '../components/data-grid';
import { jobListItem, jobsProfile, wizardIssuers } from '../modules/jobs/test/job-fixtures';
import { callsTo, mockApi } from '../test/mock-api';
import { renderApp } from '../test/render-app';
import { signedInApi } from '../test/signed-in-api';
import { prefetchRouteFirstData } from './route-first-data';

const LIST = '/api/v1/job-artifacts/get';
const row = jobListItem({ status: 'Completed' });

function listApi() {
  return mockApi({
    ...signedInApi(jobsProfile),
    [`POST ${LIST}`]: ({ body }) => ({ body: pageRows([row], body as PagedListRequest) }),
    'GET /api/v1/job-artifacts/wizard/issuers': { body: wizardIssuers },
  });
}

/** The list's pages asked, without the one-row "all jobs" count. */
const pagesAsked = (fetchMock: ReturnType<typeof mockApi>) =>
  callsTo(fetchMock, 'POST', LIST).filter(
    ([, init]) => (JSON.parse(String(init!.body)) as { pageSize: number }).pageSize !== 1,
  );

describe('prefetchRouteFirstData', () => {
  it('asks for the analysis list’s first page under the key its grid asks it with', async () => {
    const fetchMock = listApi();
    const { queryClient } = renderApp('/analysis');
    prefetchRouteFirstData(queryClient, '/analysis');
    const grid = await screen.findByRole('grid', { name: 'Jobs' });
    expect(await within(grid).findByText(row.name)).toBeTruthy();
    expect(pagesAsked(fetchMock)).toHaveLength(1);
    expect(JSON.parse(String(pagesAsked(fetchMock)[0]![1]!.body))).toMatchObject({
      orderBy: 'updatedOn desc',
      pageNumber: 1,
      pageSize: 25,
    });
  });

  it('asks nothing for a path that names no first data', async () => {
    const fetchMock = listApi();
    const { queryClient } = renderApp('/profile');
    prefetchRouteFirstData(queryClient, '/profile');
    await screen.findByRole('heading', { level: 1 });
    expect(pagesAsked(fetchMock)).toHaveLength(0);
  });
});
