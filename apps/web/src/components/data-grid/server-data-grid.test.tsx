import {
  MAX_PAGE_SIZE,
  type FilterItem,
  type PagedListRequest,
  type PagedResponse,
  type WrappedPagedListRequest,
} from '@b2b/contract';
import type { GridColDef } from '@mui/x-data-grid';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { ApiError } from '../../lib/api-error';
import { createQueryClient } from '../../lib/query-client';
import { mockApi } from '../../test/mock-api';
import { signedInApi } from '../../test/signed-in-api';
import { prefetchFirstGridPage } from './grid-queries';
import { pageRows } from './page-rows';
import { ServerDataGrid, type ServerDataGridProps } from './server-data-grid';

type Supplier = { id: number; name: string; spend: number };
const suppliers: Supplier[] = Array.from({ length: 60 }, (_, i) => ({
  id: i + 1,
  name: `Supplier ${String(i + 1).padStart(2, '0')}`,
  spend: (i + 1) * 10,
}));
const columns: GridColDef<Supplier>[] = [
  { field: 'name', headerName: 'Name', width: 200 },
  { field: 'spend', headerName: 'Spend', type: 'number' },
];

function renderGrid(
  props: Partial<ServerDataGridProps<Supplier>> = {},
  beforeMount?: (
    queryClient: QueryClient,
    fetchPage: (request: PagedListRequest) => Promise<PagedResponse<Supplier>>,
  ) => void,
) {
  const fetchPage = vi.fn(async (request: PagedListRequest) => pageRows(suppliers, request));
  // The grid asks the session whether to show copy icons (ListCellCopyIcon_VIEW).
  mockApi(signedInApi());
  const queryClient = createQueryClient();
  beforeMount?.(queryClient, fetchPage);
  const ui = (extra: Partial<ServerDataGridProps<Supplier>>): ReactNode => (
    <QueryClientProvider client={queryClient}>
      <ServerDataGrid<Supplier>
        queryKey={['suppliers']}
        label="Suppliers"
        columns={columns}
        fetchPage={fetchPage}
        {...(extra as object)}
      />
    </QueryClientProvider>
  );
  const view = render(ui(props));
  return {
    fetchPage,
    user: userEvent.setup(),
    rerender: (extra: Partial<ServerDataGridProps<Supplier>>) =>
      view.rerender(ui({ ...props, ...extra } as Partial<ServerDataGridProps<Supplier>>)),
  };
}

const lastRequest = (fetchPage: { mock: { calls: unknown[][] } }) =>
  fetchPage.mock.calls.at(-1)?.[0] as PagedListRequest;

