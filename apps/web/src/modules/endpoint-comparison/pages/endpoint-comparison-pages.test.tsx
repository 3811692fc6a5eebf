import type {
  ComparisonResult,
  ComparisonSettings,
  CurrentUserProfile,
  JobComparison,
  JobListItem,
  ServiceToken,
} from '@b2b/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { issuerProfile } from '../../../test/fixtures';
import { callsTo, mockApi } from '../../../test/mock-api';
import { currentUrl, renderApp } from '../../../test/render-app';
import { signedInApi } from '../../../test/signed-in-api';

const JOB_ID = '00000000-0000-4000-8000-00000000d001';
const REMOTE_JOB_ID = '00000000-0000-4000-8000-00000000d002';
const TOKEN_ID = '00000000-0000-4000-8000-00000000e001';
const SECRET = 'S3cr3t-token-value-0123456789abcdefghijklmno';

const sysAdmin: CurrentUserProfile = {
  ...issuerProfile,
  username: 'sysadmin@example.com',
  permissions: [
    'StandardLayoutNavbar_VIEW',
    'DevOps_Area_VIEW',
    'AnalysisJobList_VIEW',
    'JobRead',
    'UsersRead',
  ],
};

const settings: ComparisonSettings = {
  baseUrl: 'https://staging.example.com',
  tokenSet: true,
  tokenLabel: 'sysadmin on staging',
  updatedAt: '2026-11-27T08:00:00.000Z',
  updatedBy: 'sysadmin@example.com',
  allowedOrigins: ['https://staging.example.com', 'https://uat.example.com'],
};

const token: ServiceToken = {
  id: TOKEN_ID,
  name: 'staging compares production',
  createdAt: '2026-11-27T08:00:00.000Z',
  expiresAt: '2026-12-27T08:00:00.000Z',
  lastUsedAt: null,
  revokedAt: null,
  status: 'Active',
};

const job: JobListItem = {
  id: JOB_ID,
  name: 'Release check',
  type: 'base',
  status: 'Completed',
  isPublished: false,
  issuerId: '00000000-0000-4000-8000-00000000b001',
  issuerName: 'PayTech Bank',
  buyerId: '00000000-0000-4000-8000-00000000c001',
  buyerName: 'Acme Buyer',
  ownerId: issuerProfile.id,
  ownerName: 'Sys Admin',
  currency: 'GBP',
  supplierCount: 31,
  createdOn: '2026-11-27T08:00:00.000Z',
  updatedOn: '2026-11-27T08:00:00.000Z',
};

const page = <T,>(collection: T[]) => ({
  collection,
  currentPage: 1,
  hasNextPage: false,
  hasPreviousPage: false,
  pageSize: 200,
  totalCount: collection.length,
  totalPages: 1,
});

const jobComparison: JobComparison = {
  jobId: JOB_ID,
  remoteJobId: REMOTE_JOB_ID,
  otherBaseUrl: 'https://staging.example.com',
  comparedAt: '2026-11-28T10:00:00.000Z',
  sections: [
    {
      section: 'details',
      endpoints: ['GET /api/v1/job-artifacts/:id'],
      differences: 1,
      note: 'The job as its details tab reads it',
    },
    {
      section: 'summary',
      endpoints: ['GET /api/v1/job-artifacts/:id/insights/summary'],
      differences: 0,
      note: 'Overall slice, all products',
    },
    {
      section: 'suppliers',
      endpoints: ['POST /api/v1/job-artifacts/:id/suppliers'],
      differences: 2,
      note: '31 suppliers here, 31 there; all compared, matched by supplier key',
    },
    {
      section: 'insights',
      endpoints: ['GET /api/v1/job-artifacts/:id/insights/chart'],
      differences: 0,
      note: 'The slicers and the 20 charts, overall slice, all products',
    },
  ],
  differences: [
    {
      section: 'details',
      path: 'details.name',
      thisValue: '"Release check"',
      otherValue: '"Release check (migrated)"',
      kind: 'changed',
    },
    {
      section: 'suppliers',
      path: 'suppliers[ACME LTD].matchLevel',
      thisValue: '"High"',
      otherValue: '"Low"',
      kind: 'changed',
    },
    {
      section: 'suppliers',
      path: 'suppliers[NEW CO]',
      thisValue: null,
      otherValue: '{"supplierName":"NEW CO"}',
      kind: 'onlyThere',
    },
  ],
  ignoredFields: ['id', 'createdOn', 'updatedOn'],
};

