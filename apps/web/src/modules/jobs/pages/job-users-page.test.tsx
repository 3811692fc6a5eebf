import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { callsTo, mockApi } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';
import { signedInApi } from '../../../test/signed-in-api';
import { ISSUER_ID, JOB_ID, OWNER_ID, jobDetails, profileWith } from '../test/job-fixtures';

const jobPath = `/api/v1/job-artifacts/${JOB_ID}`;
const ANA_ID = '66666666-6666-4666-8666-666666666666';

function admin(authorizedEndUsers: { username: string; connection: string }[]) {
  return {
    id: JOB_ID,
    name: 'Spring suppliers',
    isPublished: false,
    owner: { id: OWNER_ID, username: 'issuer@example.com', role: 'issuer' },
    issuerId: ISSUER_ID,
    issuerName: 'PayTech Bank',
    issuerEmailDomains: ['paytech.example'],
    authorizedEndUsers,
  };
}

const everyone = admin([
  { username: 'issuer@example.com', connection: 'Owner' },
  { username: 'manager@paytech.example', connection: 'IssuerManager' },
  { username: 'ana@partner.example', connection: 'DirectAssignment' },
  { username: 'guest@partner.example', connection: 'MagicLinkUser' },
]);

const manager = profileWith(
  ['JobDetailsAccessor', 'JobUsersAccessor'],
  ['JobDirectUserAssignment', 'UsersRead', 'JobOwnerUpdate'],
);

describe('JobUsersPage', () => {
  it('lists who sees the job with their connection and assigns a user directly', async () => {
    const user = userEvent.setup();
    const fetchMock = mockApi({
      ...signedInApi(manager),
      [`GET ${jobPath}`]: { body: jobDetails({ status: 'Completed' }) },
      [`GET ${jobPath}/admin`]: { body: everyone },
      'GET /api/v1/users': {
        body: [{ id: ANA_ID, username: 'bo@partner.example', displayName: 'Bo Partner' }],
      },
      'GET /api/v1/users/potential-job-analysis-owners': { body: [] },
      'PUT /api/v1/job-artifacts/update-job-artifact-user-assignment': {
        body: admin([
          ...everyone.authorizedEndUsers,
          { username: 'bo@partner.example', connection: 'DirectAssignment' },
        ]),
      },
    });
    renderApp(`/jobs/${JOB_ID}/users`);
    const table = await screen.findByRole('table', { name: 'Users with access' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell')[1]!.textContent)).toEqual([
      'Owner',
      'Issuer manager',
      'Direct assignment',
      'Magic link user',
    ]);
    expect(screen.getByText(/members: @paytech.example/)).toBeTruthy();

    await user.click(screen.getByRole('combobox', { name: 'User to assign' }));
    await user.click(
      await screen.findByRole('option', { name: 'Bo Partner (bo@partner.example)' }),
    );
    await user.click(screen.getByRole('button', { name: 'Assign' }));
    await waitFor(() =>
      expect(
        callsTo(fetchMock, 'PUT', '/api/v1/job-artifacts/update-job-artifact-user-assignment'),
      ).toHaveLength(1),
    );
    const put = callsTo(
      fetchMock,
      'PUT',
      '/api/v1/job-artifacts/update-job-artifact-user-assignment',
    )[0]!;
    expect(JSON.parse(String(put[1]!.body))).toEqual({
      jobArtifactId: JOB_ID,
      userId: ANA_ID,
      isAssigned: true,
    });
    expect(await within(table).findByText('bo@partner.example')).toBeTruthy();
  });

  it('shows only direct assignments under Assigned users, each removable', async () => {
    const user = userEvent.setup();
    const fetchMock = mockApi({
      ...signedInApi(manager),
      [`GET ${jobPath}`]: { body: jobDetails({ status: 'Completed' }) },
      [`GET ${jobPath}/admin`]: { body: everyone },
      'GET /api/v1/users': {
        body: [{ id: ANA_ID, username: 'ana@partner.example', displayName: 'Ana' }],
      },
      'GET /api/v1/users/potential-job-analysis-owners': { body: [] },
      'PUT /api/v1/job-artifacts/update-job-artifact-user-assignment': {
        body: admin(everyone.authorizedEndUsers.filter((u) => u.connection !== 'DirectAssignment')),
      },
    });
    renderApp(`/jobs/${JOB_ID}/users/assigned`);
    const table = await screen.findByRole('table', { name: 'Assigned users' });
    expect(within(table).getAllByRole('row')).toHaveLength(2);
    await user.click(within(table).getByRole('button', { name: 'Remove ana@partner.example' }));
    await waitFor(() =>
      expect(
        callsTo(fetchMock, 'PUT', '/api/v1/job-artifacts/update-job-artifact-user-assignment'),
      ).toHaveLength(1),
    );
    const put = callsTo(
      fetchMock,
      'PUT',
      '/api/v1/job-artifacts/update-job-artifact-user-assignment',
    )[0]!;
    expect(JSON.parse(String(put[1]!.body))).toMatchObject({ userId: ANA_ID, isAssigned: false });
    expect(await screen.findByText('No user is assigned to this job directly.')).toBeTruthy();
  });

  it('offers change owner and assignment only to holders of their permissions', async () => {
    mockApi({
      ...signedInApi(profileWith(['JobDetailsAccessor', 'JobUsersAccessor'])),
      [`GET ${jobPath}`]: { body: jobDetails({ status: 'Completed' }) },
      [`GET ${jobPath}/admin`]: { body: everyone },
    });
    renderApp(`/jobs/${JOB_ID}/users`);
    expect(await screen.findByRole('table', { name: 'Users with access' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Change owner' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Assign' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Remove/ })).toBeNull();
  });
});