// The whole grid renders in the DOM of each test: slow on a busy machine.
describe('ServerDataGrid', { timeout: 20_000 }, () => {
  it('asks for the first page of 25 with the initial sort and shows its rows', async () => {
    const { fetchPage } = renderGrid({
      initialSortModel: [{ field: 'spend', sort: 'desc' }],
      secondaryOrderBy: 'id',
    });
    const grid = await screen.findByRole('grid', { name: 'Suppliers' });
    expect(await within(grid).findByText('Supplier 60')).toBeTruthy();
    expect(lastRequest(fetchPage)).toEqual({
      orderBy: 'spend desc',
      secondaryOrderBy: 'id',
      pageNumber: 1,
      pageSize: 25,
      filters: [],
    });
    expect(within(grid).getAllByRole('row')).toHaveLength(26);
    expect(screen.getByText('1–25 of 60')).toBeTruthy();
  });

  // What app/route-first-data.ts relies on: the grid asks its first rows under the key that
  // prefetchFirstGridPage asked them with, so a page opened directly asks them once.
  it.each([
    ['on', 'true', 25],
    ['off', 'false', MAX_PAGE_SIZE],
  ])(
    'finds its first rows asked by prefetchFirstGridPage (server-side rendering %s)',
    async (_flag, stored, pageSize) => {
      localStorage.setItem('b2b.serverSideRendering', stored);
      onTestFinished(() => localStorage.removeItem('b2b.serverSideRendering'));
      const source = {
        queryKey: ['suppliers'],
        initialSortModel: [{ field: 'spend', sort: 'desc' as const }],
        filters: [] as FilterItem[],
      };
      const { fetchPage } = renderGrid(source, (queryClient, fetchPage) => {
        void prefetchFirstGridPage(queryClient, { ...source, fetchPage });
      });
      const grid = await screen.findByRole('grid', { name: 'Suppliers' });
      expect(await within(grid).findByText('Supplier 60')).toBeTruthy();
      expect(fetchPage).toHaveBeenCalledTimes(1);
      expect(lastRequest(fetchPage)).toMatchObject({ pageNumber: 1, pageSize });
    },
  );

  it('goes to the next page and sorts on the server', async () => {
    const { fetchPage, user } = renderGrid();
    await screen.findByText('Supplier 01');
    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitFor(() => expect(lastRequest(fetchPage).pageNumber).toBe(2));
    expect(await screen.findByText('Supplier 26')).toBeTruthy();

    const nameHeader = screen.getByRole('columnheader', { name: 'Name' });
    await user.click(nameHeader);
    await waitFor(() =>
      expect(lastRequest(fetchPage)).toMatchObject({ orderBy: 'name', pageNumber: 1 }),
    );
    await user.click(nameHeader);
    await waitFor(() => expect(lastRequest(fetchPage).orderBy).toBe('name desc'));
    expect(await screen.findByText('Supplier 60')).toBeTruthy();
  });

  it('sends outside filters and goes back to page 1 when they change', async () => {
    const filter: FilterItem = {
      propertyName: 'spend',
      comparisonOperator: 'GreaterThan',
      value: 500,
      allowNullValue: false,
    };
    const { fetchPage, user, rerender } = renderGrid();
    await screen.findByText('Supplier 01');
    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitFor(() => expect(lastRequest(fetchPage).pageNumber).toBe(2));

    rerender({ filters: [filter] });
    await waitFor(() =>
      expect(lastRequest(fetchPage)).toMatchObject({ pageNumber: 1, filters: [filter] }),
    );
    expect(await screen.findByText('1–10 of 10')).toBeTruthy();
  });

  it('sends the wrapped filters.filterItems form when asked to', async () => {
    const fetchPage = vi.fn(async (request: WrappedPagedListRequest) => ({
      ...pageRows(suppliers, { ...request, filters: [] }),
    }));
    const filter: FilterItem = {
      propertyName: 'name',
      comparisonOperator: 'Contains',
      value: '1',
      allowNullValue: false,
    };
    renderGrid({ filterForm: 'wrapped', fetchPage, filters: [filter] } as Partial<
      ServerDataGridProps<Supplier>
    >);
    await waitFor(() => expect(fetchPage).toHaveBeenCalled());
    expect(fetchPage.mock.calls[0]?.[0].filters).toEqual({
      filterItems: [
        {
          propertyName: 'name',
          itemComparisonOperator: 'Contains',
          itemValue: '1',
          allowNullValue: false,
        },
      ],
    });
  });

  it("shows the server's error in the grid with a retry", async () => {
    const fetchPage = vi
      .fn()
      .mockRejectedValueOnce(new ApiError(403, 'You do not have permission to do this.'))
      .mockImplementation(async (request: PagedListRequest) => pageRows(suppliers, request));
    const { user } = renderGrid({ fetchPage });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('You do not have permission to do this.');
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Supplier 01')).toBeTruthy();
  });

  it('polls at the refetch interval only while refetch is on', async () => {
    const polling = renderGrid({ refetchInterval: 30 });
    await waitFor(() => expect(polling.fetchPage.mock.calls.length).toBeGreaterThanOrEqual(3));
    polling.rerender({ refetchInterval: 30, refetch: false });
    const calls = polling.fetchPage.mock.calls.length;
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(polling.fetchPage.mock.calls.length).toBeLessThanOrEqual(calls + 1);
  });

  // SPEC §9 server-side-rendering flag, off: small tables are paged in the browser.
  describe('with server-side paging turned off in this browser', () => {
    beforeEach(() => window.localStorage.setItem('b2b.serverSideRendering', 'false'));
    afterEach(() => window.localStorage.removeItem('b2b.serverSideRendering'));

    it('loads the rows once and pages and sorts them without asking again', async () => {
      const { fetchPage, user } = renderGrid({ secondaryOrderBy: 'id' });
      const grid = await screen.findByRole('grid', { name: 'Suppliers' });
      expect(await within(grid).findByText('Supplier 01')).toBeTruthy();
      expect(fetchPage.mock.calls.map(([request]) => request)).toEqual([
        { pageNumber: 1, pageSize: 500, filters: [], orderBy: 'id' },
      ]);
      expect(screen.getByText('1–25 of 60')).toBeTruthy();
      await user.click(screen.getByRole('button', { name: 'Go to next page' }));
      expect(await within(grid).findByText('Supplier 26')).toBeTruthy();
      const spendHeader = screen.getByRole('columnheader', { name: 'Spend' });
      await user.click(spendHeader);
      await user.click(spendHeader);
      // Sorting goes back to page 1, highest spend first.
      expect(await within(grid).findByText('Supplier 60')).toBeTruthy();
      expect(screen.getByText('1–25 of 60')).toBeTruthy();
      expect(fetchPage).toHaveBeenCalledTimes(1);
    });

    it('sends outside filters to the server and pages the rows they leave', async () => {
      const filter: FilterItem = {
        propertyName: 'spend',
        comparisonOperator: 'GreaterThan',
        value: 500,
        allowNullValue: false,
      };
      const { fetchPage } = renderGrid({ filters: [filter] });
      expect(await screen.findByText('1–10 of 10')).toBeTruthy();
      expect(fetchPage).toHaveBeenCalledTimes(1);
      expect(lastRequest(fetchPage)).toMatchObject({ pageSize: 500, filters: [filter] });
    });

    it('pages on the server a table with more rows than it loads at once', async () => {
      const many = Array.from({ length: 501 }, (_, i) => ({
        id: i + 1,
        name: `Supplier ${String(i + 1).padStart(3, '0')}`,
        spend: i,
      }));
      const fetchPage = vi.fn(async (request: PagedListRequest) => pageRows(many, request));
      const { user } = renderGrid({ fetchPage });
      expect(await screen.findByText('1–25 of 501')).toBeTruthy();
      expect(lastRequest(fetchPage)).toMatchObject({ pageNumber: 1, pageSize: 25 });
      await user.click(screen.getByRole('button', { name: 'Go to next page' }));
      await waitFor(() => expect(lastRequest(fetchPage).pageNumber).toBe(2));
      expect(await screen.findByText('Supplier 026')).toBeTruthy();
    });
  });
});