const usersComparison: ComparisonResult = {
  otherBaseUrl: 'https://staging.example.com',
  comparedAt: '2026-11-28T10:00:00.000Z',
  sections: [
    {
      section: 'users',
      endpoints: ['POST /api/v1/users/active'],
      differences: 1,
      note: '12 users here, 11 there; all compared, matched by username, with their roles and issuers',
    },
  ],
  differences: [
    {
      section: 'users',
      path: 'users[gone@example.com]',
      thisValue: '{"username":"gone@example.com"}',
      otherValue: null,
      kind: 'onlyHere',
    },
  ],
  ignoredFields: ['id', 'lastActivityAt', 'version'],
};

const setupApi = {
  ...signedInApi(sysAdmin),
  'GET /api/v1/devops/endpoint-comparison/settings': { body: settings },
  'GET /api/v1/devops/service-tokens': { body: { items: [token] } },
};

describe('endpoint comparison pages', () => {
  it('picks a job, defaults the other id to the same one, and opens its comparison', async () => {
    const fetchMock = mockApi({
      ...setupApi,
      'POST /api/v1/job-artifacts/get': { body: page([job]) },
      [`GET /api/v1/devops/endpoint-comparison/jobs/${JOB_ID}`]: { body: jobComparison },
    });
    const { router } = renderApp('/devops/endpoint-comparison/jobs');
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Job to compare' });
    await user.click(within(form).getByRole('combobox', { name: /^Job in this environment/ }));
    await user.click(await screen.findByRole('option', { name: /^Release check/ }));
    const other = within(form).getByRole('textbox', { name: 'Job id in the other environment' });
    expect((other as HTMLInputElement).value).toBe(JOB_ID);
    await user.clear(other);
    await user.type(other, REMOTE_JOB_ID);
    await user.click(within(form).getByRole('button', { name: 'Compare' }));

    const sections = await screen.findByRole('table', { name: 'Sections' });
    expect(currentUrl(router)).toBe(
      `/devops/endpoint-comparison/jobs/${JOB_ID}?remoteJobId=${REMOTE_JOB_ID}`,
    );
    const call = callsTo(fetchMock, 'GET', `/api/v1/devops/endpoint-comparison/jobs/${JOB_ID}`)[0]!;
    expect(new URL(String(call[0]), 'http://localhost').searchParams.get('remoteJobId')).toBe(
      REMOTE_JOB_ID,
    );
    const suppliersRow = within(sections).getByRole('row', { name: /^suppliers 2/ });
    expect(suppliersRow.textContent).toContain('31 suppliers here, 31 there');
    expect(
      screen.getByText(
        /Ignored, as they always differ between environments: id, createdOn, updatedOn/,
      ),
    ).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Differences' });
    expect(within(table).getAllByRole('row')).toHaveLength(4);
    expect(
      within(table).getByRole('row', {
        name: /suppliers\[ACME LTD\]\.matchLevel "High" "Low" Changed/,
      }),
    ).toBeTruthy();

    // Filter: only what the other environment has.
    await user.click(screen.getByRole('combobox', { name: 'Kind' }));
    await user.click(await screen.findByRole('option', { name: 'Only there' }));
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2));
    expect(
      within(table).getByRole('row', { name: /suppliers\[NEW CO\] — .* Only there/ }),
    ).toBeTruthy();
  });

  it('says why a comparison cannot run: not configured', async () => {
    mockApi({
      ...signedInApi(sysAdmin),
      [`GET /api/v1/devops/endpoint-comparison/jobs/${JOB_ID}`]: {
        status: 409,
        body: {
          success: false,
          statusCode: 409,
          message:
            "Endpoint comparison is not configured: set the other environment's base URL and service token first.",
        },
      },
    });
    renderApp(`/devops/endpoint-comparison/jobs/${JOB_ID}`);
    expect(await screen.findByText(/Endpoint comparison is not configured/)).toBeTruthy();
    expect(
      screen.getByText(`Job ${JOB_ID} here against job ${JOB_ID} in the other environment.`),
    ).toBeTruthy();
  });

  it('compares the users on request', async () => {
    const fetchMock = mockApi({
      ...setupApi,
      'GET /api/v1/devops/endpoint-comparison/users': { body: usersComparison },
    });
    renderApp('/devops/endpoint-comparison/users');
    const button = await screen.findByRole('button', { name: 'Compare users' });
    expect(callsTo(fetchMock, 'GET', '/api/v1/devops/endpoint-comparison/users')).toHaveLength(0);
    await userEvent.setup().click(button);
    const table = await screen.findByRole('table', { name: 'Differences' });
    expect(
      within(table).getByRole('row', { name: /users\[gone@example\.com\] .* Only here/ }),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Compare again' })).toBeTruthy();
  });

  it('shows the token as set, never its value, and keeps it when saved empty', async () => {
    const fetchMock = mockApi({
      ...setupApi,
      'PUT /api/v1/devops/endpoint-comparison/settings': ({ body }) => ({
        body: { ...settings, baseUrl: (body as { baseUrl: string }).baseUrl },
      }),
    });
    renderApp('/devops/endpoint-comparison/users');
    expect(
      await screen.findByText(
        /Compared with https:\/\/staging\.example\.com\. Token: set \(sysadmin on staging\)\./,
      ),
    ).toBeTruthy();
    expect(
      screen.getByText('Allowed: https://staging.example.com, https://uat.example.com'),
    ).toBeTruthy();
    const user = userEvent.setup();
    const form = screen.getByRole('form', { name: 'Other environment settings' });
    const url = within(form).getByRole('textbox', { name: /^Base URL/ });
    await user.clear(url);
    await user.type(url, 'https://uat.example.com');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/Compared with https:\/\/uat\.example\.com\./)).toBeTruthy();
    const body = callsTo(fetchMock, 'PUT', '/api/v1/devops/endpoint-comparison/settings')[0]![1]!
      .body;
    expect(JSON.parse(String(body))).toEqual({
      baseUrl: 'https://uat.example.com',
      tokenLabel: 'sysadmin on staging',
    });
  });

  it('says the comparison is off when the server may call no other environment', async () => {
    mockApi({
      ...setupApi,
      'GET /api/v1/devops/endpoint-comparison/settings': {
        body: { ...settings, baseUrl: null, tokenSet: false, allowedOrigins: [] },
      },
    });
    renderApp('/devops/endpoint-comparison/users');
    expect(
      await screen.findByText(/set COMPARISON_ALLOWED_ORIGINS to the other environments' origins/),
    ).toBeTruthy();
  });

  it('creates a service token, shows it once with a copy button, and revokes one', async () => {
    const fetchMock = mockApi({
      ...setupApi,
      'POST /api/v1/devops/service-tokens': {
        status: 201,
        body: { ...token, id: '00000000-0000-4000-8000-00000000e002', name: 'uat', token: SECRET },
      },
      [`DELETE /api/v1/devops/service-tokens/${TOKEN_ID}`]: {
        body: { ...token, status: 'Revoked', revokedAt: '2026-11-28T10:00:00.000Z' },
      },
    });
    renderApp('/devops/endpoint-comparison/jobs');
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'New service token' });
    await user.type(within(form).getByRole('textbox', { name: /^Token name/ }), 'uat');
    await user.click(within(form).getByRole('button', { name: 'Create token' }));
    expect(await screen.findByText(SECRET)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Copy token' })).toBeTruthy();
    const sent = callsTo(fetchMock, 'POST', '/api/v1/devops/service-tokens')[0]![1]!.body;
    expect(JSON.parse(String(sent))).toEqual({ name: 'uat', expiresInDays: 30 });

    const tokens = screen.getByRole('table', { name: 'Service tokens' });
    await user.click(within(tokens).getByRole('button', { name: 'Revoke' }));
    const dialog = await screen.findByRole('dialog', { name: /Revoke the token/ });
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    await waitFor(() =>
      expect(
        callsTo(fetchMock, 'DELETE', `/api/v1/devops/service-tokens/${TOKEN_ID}`),
      ).toHaveLength(1),
    );
  });
});
