import type { CurrentUserProfile, ResourceLimit, ResourceUsage } from '@b2b/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { callsTo, mockApi } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';
import { signedInApi } from '../../../test/signed-in-api';
import { issuerProfile } from '../../../test/fixtures';

const ISSUER_ID = '00000000-0000-4000-8000-00000000b001';
const URL = '/api/v1/devops/resource-guard';

const sysAdmin: CurrentUserProfile = {
  ...issuerProfile,
  username: 'sysadmin@example.com',
  permissions: ['StandardLayoutNavbar_VIEW', 'DevOps_Area_VIEW'],
};

const limit = (key: ResourceLimit['key'], name: string, value: number | null): ResourceLimit => ({
  key,
  name,
  value,
  defaultValue: value,
  setBy: null,
  setAt: null,
  whenExceeded: key === 'runningJobsPerIssuer' ? 'refuse' : null,
});

const limits: ResourceLimit[] = [
  limit('uploadMaxBytes', 'Upload size', 1024 ** 3),
  limit('runningJobsPerIssuer', 'Running jobs per issuer', null),
  limit('queuedJobsPerUser', 'Queued jobs per user', null),
  limit('apiRequestsPerUserPerMinute', 'API requests per user per minute', null),
  {
    ...limit('storageBytesPerIssuer', 'Storage per issuer', 50 * 1024 ** 3),
    defaultValue: null,
    setBy: 'devops@example.com',
    setAt: '2026-11-27T08:00:00.000Z',
  },
  limit('engineMemoryMb', 'Engine memory', 1200),
  limit('engineThreads', 'Engine threads', 2),
];

const usage: ResourceUsage = {
  storageByIssuer: [{ issuerId: ISSUER_ID, issuerName: 'PayTech Bank', value: 3 * 1024 ** 3 }],
  runningByIssuer: [{ issuerId: ISSUER_ID, issuerName: 'PayTech Bank', value: 2 }],
  maxQueuedPerUser: 1,
  queueDepth: 7,
  process: {
    rssBytes: 300 * 1024 ** 2,
    heapUsedBytes: 80 * 1024 ** 2,
    heapTotalBytes: 120 * 1024 ** 2,
  },
  engine: { memoryLimit: '1200MB', threads: 2 },
  measuredAt: '2026-11-27T09:00:00.000Z',
};

const api = {
  ...signedInApi(sysAdmin),
  [`GET ${URL}/limits`]: { body: { limits } },
  [`GET ${URL}/usage`]: { body: usage },
};

describe('resource guard page', () => {
  it('shows each limit with its value, default, source and the usage beside it', async () => {
    mockApi(api);
    renderApp('/devops/resource-guard');
    const table = await screen.findByRole('table', { name: 'Resource limits' });
    const storage = within(table).getByRole('row', { name: /^Storage per issuer/ });
    expect(within(storage).getByText('50 GiB')).toBeTruthy();
    expect(within(storage).getByText('No limit')).toBeTruthy();
    expect(within(storage).getByText(/^Set by devops@example.com at /)).toBeTruthy();
    expect(await within(storage).findByText('3 GiB (PayTech Bank, the most)')).toBeTruthy();
    const rate = within(table).getByRole('row', { name: /^API requests per user per minute/ });
    expect(within(rate).getAllByText('No limit')).toHaveLength(2);
    expect(within(rate).getByRole('button', { name: /^Reset/ })).toHaveProperty('disabled', true);
    const panel = screen.getByRole('region', { name: 'Usage' });
    expect(within(panel).getByText('memory_limit 1200MB, threads 2')).toBeTruthy();
    expect(within(panel).getByText('7')).toBeTruthy();
  });

  it('sets the upload size in KiB', async () => {
    const fetchMock = mockApi({
      ...api,
      [`PUT ${URL}/limits/uploadMaxBytes`]: {
        body: {
          ...limits[0]!,
          value: 2048,
          setBy: 'sysadmin@example.com',
          setAt: usage.measuredAt,
        },
      },
    });
    renderApp('/devops/resource-guard');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit upload size' }));
    const dialog = await screen.findByRole('dialog', { name: 'Set upload size' });
    const field = within(dialog).getByRole('spinbutton', { name: /^Upload size \(KiB\)/ });
    await user.clear(field);
    await user.type(field, '0.5');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText('Upload size must be from 1 KiB to 100 GiB.'),
    ).toBeTruthy();
    await user.clear(field);
    await user.type(field, '2');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Upload size: 2 KiB')).toBeTruthy();
    const body = callsTo(fetchMock, 'PUT', `${URL}/limits/uploadMaxBytes`)[0]![1]!.body;
    expect(JSON.parse(String(body))).toEqual({ value: 2048 });
  });

  it('sets running jobs per issuer to queue a job over it instead of refusing it', async () => {
    const fetchMock = mockApi({
      ...api,
      [`PUT ${URL}/limits/runningJobsPerIssuer`]: {
        body: {
          ...limits[1]!,
          value: 3,
          whenExceeded: 'queue',
          setBy: 'sysadmin@example.com',
          setAt: usage.measuredAt,
        },
      },
    });
    renderApp('/devops/resource-guard');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit running jobs per issuer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Set running jobs per issuer' });
    expect(within(dialog).getByRole('radio', { name: 'Refuse the job' })).toHaveProperty(
      'checked',
      true,
    );
    await user.click(within(dialog).getByRole('checkbox', { name: 'No limit' }));
    const field = within(dialog).getByRole('spinbutton', { name: /^Running jobs per issuer/ });
    await user.type(field, '3');
    await user.click(
      within(dialog).getByRole('radio', { name: 'Queue the job until a slot is free' }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Running jobs per issuer: 3 jobs')).toBeTruthy();
    const body = callsTo(fetchMock, 'PUT', `${URL}/limits/runningJobsPerIssuer`)[0]![1]!.body;
    expect(JSON.parse(String(body))).toEqual({ value: 3, whenExceeded: 'queue' });
  });

  it('shows the server refusing a limit below current usage', async () => {
    const message = 'Storage per issuer cannot be 1 GiB: current usage is 3 GiB (PayTech Bank).';
    mockApi({
      ...api,
      [`PUT ${URL}/limits/storageBytesPerIssuer`]: {
        status: 409,
        body: { success: false, message, statusCode: 409, code: 'conflict' },
      },
    });
    renderApp('/devops/resource-guard');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit storage per issuer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Set storage per issuer' });
    const field = within(dialog).getByRole('spinbutton', { name: /^Storage per issuer/ });
    await user.clear(field);
    await user.type(field, String(1024 ** 2));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(message)).toBeTruthy();
  });
});
